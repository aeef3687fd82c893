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
        return job(http, admin, "/admin/retention/run", "the sweep", null);
    }

    /**
     * The year's embedded file compacted while its engine runs (issue 77): the file's bytes before and after, the time
     * the engine says requests were told "maintenance", and what a caller saw meanwhile — the first and last 503 of a
     * request asked every {@link #ASKED_EVERY} (null fields: the engine has no compaction now).
     */
    record Compaction(long fileBefore, long fileAfter, long closedMs, long told503Ms, int asked, int told503) {}

    /** A manager's "compact now", followed to its end while a desk request is asked every {@link #ASKED_EVERY}. */
    static Compaction compaction(FlashBench bench, BenchHttp http, long fileBefore, String name)
            throws IOException, InterruptedException {
        String admin = bench.adminToken;
        bench.step("%s: the database file compacted now, while the engine runs (%,d bytes)", name, fileBefore);
        Asking asking = new Asking(http, admin);
        Thread desk = new Thread(asking, "bench-compaction-desk");
        desk.start();
        JSONObject run;
        try {
            run = job(http, admin, "/admin/retention/compact", "the compaction", 404);
        } finally {
            asking.stop = true;
            desk.join(10_000);
        }
        if (asking.failure != null) {
            throw new BenchException(asking.failure);
        }
        if (run == null) {
            return null;
        }
        if (run.get("skipped") != null) {
            throw new BenchException("The compaction was not made: " + run.getString("skipped"));
        }
        Compaction done = new Compaction(
                run.getLongValue("beforeBytes"),
                run.getLongValue("afterBytes"),
                run.getLongValue("closedMs"),
                asking.last503 == 0 ? 0 : (asking.last503 - asking.first503) / 1_000_000,
                asking.asked,
                asking.told503);
        bench.step("    %s", done);
        return done;
    }

    private static final Duration ASKED_EVERY = Duration.ofMillis(100);

    /** A desk asking for the courts every {@link #ASKED_EVERY}: when it was first and last told "maintenance". */
    private static final class Asking implements Runnable {

        private final BenchHttp http;
        private final String admin;
        volatile boolean stop;
        int asked;
        int told503;
        long first503;
        long last503;
        String failure;

        Asking(BenchHttp http, String admin) {
            this.http = http;
            this.admin = admin;
        }

        @Override
        public void run() {
            while (!stop) {
                try {
                    int status = http.get("/admin/courts", admin).status();
                    asked++;
                    if (status == 503) {
                        long now = System.nanoTime();
                        first503 = told503++ == 0 ? now : first503;
                        last503 = now;
                    } else if (status != 200) {
                        failure = "The desk was answered HTTP " + status + " during a compaction";
                        return;
                    }
                    Thread.sleep(ASKED_EVERY.toMillis());
                } catch (IOException e) {
                    failure = "The desk could not reach the engine during a compaction: " + e;
                    return;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * A staff job started at {@code path} and followed to its end: its result. An engine from before jobs answers the
     * result itself (200); {@code missing} (a status) answers null: the engine has no such job. While the node is in
     * maintenance (503) the job is asked again.
     */
    private static JSONObject job(BenchHttp http, String admin, String path, String what, Integer missing)
            throws IOException, InterruptedException {
        BenchHttp.Reply started = http.post(path, admin, Map.of());
        if (missing != null && started.status() == missing) {
            return null;
        }
        JSONObject answer = http.call(what, started).getJSONObject("data");
        if (started.status() != 202) {
            return answer; // an engine from before the sweep was a job
        }
        long deadline = System.nanoTime() + MOST.toNanos();
        JSONObject job = answer;
        while ("RUNNING".equals(job.getString("state"))) {
            if (System.nanoTime() > deadline) {
                throw new BenchException(what + " still runs after " + MOST.toMinutes() + " min: " + job);
            }
            Thread.sleep(POLL.toMillis());
            BenchHttp.Reply followed = http.get("/admin/jobs/" + answer.getString("id"), admin);
            if (followed.status() != 503) {
                job = http.call(what + "'s job", followed).getJSONObject("data");
            }
        }
        if (!"DONE".equals(job.getString("state"))) {
            throw new BenchException(what + " ended " + job.getString("state") + ": " + job.getString("failure"));
        }
        return job.getJSONObject("result");
    }
}
