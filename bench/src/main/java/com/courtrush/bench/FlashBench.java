package com.courtrush.bench;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The flash-opening benchmark: one command that starts the headless server, creates the students
 * and the opening, measures the server's trivial endpoint as the baseline, fires the crowd at the
 * opening, waits until every granted place is in the database, measures the baseline again (the
 * crowd is compared with both), checks the invariants and prints the numbers (and writes them as
 * JSON).
 *
 * <p>This class holds the command line and starts the servers; the runs are {@link FlashRun} (the crowd,
 * phase by phase: {@link Seeding}, {@link WarmUp}, {@link Baseline}, {@link CrowdFire} with
 * {@link RushMeters} around it, {@link Verification}, {@link RushFigures} and {@link Report}) and
 * {@link MixRun} (the students' mix).
 */
@Command(
        name = "flash-bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Measures CourtRush's flash opening end to end on this machine (loopback only).")
public final class FlashBench implements Callable<Integer> {

    @Option(
            names = "--students",
            defaultValue = "5000",
            description = "students in the crowd (default ${DEFAULT-VALUE})")
    int students;

    @Option(names = "--slots", defaultValue = "100", description = "slots of the opening (default ${DEFAULT-VALUE})")
    int slots;

    @Option(names = "--capacity", defaultValue = "3", description = "places per slot (default ${DEFAULT-VALUE})")
    int capacity;

    @Option(
            names = "--clients",
            defaultValue = "64",
            description = "concurrent HTTP clients (default ${DEFAULT-VALUE})")
    int clients;

    @Option(
            names = "--baseline-seconds",
            defaultValue = "5",
            description = "baseline measurement, after 2 s of warm-up (default ${DEFAULT-VALUE})")
    int baselineSeconds;

    @Option(
            names = "--pre-open-ms",
            defaultValue = "1000",
            description = "the crowd starts this long before the opening (default ${DEFAULT-VALUE})")
    int preOpenMs;

    @Option(
            names = "--rush-seconds",
            defaultValue = "10",
            description = "the crowd stops this long after the opening (default ${DEFAULT-VALUE})")
    int rushSeconds;

    @Option(
            names = "--max-attempts",
            defaultValue = "2000000",
            description = "the crowd stops after this many attempts (default ${DEFAULT-VALUE})")
    long maxAttempts;

    @Option(
            names = "--warm-up-seconds",
            defaultValue = "45",
            description =
                    "rehearsal openings first (two, each half this long), with other students, so the JIT has compiled the server's hot paths (a 2-core machine needs about a minute); 0 measures a cold server (default ${DEFAULT-VALUE})")
    int warmUpSeconds;

    @Option(
            names = "--cold-idle-seconds",
            defaultValue = "120",
            description = "the first rush after a restart, measured before everything else: the server restarted"
                    + " after the set-up, its opening warmed up, then idle this long before a crowd with no rehearsal,"
                    + " reported beside the rehearsed rush; 0 skips it (default ${DEFAULT-VALUE})")
    int coldIdleSeconds;

    @Option(
            names = "--booking-pass",
            description = "the measured opening asks for a booking pass: each student gets one "
                    + "before it opens (challenge, answer read from Redis) and every reserve carries it")
    boolean bookingPass;

    @Option(
            names = "--slow-clients",
            defaultValue = "0",
            description = "this many slow connections from the bench's"
                    + " address through the baseline and the crowd, half sending request headers, half a body, a byte a second;"
                    + " one the server ends is opened again (default ${DEFAULT-VALUE})")
    int slowClients;

    @Option(
            names = "--fair-draw-ms",
            defaultValue = "0",
            description = "the measured opening starts with a fair draw"
                    + " of this window (e.g. 1000): each student's first request in it enters the draw, naming the next two"
                    + " slots too, and waits for its result (polled from the window's close); 0 = no draw (default)")
    int fairDrawMs;

    @Option(
            names = "--seed-design",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "after the floor, measure the seed's decision (a Redis-backed Bucket4j limit, gate, SADD, "
                    + "RSemaphore, pending SET: a call each) beside the product's one script, on the same Redis "
                    + "(about 15 s; default on; --no-seed-design skips it)")
    boolean seedDesign;

    @Option(
            names = "--mix",
            description = "the students' mix instead of the closed-loop crowd: a sign-in storm at the"
                    + " server's real password cost, the page's refreshes, taps at the flash time (some early), result polls,"
                    + " my bookings and payments, measured per kind of request (minutes: thousands of password hashes)")
    boolean mix;

    @Mixin
    MixOptions mixing = new MixOptions();

    @Option(
            names = "--growth",
            description = "the growth bench: the same rush and the requests of students and the desk on day one and"
                    + " after --history-days of a gym's history written into the database, side by side (minutes)")
    boolean growth;

    @Mixin
    GrowthOptions history = new GrowthOptions();

    @Mixin
    OverloadOptions overloading = new OverloadOptions();

    @Option(
            names = "--external",
            description =
                    "run the server on the real MySQL/MariaDB, Redis and RabbitMQ below instead of the embedded stack")
    boolean external;

    @Option(
            names = "--nodes",
            defaultValue = "1",
            description = "engine nodes on the external services, the crowd's"
                    + " clients dealt to them in turn as behind a balancer; the table adds each node's figures from its own"
                    + " /actuator/prometheus (default ${DEFAULT-VALUE}; more than 1 needs --external)")
    int nodes;

    @Option(
            names = "--venues",
            defaultValue = "1",
            description = "venues whose openings flash at one second, the slots dealt among them (SPEC §21; at most 4)")
    int venues;

    @Mixin
    ServiceOptions services = new ServiceOptions();

    @Option(
            names = "--jar",
            defaultValue = "app-core/target/app-core.jar",
            description = "the headless server (default ${DEFAULT-VALUE})")
    Path jar;

    @Option(
            names = "--server-jvm-option",
            split = " ",
            defaultValue = "-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1",
            description = "JVM options for the server (repeatable; given ones replace the default, which is what the"
                    + " README recommends for a node: ${DEFAULT-VALUE})")
    List<String> serverJvmOptions = new ArrayList<>();

    @Option(
            names = "--server-arg",
            description = "an extra server argument, e.g. --courtrush.reserve.consumer-concurrency=16 (repeatable)")
    List<String> serverArgs = new ArrayList<>();

    @Option(
            names = "--jfr",
            description = "record the server with Java Flight Recorder (profile settings) into the run directory")
    boolean jfr;

    @Option(
            names = "--zone",
            defaultValue = "Asia/Shanghai",
            description = "the server's courtrush.zone (default ${DEFAULT-VALUE})")
    ZoneId zone;

    @Option(
            names = "--out",
            description = "run directory for result.json, the server log and data (default bench/target/runs/<time>)")
    Path out;

    final PrintStream console = System.out;
    /** The admin token every server of the run is given. */
    String adminToken;

    private long startedNanos;
    /** Starts the run's engines, and knows the Redis they run on. */
    final EngineStarts engines = new EngineStarts(this);

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && BenchDirectory.SERVE.equals(args[0])) {
            BenchDirectory.serve(Path.of(args[1])); // the --sign-in=ldap directory's own process
            return;
        }
        System.exit(new CommandLine(new FlashBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        startedNanos = System.nanoTime();
        validate();
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path runDir = out != null ? out : Path.of("bench", "target", "runs", stamp);
        Files.createDirectories(runDir);
        adminToken = EngineStarts.randomHex(24);
        String runId = Long.toString(System.currentTimeMillis() / 1000, 36);
        if (growth) {
            try {
                GrowthRun.Report report = new GrowthRun(this, console).run(runDir, runId);
                Path json = runDir.resolve("result.json");
                Files.writeString(json, JSON.toJSONString(report, JSONWriter.Feature.PrettyFormat));
                console.printf("%nresult: %s%n", json);
                return report.targets().stream().allMatch(Report.Target::met) ? 0 : 1;
            } catch (BenchException e) {
                console.println();
                console.println("bench failed: " + e.getMessage());
                return 2;
            }
        }
        List<BenchServer> started = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        try {
            for (int i = 0; i < nodes; i++) {
                if (nodes > 1) {
                    step("node %d of %d", i + 1, nodes);
                }
                EngineStarts.Started node = engines.startOne(i == 0 ? runDir : runDir.resolve("node-" + (i + 1)));
                started.add(node.server());
                addresses.add(node.address());
            }
        } catch (BenchException e) {
            for (BenchServer server : started) {
                server.close();
            }
            console.println();
            console.println("bench failed: " + e.getMessage());
            return 2;
        } catch (IOException | InterruptedException | RuntimeException e) {
            for (BenchServer server : started) {
                server.close();
            }
            throw e;
        }
        try (BenchNodes server = new BenchNodes(started, addresses);
                BenchHttp http = new BenchHttp(
                        addresses,
                        mix
                                ? mixing.mixClients + StudentsMix.SIGN_IN_THREADS_MAX + 8
                                : clients + 8 + CrowdFire.DRAW_WATCHERS);
                RedisStats redisStats =
                        new RedisStats(engines.redisHost(), engines.redisPort(), engines.redisPassword())) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            Path json = runDir.resolve("result.json");
            boolean ok;
            if (mix) {
                MixReport.Mix report =
                        new MixRun(this, console).measure(server.first(), http, adminToken, runId, runDir);
                report.print(console);
                Files.writeString(json, JSON.toJSONString(report, JSONWriter.Feature.PrettyFormat));
                ok = report.correctness().ok();
            } else if (overloading.on()) {
                OverloadRun.OverloadReport report =
                        new OverloadRun(this, console).measure(server, http, adminToken, runId);
                report.print(console);
                Files.writeString(json, JSON.toJSONString(report, JSONWriter.Feature.PrettyFormat));
                ok = report.ok();
            } else {
                Report report = new FlashRun(this, console).measure(server, http, redisStats, adminToken, runId);
                ReportTable.print(report, console);
                Files.writeString(json, JSON.toJSONString(report, JSONWriter.Feature.PrettyFormat));
                ok = report.correctness().ok();
            }
            console.printf(
                    "%nresult: %s%nserver log: %s%s%n",
                    json, server.log(), jfr ? "\nflight recording: " + runDir.resolve("server.jfr") : "");
            return ok ? 0 : 1;
        } catch (BenchException e) {
            console.println();
            console.println("bench failed: " + e.getMessage());
            return 2;
        }
    }

    private void validate() {
        if (!mixing.signInWay.equals("bcrypt") && !mixing.signInWay.equals("ldap")
                || mixing.signInWay.equals("ldap") && !mix) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this), "--sign-in is bcrypt or ldap, and ldap goes with --mix.");
        }
        if (students < 1
                || slots < 1
                || capacity < 1
                || capacity > 1000
                || clients < 1
                || clients > 1024
                || baselineSeconds < 1
                || rushSeconds < 1
                || preOpenMs < 0
                || maxAttempts < 1
                || warmUpSeconds < 0
                || coldIdleSeconds < 0) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this), "Sizes must be positive (capacity at most 1000, clients at most 1024).");
        }
        if (growth && (mix || nodes > 1 || history.days < 1 || history.courts < 1 || history.students < 10)) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this),
                    "--growth runs one node, not --mix, on at least a day, a court and ten students of history.");
        }
        overloading.apply(this);
        boolean venuesWrong = venues < 1 || venues > Math.min(4, slots) || venues > 1 && (mix || growth || bookingPass);
        if (venuesWrong || venues > 1 && fairDrawMs > 0 || nodes < 1 || nodes > 8 || nodes > 1 && (!external || mix)) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this),
                    "--nodes is 1 to 8; more than one node needs --external (they share its services), not --mix."
                            + " --venues is 1 to 4, not with --mix, --growth, --booking-pass or --fair-draw-ms.");
        }
    }

    /** The stack as the report names it, with what the run turned on. */
    String stack() {
        return (external ? "external (MySQL/MariaDB, Redis, RabbitMQ)" : "embedded (redis-server, Qpid, H2)")
                + (nodes > 1 ? ", " + nodes + " nodes" : "")
                + (bookingPass ? ", booking pass on" : "")
                + (fairDrawMs > 0 ? ", fair draw of " + fairDrawMs + " ms" : "");
    }

    /** Clients for the set-up (signing the students in): --clients as given, not multiplied by --overload. */
    int setUpClients() {
        return overloading.clientsGiven(clients);
    }

    String commandLine() {
        return "java -jar bench/target/bench.jar" + (external ? " --external" : "")
                + String.format(
                        Locale.ROOT,
                        " --students %d --slots %d --capacity %d --clients %d",
                        students,
                        slots,
                        capacity,
                        clients)
                + (bookingPass ? " --booking-pass" : "")
                + (fairDrawMs > 0 ? " --fair-draw-ms " + fairDrawMs : "") + (nodes > 1 ? " --nodes " + nodes : "");
    }

    void step(String format, Object... args) {
        console.printf(
                "[%6.1f s %s] %s%n",
                seconds(System.nanoTime() - startedNanos),
                java.time.LocalTime.now().withNano(0),
                String.format(format, args));
    }

    /** CPU this JVM (the bench's clients) has used so far. */
    static Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
