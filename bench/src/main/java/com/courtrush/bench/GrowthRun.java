package com.courtrush.bench;

import com.alibaba.fastjson2.JSONObject;
import com.courtrush.history.FilledHistory;
import com.courtrush.history.HistoryFill;
import com.courtrush.history.HistoryPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * The growth bench ({@code --growth}, SPEC §20): the same engine after its first {@link #FIRST_DAYS} days and after a
 * year (or {@code --history-days}) of a gym's history, in one run. The first month is the baseline: the windows the
 * requests read are full in it as they are a year on (a week's report, the last 30 days of my bookings), so what
 * differs between the two is the history alone. Each phase writes its history straight into the database ({@link
 * HistoryFill}: 40 courts, hourly slots, 30,000 students, a regular who plays most days; a year is 150,000 bookings
 * and their payments, notices, audit, waits, partners, strikes) and starts the engine on a fresh data directory (and,
 * with {@code --external}, a database of its own) on it; then it runs the flash bench's rush and times what
 * students and the desk ask about the last days — every request twenty times, after three untimed — and a backup. The
 * report sets the year beside the first month, with the targets: every request at most {@link #REQUEST_VS_FIRST}
 * times the first month's median, a day's report within {@link #DAY_REPORT_MS} ms at the median, the rush within
 * {@link #RUSH_VS_FIRST} of the first month's.
 */
final class GrowthRun {

    static final int FIRST_DAYS = 30;
    static final double REQUEST_VS_FIRST = 1.5;
    static final double DAY_REPORT_MS = 100;
    static final double RUSH_VS_FIRST = 1.2;
    private static final int RUNS = 20;
    private static final int UNTIMED = 3;
    private static final String PROBE_PASSWORD = "growth-pass";

    private final FlashBench bench;
    private final GrowthOptions history;
    private final ServiceOptions services;
    private final PrintStream console;

    GrowthRun(FlashBench bench, PrintStream console) {
        this.bench = bench;
        this.history = bench.history;
        this.services = bench.services;
        this.console = console;
    }

    /** One request timed: its median and slowest over the runs (NaN: the engine has none), its answer's bytes. */
    record Timed(String request, double medianMs, double maxMs, int bytes) {}

    /** The rush of a phase, as the flash bench measured it. */
    record Rush(
            double decidedPerSecond,
            double decidedVsPing,
            double winnersP99Ms,
            double lastWinToCommittedMs,
            long granted,
            boolean correct) {}

    /**
     * A phase: its history, how long writing it and then starting the engine on it took, the
     * database's file before and after that start (the embedded stack; -1 otherwise), its rush, its requests, a
     * backup (embedded).
     */
    record Phase(
            String name,
            String history,
            double fillSeconds,
            double startSeconds,
            long dbBytesBeforeStart,
            long dbBytesAfterStart,
            Rush rush,
            List<Timed> requests,
            Long backupMs,
            Long backupBytes,
            Retention retention) {}

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
            List<com.courtrush.bench.Report.Target> targets) {}

    Report run(Path runDir, String runId) throws Exception {
        Phase first = phase("first month", runDir.resolve("first-month"), plan(FIRST_DAYS), runId + "m");
        Phase year = phase(history.days + " days", runDir.resolve("history"), plan(history.days), runId + "y");
        Report report = new Report(
                LocalDateTime.now().toString(),
                bench.history.commandLine(bench.external),
                bench.stack(),
                first,
                year,
                targets(first, year));
        print(report);
        return report;
    }

    /** The gym's history of {@code days} days up to yesterday: the same courts, students and seed whatever its length. */
    private HistoryPlan plan(int days) {
        return new HistoryPlan(
                LocalDate.now(bench.zone).minusDays(1), days, history.courts, history.students, 8, 22, 0.62, 2026);
    }

    private Phase phase(String name, Path dir, HistoryPlan plan, String runId) throws Exception {
        Files.createDirectories(dir);
        if (bench.external) {
            freshExternalServices();
        }
        bench.step("%s: the engine's schema, then the history written into it", name);
        bench.engines.startOne(dir.resolve("schema")).server().close();
        if (!bench.external) {
            // the schema start's database, where the engine of this phase keeps its data
            Files.createDirectories(dir.resolve("data"));
            Files.move(
                    dir.resolve("schema").resolve("data").resolve("db"),
                    dir.resolve("data").resolve("db"));
        }
        FilledHistory filled = fill(dir, plan);
        String history = filled.summary();
        String regular = filled.regulars().get(0).studentId();
        double fillSeconds = filled.took().toMillis() / 1000.0;
        bench.step("    %s; the busiest regular %s", history, filled.regulars().get(0));
        long before = dbBytes(dir);
        long started = System.nanoTime();
        bench.step("%s: starting the engine", name);
        EngineStarts.Started engine = bench.engines.startOne(dir);
        try (BenchNodes nodes = new BenchNodes(List.of(engine.server()), List.of(engine.address()));
                BenchHttp http = new BenchHttp(List.of(engine.address()), bench.clients + 8 + CrowdFire.DRAW_WATCHERS);
                RedisStats redisStats = new RedisStats(
                        bench.engines.redisHost(), bench.engines.redisPort(), bench.engines.redisPassword())) {
            double startSeconds = FlashBench.seconds(System.nanoTime() - started);
            long after = dbBytes(dir);
            settle(http, name);
            // the requests on the history as written; then the rush; then the openings of the rush closed (the
            // sweep keeps away from an opening's rush) and the history past its retention swept
            bench.step("%s: the requests of students and the desk, %d times each", name, RUNS);
            Probe probe = probe(http, regular, runId);
            List<Timed> requests = requests(http, probe);
            Long backupMs = null;
            Long backupBytes = null;
            if (!bench.external) {
                long asked = System.nanoTime();
                try {
                    JSONObject backup = http.call("a backup", http.post("/admin/backups", bench.adminToken, Map.of()))
                            .getJSONObject("data");
                    // the engine's own measure; an engine from before it: the answer's time
                    backupMs = backup.get("tookMs") != null
                            ? backup.getLong("tookMs")
                            : (System.nanoTime() - asked) / 1_000_000;
                    backupBytes = backup.getLong("bytes");
                    bench.step("%s: a backup, %,d bytes in %d ms", name, backupBytes, backupMs);
                } catch (java.net.SocketTimeoutException e) {
                    backupMs = -1L; // not answered within the client's minute
                    bench.step("%s: a backup did not answer within a minute", name);
                }
            }
            System.gc(); // the bench's own heap, after writing a year: no collection of it in the crowd's first second
            bench.step("%s: the rush (the flash bench's)", name);
            com.courtrush.bench.Report flash =
                    new FlashRun(bench, console).measure(nodes, http, redisStats, bench.adminToken, runId);
            ReportTable.print(flash, console);
            Rush rush = rush(flash);
            closeTheRushesOpenings(http);
            Retention retention = GrowthSweeps.retention(bench, http, this.history.days, name);
            return new Phase(
                    name,
                    history,
                    fillSeconds,
                    startSeconds,
                    before,
                    after,
                    rush,
                    requests,
                    backupMs,
                    backupBytes,
                    retention);
        }
    }

    /**
     * Waits out what is not the requests' just after the engine's start, so that they are timed alone: on the embedded
     * stack its first backup of the day (seconds on a year's database); on MariaDB the writing of the pages the fill
     * left dirty and the purge of its undo log, which InnoDB does in the background for a minute or more after a
     * million rows.
     */
    private void settle(BenchHttp http, String name) throws IOException, InterruptedException, SQLException {
        if (bench.external) {
            innoDbQuiet(name);
        } else if (http.get("/admin/backups", bench.adminToken).status() == 200) {
            bench.step("%s: waiting for the start's first backup", name);
            for (int i = 0; i < 240; i++) {
                JSONObject backups =
                        http.get("/admin/backups", bench.adminToken).json().getJSONObject("data");
                if (!backups.getJSONArray("backups").isEmpty()) {
                    break;
                }
                Thread.sleep(500);
            }
        }
        Thread.sleep(5_000);
    }

    /**
     * Waits (at most 3 minutes) until InnoDB's purge is done and its dirty pages have stopped falling for 5 s: what
     * the fill left is written, and what stays dirty is the engine's own (InnoDB keeps some pages dirty when idle).
     */
    private void innoDbQuiet(String name) throws SQLException, InterruptedException {
        long started = System.nanoTime();
        try (Connection connection =
                        DriverManager.getConnection(services.mysqlUrl, services.mysqlUser, services.mysqlPassword);
                Statement statement = connection.createStatement()) {
            Map<String, Long> status = Map.of();
            long lowest = Long.MAX_VALUE;
            int steady = 0;
            for (int i = 0; i < 360 && steady < 10; i++) {
                status = new HashMap<>();
                try (ResultSet rows = statement.executeQuery("show global status where variable_name in"
                        + " ('Innodb_buffer_pool_pages_dirty', 'Innodb_history_list_length')")) {
                    while (rows.next()) {
                        status.put(rows.getString(1).toLowerCase(Locale.ROOT), rows.getLong(2));
                    }
                }
                long dirty = status.getOrDefault("innodb_buffer_pool_pages_dirty", 0L);
                boolean falling = dirty < lowest;
                lowest = Math.min(lowest, dirty);
                steady = !falling && status.getOrDefault("innodb_history_list_length", 0L) < 1_000 ? steady + 1 : 0;
                Thread.sleep(500);
            }
            bench.step(
                    "%s: InnoDB quiet after %.1f s (%s)",
                    name, FlashBench.seconds(System.nanoTime() - started), status);
        }
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

    /**
     * The probe of a phase: the regular whose bookings are read (signed in, with a calendar feed), a student who
     * signs in, and the day asked about (yesterday: a day of the history in both phases).
     */
    private record Probe(String regular, String regularToken, String signingIn, String feed, LocalDate day) {}

    private Probe probe(BenchHttp http, String regular, String runId) throws IOException {
        String signingIn = "g" + runId;
        http.call(
                "importing the student who signs in",
                http.post(
                        "/admin/students",
                        bench.adminToken,
                        Map.of(
                                "students",
                                List.of(Map.of("studentId", signingIn, "password", PROBE_PASSWORD, "name", "Probe")))));
        String token = signIn(http, regular, HistoryFill.PASSWORD);
        String feed = http.call("a calendar feed", http.post("/reservations/calendar", token, Map.of()))
                .getJSONObject("data")
                .getString("path")
                .replaceFirst("^https?://[^/]+", "");
        return new Probe(
                regular, token, signingIn, feed, LocalDate.now(bench.zone).minusDays(1));
    }

    private static String signIn(BenchHttp http, String studentId, String password) throws IOException {
        return http.call(
                        "signing in " + studentId,
                        http.post("/auth/login", null, Map.of("studentId", studentId, "password", password)))
                .getJSONObject("data")
                .getString("token");
    }

    private List<Timed> requests(BenchHttp http, Probe probe) throws Exception {
        String admin = bench.adminToken;
        String student = probe.regularToken();
        LocalDate day = probe.day();
        String week = "from=" + day.minusDays(6) + "&to=" + day;
        Map<String, Callable<BenchHttp.Reply>> asked = new LinkedHashMap<>();
        asked.put("courts page GET /slots?date=", () -> http.get("/slots?date=" + day, student));
        asked.put(
                "sign-in POST /auth/login",
                () -> http.post(
                        "/auth/login", null, Map.of("studentId", probe.signingIn(), "password", PROBE_PASSWORD)));
        asked.put("my bookings GET /reservations/mine", () -> http.get("/reservations/mine", student));
        asked.put(
                "my older bookings GET /reservations/mine/history",
                () -> http.get("/reservations/mine/history?size=20", student));
        asked.put("unread badge GET /notices/unread", () -> http.get("/notices/unread", student));
        asked.put("inbox GET /notices", () -> http.get("/notices?size=20", student));
        asked.put("calendar feed GET /calendar/{key}.ics", () -> http.get(probe.feed(), null));
        asked.put("a day's report", () -> http.get("/admin/reports?from=" + day + "&to=" + day, admin));
        asked.put("a week's report", () -> http.get("/admin/reports?" + week, admin));
        asked.put("report.csv (a week)", () -> http.get("/admin/reports/report.csv?" + week, admin));
        asked.put("reservations.csv (a week)", () -> http.get("/admin/reports/reservations.csv?" + week, admin));
        asked.put("pay-orders.csv (a week)", () -> http.get("/admin/reports/pay-orders.csv?" + week, admin));
        asked.put(
                "staff reservations ?status=CONFIRMED",
                () -> http.get("/admin/reservations?status=CONFIRMED&page=1&size=100", admin));
        asked.put(
                "staff reservations of a day",
                () -> http.get("/admin/reservations?from=" + day + "&to=" + day + "&page=1&size=100", admin));
        asked.put(
                "staff reservations of a student",
                () -> http.get("/admin/reservations?studentId=" + probe.regular() + "&size=100", admin));
        asked.put("check-in of a day", () -> http.get("/admin/check-in?date=" + day, admin));
        asked.put("audit, page 1", () -> http.get("/admin/audit?page=1&size=100", admin));
        asked.put("students, page 1", () -> http.get("/admin/students?page=1&size=100", admin));
        List<Timed> timed = new ArrayList<>();
        for (var request : asked.entrySet()) {
            timed.add(time(request.getKey(), request.getValue()));
        }
        return timed;
    }

    /** A request timed; NaN when the engine does not have it (404: an engine from before it, measured as "before"). */
    private static Timed time(String name, Callable<BenchHttp.Reply> request) throws Exception {
        double[] ms = new double[RUNS];
        int bytes = 0;
        for (int i = -UNTIMED; i < RUNS; i++) {
            long start = System.nanoTime();
            BenchHttp.Reply reply;
            try {
                reply = request.call();
            } catch (java.net.SocketTimeoutException e) {
                return new Timed(name, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, -1); // over a minute
            }
            double took = (System.nanoTime() - start) / 1e6;
            if (reply.status() == 404 && i == -UNTIMED) {
                return new Timed(name, Double.NaN, Double.NaN, 0);
            }
            if (reply.status() != 200) {
                throw new BenchException(name + " answered HTTP " + reply.status() + ": " + reply.text());
            }
            if (i >= 0) {
                ms[i] = took;
                bytes = reply.body().length;
            }
        }
        Arrays.sort(ms);
        return new Timed(name, (ms[RUNS / 2 - 1] + ms[RUNS / 2]) / 2, ms[RUNS - 1], bytes);
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

    private FilledHistory fill(Path dir, HistoryPlan plan) throws SQLException {
        String url = bench.external
                ? services.mysqlUrl + (services.mysqlUrl.contains("?") ? "&" : "?") + "rewriteBatchedStatements=true"
                : "jdbc:h2:file:"
                        + dir.resolve("data").resolve("db").resolve("courtrush").toAbsolutePath()
                        + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE;"
                        + "DEFAULT_NULL_ORDERING=HIGH";
        try (Connection connection = DriverManager.getConnection(
                url, bench.external ? services.mysqlUser : "sa", bench.external ? services.mysqlPassword : "")) {
            FilledHistory filled = HistoryFill.fill(connection, plan, line -> bench.step("    %s", line));
            HistoryFill.analyze(connection);
            return filled;
        }
    }

    /** The external run's own database (made anew) and its Redis database (emptied). */
    private void freshExternalServices() throws SQLException {
        String database = history.database;
        String server = services.mysqlUrl.replaceFirst("(jdbc:mysql://[^/]+/)[^?]*", "$1");
        try (Connection connection = DriverManager.getConnection(server, services.mysqlUser, services.mysqlPassword);
                Statement statement = connection.createStatement()) {
            statement.execute("drop database if exists " + database);
            statement.execute("create database " + database + " character set utf8mb4 collate utf8mb4_unicode_ci");
        }
        services.mysqlUrl = services.mysqlUrl.replaceFirst("(jdbc:mysql://[^/]+/)[^?]*", "$1" + database);
        Config config = new Config();
        config.useSingleServer()
                .setAddress("redis://" + services.redisHost + ":" + services.redisPort)
                .setDatabase(services.redisDatabase);
        RedissonClient redis = Redisson.create(config);
        try {
            redis.getKeys().flushdb();
        } finally {
            redis.shutdown();
        }
    }

    /** The embedded database's file, in bytes; -1 on the external stack. */
    private long dbBytes(Path dir) throws IOException {
        Path file = dir.resolve("data").resolve("db").resolve("courtrush.mv.db");
        return !bench.external && Files.isRegularFile(file) ? Files.size(file) : -1;
    }

    private static List<com.courtrush.bench.Report.Target> targets(Phase first, Phase year) {
        List<com.courtrush.bench.Report.Target> targets = new ArrayList<>();
        for (int i = 0; i < year.requests().size(); i++) {
            Timed before = first.requests().get(i);
            Timed later = year.requests().get(i);
            if (Double.isNaN(later.medianMs()) || Double.isNaN(before.medianMs())) {
                continue; // the engine measured does not have it
            }
            double ratio = later.medianMs() / Math.max(before.medianMs(), 0.001);
            targets.add(new com.courtrush.bench.Report.Target(
                    later.request(),
                    f("%.1f ms vs %.1f ms = %.2f x", later.medianMs(), before.medianMs(), ratio),
                    f("<= %.1f x", REQUEST_VS_FIRST),
                    ratio <= REQUEST_VS_FIRST));
            if (later.request().equals("a day's report")) {
                targets.add(new com.courtrush.bench.Report.Target(
                        "a day's report, median",
                        f("%.1f ms", later.medianMs()),
                        f("<= %.0f ms", DAY_REPORT_MS),
                        later.medianMs() <= DAY_REPORT_MS));
            }
        }
        if (year.retention() != null) {
            targets.add(new com.courtrush.bench.Report.Target(
                    "retention: a month's report long past, before and after the sweep",
                    year.retention().reportsSame() ? "the same" : "CHANGED",
                    "the same",
                    year.retention().reportsSame()));
        }
        Rush a = first.rush();
        Rush b = year.rush();
        targets.add(new com.courtrush.bench.Report.Target(
                "rush: decided in Redis (x /ping) vs the first month",
                f(
                        "%.0f/s = %.2f x vs %.0f/s = %.2f x",
                        b.decidedPerSecond(), b.decidedVsPing(), a.decidedPerSecond(), a.decidedVsPing()),
                f(">= 1/%.1f of the first month", RUSH_VS_FIRST),
                b.decidedVsPing() >= a.decidedVsPing() / RUSH_VS_FIRST));
        targets.add(new com.courtrush.bench.Report.Target(
                "rush: winners' 202 p99 vs the first month",
                f("%.1f ms vs %.1f ms", b.winnersP99Ms(), a.winnersP99Ms()),
                f("<= %.1f x", RUSH_VS_FIRST),
                b.winnersP99Ms() <= a.winnersP99Ms() * RUSH_VS_FIRST));
        targets.add(new com.courtrush.bench.Report.Target(
                "rush: last place won -> every place committed vs the first month",
                f("%.0f ms vs %.0f ms", b.lastWinToCommittedMs(), a.lastWinToCommittedMs()),
                f("<= %.1f x", RUSH_VS_FIRST),
                b.lastWinToCommittedMs() <= a.lastWinToCommittedMs() * RUSH_VS_FIRST));
        targets.add(new com.courtrush.bench.Report.Target(
                "rush: 0 oversold, twice, Redis != DB, lost",
                (a.correct() ? "first month OK" : "first month FAILED") + ", "
                        + (b.correct() ? "history OK" : "history FAILED"),
                "both OK",
                a.correct() && b.correct()));
        return targets;
    }

    private void print(Report report) {
        console.println();
        console.printf("CourtRush growth bench - %s%n", report.takenAt());
        console.printf("  stack   : %s%n", report.stack());
        console.printf(
                "  history : %s (written in %.0f s)%n",
                report.year().history(), report.year().fillSeconds());
        for (Phase phase : List.of(report.first(), report.year())) {
            console.printf(
                    "  %-8s: engine started in %.1f s%s%s%n",
                    phase.name(),
                    phase.startSeconds(),
                    phase.dbBytesBeforeStart() < 0
                            ? ""
                            : f(
                                    "; database file %s before the start, %s after",
                                    mib(phase.dbBytesBeforeStart()), mib(phase.dbBytesAfterStart())),
                    phase.backupMs() == null
                            ? ""
                            : phase.backupMs() < 0
                                    ? "; a backup: no answer within a minute"
                                    : f(
                                            "; a backup: %s in %.1f s",
                                            mib(phase.backupBytes()), phase.backupMs() / 1000.0));
        }
        console.println();
        console.printf("%-48s %24s %24s %8s%n", "request (median / max ms, answer)", "first month", "history", "ratio");
        for (int i = 0; i < report.year().requests().size(); i++) {
            Timed a = report.first().requests().get(i);
            Timed b = report.year().requests().get(i);
            console.printf(
                    "%-48s %24s %24s %7.2fx%n",
                    b.request(),
                    f("%.1f / %.1f, %s", a.medianMs(), a.maxMs(), kb(a.bytes())),
                    f("%.1f / %.1f, %s", b.medianMs(), b.maxMs(), kb(b.bytes())),
                    b.medianMs() / Math.max(a.medianMs(), 0.001));
        }
        for (Phase phase : List.of(report.first(), report.year())) {
            Rush rush = phase.rush();
            console.printf(
                    "rush, %-8s: decided in Redis %.0f/s = %.2f x /ping, winners' 202 p99 %.1f ms, last place won -> "
                            + "committed %.0f ms, %d granted, %s%n",
                    phase.name(),
                    rush.decidedPerSecond(),
                    rush.decidedVsPing(),
                    rush.winnersP99Ms(),
                    rush.lastWinToCommittedMs(),
                    rush.granted(),
                    rush.correct() ? "correct" : "INCORRECT");
        }
        for (Phase phase : List.of(report.first(), report.year())) {
            if (phase.retention() != null) {
                console.printf(
                        "retention, %-8s: %d sweep(s), %.1f s, removed %s; a month's report long past %s%n",
                        phase.name(),
                        phase.retention().sweeps(),
                        phase.retention().seconds(),
                        phase.retention().removed(),
                        phase.retention().reportsSame() ? "the same after" : "CHANGED");
            }
        }
        console.println();
        Targets.print(console, report.targets(), 52, 20);
    }

    private static String mib(long bytes) {
        return f("%.1f MiB", bytes / 1048576.0);
    }

    private static String kb(int bytes) {
        return bytes < 0 ? "no answer in 60 s" : f("%.1f KB", bytes / 1000.0);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
