package com.courtrush.bench;

import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The growth bench's sweep of the history past its retention (SPEC §20): swept at the default settings until nothing
 * is left, the report of a month long past read before and after. A sweep is a staff job (issue 77): answered 202 at
 * once and followed at {@code /admin/jobs/{id}} until it ends, its result the run; an engine from before it answers
 * the run itself (200), and one from before the sweep has none (404).
 */
final class GrowthSweeps {

    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration MOST = Duration.ofMinutes(10);

    private GrowthSweeps() {}

    /** Sweeps until nothing is left past the default retention; null for an engine without the sweep. */
    static GrowthRun.Retention retention(FlashBench bench, BenchHttp http, int historyDays, String name)
            throws IOException, InterruptedException {
        String admin = bench.adminToken;
        if (http.get("/admin/retention", admin).status() == 404) {
            return null;
        }
        LocalDate month = LocalDate.now(bench.zone).minusDays(Math.min(historyDays, 365) - 10L);
        String report = "/admin/reports?from=" + month + "&to=" + month.plusDays(29);
        String before = http.call("a month's report", http.get(report, admin)).getString("data");
        bench.step("%s: the history past its retention swept (the defaults: notices 180 days, waits 90, ...)", name);
        Map<String, Long> removed = new LinkedHashMap<>();
        long started = System.nanoTime();
        int sweeps = 0;
        JSONObject run;
        do {
            run = sweep(http, admin);
            if (run.get("skipped") != null) {
                throw new BenchException("The sweep was not made: " + run.getString("skipped"));
            }
            run.getJSONObject("removed")
                    .forEach((kind, rows) -> removed.merge(kind, ((Number) rows).longValue(), Long::sum));
            sweeps++;
        } while (run.getBooleanValue("more") && sweeps < 100);
        double seconds = FlashBench.seconds(System.nanoTime() - started);
        String after = http.call("a month's report", http.get(report, admin)).getString("data");
        bench.step(
                "    %d sweep(s) in %.1f s removed %s; the month's report %s",
                sweeps, seconds, removed, before.equals(after) ? "unchanged" : "CHANGED");
        return new GrowthRun.Retention(sweeps, seconds, removed, before.equals(after));
    }

    /** One sweep, to its end: the run. */
    private static JSONObject sweep(BenchHttp http, String admin) throws IOException, InterruptedException {
        BenchHttp.Reply started = http.post("/admin/retention/run", admin, Map.of());
        JSONObject answer = http.call("a sweep", started).getJSONObject("data");
        if (started.status() != 202) {
            return answer; // an engine from before the sweep was a job
        }
        long deadline = System.nanoTime() + MOST.toNanos();
        JSONObject job = answer;
        while ("RUNNING".equals(job.getString("state"))) {
            if (System.nanoTime() > deadline) {
                throw new BenchException("The sweep still runs after " + MOST.toMinutes() + " min: " + job);
            }
            Thread.sleep(POLL.toMillis());
            job = http.call("the sweep's job", http.get("/admin/jobs/" + answer.getString("id"), admin))
                    .getJSONObject("data");
        }
        if (!"DONE".equals(job.getString("state"))) {
            throw new BenchException("The sweep ended " + job.getString("state") + ": " + job.getString("failure"));
        }
        return job.getJSONObject("result");
    }
}
