package com.courtrush.bench;

import com.alibaba.fastjson2.JSONObject;
import com.courtrush.history.HistoryPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The growth bench ({@code --growth}, SPEC §20, issue 77): the same engine on a gym's first {@link #FIRST_DAYS} days
 * and on a year (or {@code --history-days}) of a campus's history, both running at once. The first {@value #FIRST_DAYS}
 * days are the baseline: the windows the requests read are as full in them as a year on (a week's report, the last 30
 * days of my bookings, and a page of the older ones before those), so what differs between the two is the history
 * alone. Each phase's history is written straight into a
 * database of its own ({@link GrowthPhases}, {@link com.courtrush.history.HistoryFill}: a campus of 40 courts, hourly
 * slots, 30,000 students with a few heavy players and many light, ~150,000 bookings a year and their payments,
 * notices, audit, waits, partners, strikes), an engine started on each, and then:
 * <ol>
 *   <li>what students and the desk ask, by the protocol of {@link GrowthRequests} (both engines alternately, the
 *       median of {@value GrowthRequests#RUNS} calls each after a warm-up); on MariaDB the plan of each request over
 *       {@link #REQUEST_VS_FIRST} times the first days' ({@code --growth-explain-over}; {@link GrowthPlans});
 *   <li>a backup of each (embedded);
 *   <li>the flash bench's rush on each, the other engine idle;
 *   <li>the history past its retention swept on each, and the year's embedded file compacted while its engine runs
 *       (a manager's "compact now"): its size before and after, and how long requests were told "maintenance".
 * </ol>
 * The report sets the year beside the first days, with the targets: every request at most {@link #REQUEST_VS_FIRST}
 * times the first days' median, a day's report within {@link #DAY_REPORT_MS} ms at the median, the rush within
 * {@link #RUSH_VS_FIRST} of the first days'.
 */
final class GrowthRun {

    /** The baseline's days: a month of "my bookings" and a page of older ones for a regular, as on a year. */
    static final int FIRST_DAYS = 60;

    static final double REQUEST_VS_FIRST = 1.5;
    static final double DAY_REPORT_MS = 100;
    static final double RUSH_VS_FIRST = 1.2;

    private final FlashBench bench;
    private final GrowthPhases phases;
    private final PrintStream console;

    GrowthRun(FlashBench bench, PrintStream console) {
        this.bench = bench;
        this.phases = new GrowthPhases(bench);
        this.console = console;
    }

    /** The rush of a phase, as the flash bench measured it. */
    record Rush(
            double decidedPerSecond,
            double decidedVsPing,
            double winnersP99Ms,
            double lastWinToCommittedMs,
            long granted,
            boolean correct) {}

    /**
     * A phase: its history, how long writing it and then starting the engine on it took, the database's file before and
     * after that start (the embedded stack; -1 otherwise), its rush, a backup (embedded), its sweep, its compaction.
     */
    record Phase(
            String name,
            String history,
            double fillSeconds,
            double startSeconds,
            long dbBytesBeforeStart,
            long dbBytesAfterStart,
            Rush rush,
            Long backupMs,
            Long backupBytes,
            Retention retention,
            GrowthSweeps.Compaction compaction) {}

    /**
     * The history's retention swept on the phase's database at the default settings (SPEC §20): how many sweeps until
     * nothing was left, how long they took, the rows removed by kind, and whether the report of a month long past
     * said the same after as before. Null for an engine without the sweep.
     */
    record Retention(int sweeps, double seconds, Map<String, Long> removed, boolean reportsSame) {}

    record Report(
            String takenAt,
            String command,
            String stack,
            Phase first,
            Phase year,
            List<GrowthRequests.Compared> requests,
            List<GrowthPlans.Plans> plans,
            List<com.courtrush.bench.Report.Target> targets) {}

    /** A phase's engine as it runs: what it was started on, and how to reach it. */
    private record Running(
            GrowthPhases.Prepared prepared,
            EngineStarts.Started engine,
            BenchNodes nodes,
            BenchHttp http,
            double startSeconds,
            long dbBytesBefore,
            long dbBytesAfter) {}

    Report run(Path runDir, String runId) throws Exception {
        GrowthPhases.Prepared firstMonth =
                phases.prepare(FIRST_DAYS + " days", runDir.resolve("first-days"), plan(FIRST_DAYS), 0);
        GrowthPhases.Prepared history =
                phases.prepare(bench.history.days + " days", runDir.resolve("history"), plan(bench.history.days), 1);
        List<Running> running = new ArrayList<>();
        try {
            running.add(start(firstMonth));
            running.add(start(history));
            Running first = running.get(0);
            Running year = running.get(1);
            phases.settle(List.of(first.http(), year.http()));
            bench.step(
                    "the requests of students and the desk, asked of both engines in turn, %d times each",
                    GrowthRequests.RUNS);
            GrowthRequests asking = new GrowthRequests(bench);
            List<GrowthRequests.Compared> requests =
                    asking.compare(first.http(), firstMonth, year.http(), history, runId);
            List<GrowthPlans.Plans> plans = plans(asking, requests, year);
            Phase a = rest(first, runId + "m");
            Phase b = rest(year, runId + "y");
            Report report = new Report(
                    LocalDateTime.now().toString(),
                    bench.history.commandLine(bench.external),
                    bench.stack(),
                    a,
                    b,
                    requests,
                    plans,
                    GrowthReport.targets(a, b, requests));
            GrowthReport.print(report, console);
            return report;
        } finally {
            for (Running engine : running) {
                engine.http().close();
                engine.nodes().close();
            }
        }
    }

    /** The gym's history of {@code days} days up to yesterday: the same courts, students and seed whatever its length. */
    private HistoryPlan plan(int days) {
        return new HistoryPlan(
                LocalDate.now(bench.zone).minusDays(1),
                days,
                bench.history.courts,
                bench.history.students,
                8,
                22,
                0.62,
                2026);
    }

    private Running start(GrowthPhases.Prepared prepared) throws IOException, InterruptedException {
        long before = phases.dbBytes(prepared.dir());
        long started = System.nanoTime();
        bench.step("%s: starting the engine", prepared.name());
        EngineStarts.Started engine = bench.engines.startOne(prepared.dir(), prepared.services());
        double startSeconds = FlashBench.seconds(System.nanoTime() - started);
        return new Running(
                prepared,
                engine,
                new BenchNodes(List.of(engine.server()), List.of(engine.address())),
                new BenchHttp(List.of(engine.address()), bench.clients + 8 + CrowdFire.DRAW_WATCHERS),
                startSeconds,
                before,
                phases.dbBytes(prepared.dir()));
    }

    /** On MariaDB, the statements and plans of each request over the target (none on the embedded stack). */
    private List<GrowthPlans.Plans> plans(GrowthRequests asking, List<GrowthRequests.Compared> requests, Running year)
            throws Exception {
        List<GrowthPlans.Plans> plans = new ArrayList<>();
        if (!bench.external) {
            return plans;
        }
        GrowthPlans explaining = new GrowthPlans(year.prepared().services());
        for (GrowthRequests.Compared request : requests) {
            if (request.measured() && (request.ratio() > bench.history.explainOver || !request.alike())) {
                bench.step("    %s: %.2f x, its statements explained", request.request(), request.ratio());
                plans.add(explaining.explain(request.request(), request.ratio(), asking.ofTheYear(request.request())));
            }
        }
        return plans;
    }

    /** A phase after the requests: a backup, the rush, the sweep, the compaction. */
    private Phase rest(Running phase, String runId) throws Exception {
        String name = phase.prepared().name();
        BenchHttp http = phase.http();
        Long backupMs = null;
        Long backupBytes = null;
        if (!bench.external) {
            try {
                JSONObject backup = http.call("a backup", http.post("/admin/backups", bench.adminToken, Map.of()))
                        .getJSONObject("data");
                backupMs = backup.getLong("tookMs");
                backupBytes = backup.getLong("bytes");
                bench.step("%s: a backup, %,d bytes in %d ms", name, backupBytes, backupMs);
            } catch (java.net.SocketTimeoutException e) {
                backupMs = -1L; // not answered within the client's minute
                bench.step("%s: a backup did not answer within a minute", name);
            }
        }
        System.gc(); // the bench's own heap, after writing a year: no collection of it in the crowd's first second
        bench.step("%s: the rush (the flash bench's), the other engine idle", name);
        bench.engines.redisOf(phase.engine());
        com.courtrush.bench.Report flash;
        try (RedisStats redisStats =
                new RedisStats(bench.engines.redisHost(), bench.engines.redisPort(), bench.engines.redisPassword())) {
            flash = new FlashRun(bench, console).measure(phase.nodes(), http, redisStats, bench.adminToken, runId);
        }
        ReportTable.print(flash, console);
        closeTheRushesOpenings(http);
        Retention retention = GrowthSweeps.retention(bench, http, bench.history.days, name);
        GrowthSweeps.Compaction compaction = bench.external
                ? null
                : GrowthSweeps.compaction(
                        bench, http, phases.dbBytes(phase.prepared().dir()), name);
        return new Phase(
                name,
                phase.prepared().filled().summary(),
                phase.prepared().fillSeconds(),
                phase.startSeconds(),
                phase.dbBytesBefore(),
                phase.dbBytesAfter(),
                rush(flash),
                backupMs,
                backupBytes,
                retention,
                compaction);
    }

    /** The rush's openings (and the rehearsals'), closed as their day's end would: nothing left open to sweep around. */
    private void closeTheRushesOpenings(BenchHttp http) throws IOException {
        LocalDate today = LocalDate.now(bench.zone);
        for (int day = 0; day <= 2; day++) {
            for (Object opening : http.call(
                            "openings", http.get("/admin/sessions?date=" + today.plusDays(day), bench.adminToken))
                    .getJSONArray("data")) {
                JSONObject view = (JSONObject) opening;
                if (!"CLOSED".equals(view.getString("state"))) {
                    http.call(
                            "closing an opening",
                            http.post("/admin/sessions/" + view.getLong("id") + "/close", bench.adminToken, Map.of()));
                }
            }
        }
    }

    private static Rush rush(com.courtrush.bench.Report flash) {
        var crowd = flash.crowd();
        Analysis.Latency winners = crowd.latencyByAnswer().get("ACCEPTED");
        double ping = flash.baseline().rate().perSecond();
        return new Rush(
                crowd.decidedInRedis().perSecond(),
                ping == 0 ? 0 : crowd.decidedInRedis().perSecond() / ping,
                winners == null ? 0 : winners.p99Ms(),
                flash.persistence().lastGrantToLastPersistedMs(),
                flash.persistence().granted(),
                flash.correctness().ok());
    }
}
