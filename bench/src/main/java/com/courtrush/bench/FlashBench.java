package com.courtrush.bench;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONWriter;
import com.courtrush.bench.Analysis.Rate;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The flash-opening benchmark: one command that starts the headless server, creates the students
 * and the opening, measures the server's trivial endpoint as the baseline, fires the crowd at the
 * opening, waits until every granted place is in the database, measures the baseline again (the
 * crowd is compared with both), checks the invariants and prints the numbers (and writes them as
 * JSON).
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

    @Option(
            names = "--mix-students",
            defaultValue = "2000",
            description = "students of the mix (default ${DEFAULT-VALUE})")
    int mixStudents;

    @Option(
            names = "--mix-clients",
            defaultValue = "128",
            description = "client threads of the mix: requests wait for"
                    + " one, as a phone waits for the server (default ${DEFAULT-VALUE})")
    int mixClients;

    @Option(
            names = "--sign-in-rate",
            defaultValue = "0",
            description =
                    "the storm's sign-ins per second (default: 1.2 x" + " the hashing pool's rate measured first)")
    double signInRate;

    @Option(
            names = "--wrong-passwords",
            defaultValue = "0.05",
            description = "share of sign-ins with a wrong password" + " first (default ${DEFAULT-VALUE})")
    double wrongPasswords;

    @Option(
            names = "--early",
            defaultValue = "0.1",
            description = "share of students whose tap is a script firing"
                    + " before the flash time (default ${DEFAULT-VALUE})")
    double earlyShare;

    @Option(names = "--pay", defaultValue = "0.4", description = "share of winners who pay (default ${DEFAULT-VALUE})")
    double payShare;

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
            names = "--mysql-url",
            defaultValue = "jdbc:mysql://127.0.0.1:3306/test?useSSL=false&allowPublicKeyRetrieval=true")
    String mysqlUrl;

    @Option(names = "--mysql-user", defaultValue = "root")
    String mysqlUser;

    @Option(names = "--mysql-password", defaultValue = "")
    String mysqlPassword;

    @Option(names = "--redis-host", defaultValue = "127.0.0.1")
    String redisHost;

    @Option(names = "--redis-port", defaultValue = "6379")
    int redisPort;

    @Option(
            names = "--redis-database",
            defaultValue = "6",
            description = "Redis database for the external run (default ${DEFAULT-VALUE})")
    int redisDatabase;

    @Option(names = "--amqp-host", defaultValue = "127.0.0.1")
    String amqpHost;

    @Option(names = "--amqp-port", defaultValue = "5672")
    int amqpPort;

    @Option(names = "--amqp-user", defaultValue = "guest")
    String amqpUser;

    @Option(names = "--amqp-password", defaultValue = "guest")
    String amqpPassword;

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

    private static final int PING_WARM_UP_SECONDS = 10;
    /** Compiling time per second under which a JVM's JIT counts as quiet, and how long to wait for it. */
    private static final long JIT_QUIET_MS = 20;

    private static final Duration JIT_QUIET_WAIT = Duration.ofSeconds(30);
    private static final long TICK_MICROS = 250_000;
    /** Places a student may hold in the opening under test: the product's default. */
    private static final int PER_STUDENT = 2;
    /**
     * Each rehearsal opening has places for half its students (a student stops trying once they have one),
     * so the grant, publish and consumer paths are compiled as well as the sold-out one.
     */
    static final int REHEARSAL_SLOTS = 20;
    /**
     * The rehearsal is this many openings one after the other, each with its own students and courts:
     * the grant path runs only while places last, and at the first opening the JIT is busy with
     * everything else the crowd runs (its thresholds rise with its queue), so the grant path is
     * compiled at a later one, as on a node that has been through earlier days' openings.
     */
    static final int REHEARSAL_OPENINGS = 2;
    /** Clients following a fair draw's entrants (besides the crowd's). */
    private static final int DRAW_WATCHERS = 32;

    private final PrintStream console = System.out;
    private long startedNanos;
    private int serverRedisPort;
    /** The embedded redis-server's password (the bench chooses it, to read Redis's counters); null for external. */
    private String serverRedisPassword;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlashBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        startedNanos = System.nanoTime();
        validate();
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path runDir = out != null ? out : Path.of("bench", "target", "runs", stamp);
        Files.createDirectories(runDir);
        String adminToken = randomHex(24);
        String runId = Long.toString(System.currentTimeMillis() / 1000, 36);
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            ports.add(freePort());
        }
        int embeddedRedisPort = external ? 0 : freePort();
        serverRedisPort = external ? redisPort : embeddedRedisPort;
        serverRedisPassword = external ? null : randomHex(24);
        Map<String, String> serverEnv = external
                ? Map.of("COURTRUSH_ADMIN_TOKEN", adminToken)
                : Map.of(
                        "COURTRUSH_ADMIN_TOKEN",
                        adminToken,
                        "COURTRUSH_INFRA_EMBEDDED_REDIS_PASSWORD",
                        serverRedisPassword);
        List<BenchServer> started = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        try {
            for (int i = 0; i < nodes; i++) {
                step(
                        "starting %s (%s stack) on 127.0.0.1:%d",
                        nodes == 1 ? "the server" : "node " + (i + 1) + " of " + nodes,
                        external ? "external" : "embedded",
                        ports.get(i));
                Path nodeDir = i == 0 ? runDir : runDir.resolve("node-" + (i + 1));
                started.add(BenchServer.start(
                        jar,
                        jvmOptions(nodeDir),
                        serverArgs(nodeDir, ports.get(i), embeddedRedisPort),
                        serverEnv,
                        nodeDir.resolve("server.log"),
                        ports.get(i),
                        Duration.ofMinutes(3),
                        console));
                addresses.add("http://127.0.0.1:" + ports.get(i));
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
        if (!external && !RedisStats.asksForPassword("127.0.0.1", embeddedRedisPort)) {
            serverRedisPassword = null; // an engine from before the embedded Redis took a password
        }
        try (BenchNodes server = new BenchNodes(started, addresses);
                BenchHttp http = new BenchHttp(
                        addresses,
                        mix ? mixClients + StudentsMix.SIGN_IN_THREADS_MAX + 8 : clients + 8 + DRAW_WATCHERS);
                RedisStats redisStats = new RedisStats(
                        external ? redisHost : "127.0.0.1",
                        external ? redisPort : embeddedRedisPort,
                        serverRedisPassword)) {
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
                Report.Mix report = new MixRun(this, console).measure(server.first(), http, adminToken, runId);
                report.print(console);
                Files.writeString(json, JSON.toJSONString(report, JSONWriter.Feature.PrettyFormat));
                ok = report.correctness().ok();
            } else {
                Report report = measure(server, http, redisStats, adminToken, runId);
                report.print(console);
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

    private Report measure(BenchNodes server, BenchHttp http, RedisStats redisStats, String admin, String runId)
            throws IOException, InterruptedException {
        BenchData data = new BenchData(http, admin, runId, console);
        int rehearsalStudents =
                warmUpSeconds > 0 ? Math.max(2 * REHEARSAL_OPENINGS * REHEARSAL_SLOTS, students * 4 / 5) : 0;
        int courtCount = BenchData.courtsFor(slots)
                + (warmUpSeconds > 0 ? REHEARSAL_OPENINGS * BenchData.courtsFor(REHEARSAL_SLOTS) : 0);
        step("creating %d courts and %,d students (+%,d for the rehearsal)", courtCount, students, rehearsalStudents);
        long setupStart = System.nanoTime();
        List<Long> courts = data.createCourts(courtCount);
        List<String> studentIds = data.importStudents("b", students);
        List<String> rehearsalIds = data.importStudents("w", rehearsalStudents);
        double setupSeconds = seconds(System.nanoTime() - setupStart);
        step("logging in %,d students", students + rehearsalStudents);
        long loginStart = System.nanoTime();
        List<String> tokens = data.logIn(studentIds, clients);
        double loginSeconds = seconds(System.nanoTime() - loginStart);
        List<String> rehearsalTokens = data.logIn(rehearsalIds, clients);

        LoadLoop.Shot ping = () -> http.get("/ping", null).status() == 200 ? Answer.PONG : Answer.OTHER;
        step("warming the server up: GET /ping for %d s", PING_WARM_UP_SECONDS);
        long now = WallClock.epochMicros();
        LoadLoop.run("warm-up", clients, now, now + PING_WARM_UP_SECONDS * 1_000_000L, Long.MAX_VALUE, ping, console);
        Report.Rehearsal rehearsal = warmUpSeconds > 0
                ? rehearse(
                        http, data, admin, courts.subList(BenchData.courtsFor(slots), courts.size()), rehearsalTokens)
                : null;

        ServerMetrics metrics = new ServerMetrics(server.direct(), admin);
        // the floor first: its Redisson calls keep the bench's own optimizing compiler busy for seconds after
        step("the floor: a trivial Redis script through Redisson with %d threads for %d s", clients, baselineSeconds);
        Report.RedisFloor floor = RedisFloor.measure(
                external ? redisHost : "127.0.0.1",
                serverRedisPort,
                serverRedisPassword,
                external ? redisDatabase : 0,
                clients,
                baselineSeconds,
                console);

        Report.SeedComparison seedComparison = null;
        if (seedDesign) {
            step(
                    "the seed's decision, a call at a time, beside the product's one script: %d threads, %d s each",
                    clients, baselineSeconds);
            seedComparison = SeedComparison.measure(
                    external ? redisHost : "127.0.0.1",
                    serverRedisPort,
                    serverRedisPassword,
                    external ? redisDatabase : 0,
                    redisStats,
                    jar,
                    clients,
                    baselineSeconds,
                    slots,
                    capacity,
                    console);
        }

        awaitJitQuiet(metrics);
        SlowConnections slow = null;
        if (slowClients > 0) {
            URI first = URI.create(server.addresses().get(0));
            step("%d slow connections from here, a byte a second, until the crowd ends", slowClients);
            slow = SlowConnections.open(first.getHost(), first.getPort(), slowClients);
        }
        step("baseline: GET /ping with %d clients for %d s", clients, baselineSeconds);
        Ping baselineBefore = ping(server, ping);

        awaitJitQuiet(metrics);
        step("creating the opening: %d slots x %d places, flash time in %d s", slots, capacity, openingLead());
        BenchData.Opening opening =
                data.createOpening(courts, slots, capacity, PER_STUDENT, openingLead(), zone, bookingPass, fairDrawMs);
        List<String> passes = null;
        if (bookingPass) {
            step("booking passes: a challenge and its answer for each of %,d students", tokens.size());
            passes = passesFor(data, opening, tokens);
        }
        long idleStart = System.nanoTime();
        long idleTrips = metrics.redisRoundTrips();
        WallClock.awaitEpochMicros(opening.opensAtMs() * 1000 - preOpenMs * 1000L - 300_000);
        double idleRate = (metrics.redisRoundTrips() - idleTrips) / seconds(System.nanoTime() - idleStart);

        Map<String, Long> commandsBefore = redisStats.calls();
        long tripsBefore = metrics.redisRoundTrips();
        long batchesBefore = metrics.consumerBatches();
        long forcesBefore = metrics.storeLogForces();
        long localBefore = metrics.soldOutLocal();
        ServerMetrics.Timed lagBefore = metrics.persistLag();
        ServerMetrics.Timed gcBefore = metrics.gcPauses();
        ServerMetrics.Timed grantsBefore = metrics.grantsAnswered();
        Duration serverCpu = server.cpu();
        Duration redisCpu = server.redisCpu().orElse(null);
        Duration clientCpu = ownCpu();
        MachineLoad.Sample machineBefore = MachineLoad.now();
        long threadsBefore = metrics.threadsStarted();
        long jitBefore = metrics.jitCompileMs();
        List<NodeMeters.Scrape> scrapesBefore = scrape(server, admin);
        List<Duration> nodeCpuBefore = new ArrayList<>();
        for (int i = 0; i < server.size(); i++) {
            nodeCpuBefore.add(server.cpu(i));
        }
        step(
                "the crowd: %,d students, %d clients, from %d ms before the opening to %d s after",
                students, clients, preOpenMs, rushSeconds);
        long waitedBefore = metrics.bodiesWaitedFor();
        Bystander slotsPage = Bystander.start(http, "/slots", tokens.get(0));
        CrowdRun run = crowd(http, opening, tokens, passes, preOpenMs, rushSeconds, fairDrawMs);
        console.printf("    beside the crowd, GET /slots every 100 ms: %s%n", slotsPage.finish());
        if (waitedBefore >= 0) {
            console.printf(
                    "    request bodies that came after their headers (read without a thread): %,d%n",
                    metrics.bodiesWaitedFor() - waitedBefore);
        }
        if (slow != null) {
            console.printf("    slow clients: %s%n", slow.summary());
            slow.close();
        }
        MachineLoad.Sample machineAfter = MachineLoad.now();
        long threadsStarted = threadsBefore < 0 ? -1 : metrics.threadsStarted() - threadsBefore;
        long trips = metrics.redisRoundTrips() - tripsBefore;
        long localAnswers = metrics.soldOutLocal() - localBefore;
        Map<String, Long> commands = RedisStats.delta(commandsBefore, redisStats.calls());
        double crowdSeconds = seconds((run.end() - run.start()) * 1000);
        double crowdCpu = seconds(server.cpu().minus(serverCpu).toNanos());
        List<NodeMeters.Scrape> scrapesAfter = scrape(server, admin);
        List<Report.Node> nodeFigures = new ArrayList<>();
        for (int i = 0; i < server.size() && !scrapesBefore.isEmpty(); i++) {
            nodeFigures.add(NodeMeters.between(
                    i + 1,
                    server.addresses().get(i),
                    scrapesBefore.get(i),
                    scrapesAfter.get(i),
                    seconds(server.cpu(i).minus(nodeCpuBefore.get(i)).toNanos()),
                    seconds((run.end() - run.start()) * 1000),
                    server.peakRssMib(i)));
        }
        double redisCpuSeconds = redisCpu == null
                ? -1
                : seconds(server.redisCpu().orElse(redisCpu).minus(redisCpu).toNanos());
        double clientCpuSeconds = seconds(ownCpu().minus(clientCpu).toNanos());
        double jitSeconds = (metrics.jitCompileMs() - jitBefore) / 1000.0;
        ServerMetrics.Timed gc = metrics.gcPauses().since(gcBefore);
        double grantServerMs = metrics.grantsAnswered().since(grantsBefore).meanMs();

        List<Crowd.Grant> grants = run.grants();
        step("waiting until the %d granted places are in the database", grants.size());
        long recorded = awaitRecorded(http, admin, opening.sessionId(), grants.size());
        double meanLagMs = metrics.persistLag().since(lagBefore).meanMs();
        // the consumers forget the grants they recorded with one round trip per transaction
        long consumerTrips = metrics.consumerBatches() - batchesBefore;
        long storeForces = forcesBefore < 0 ? -1 : metrics.storeLogForces() - forcesBefore;
        long lastRecordedMs = metrics.lastRecordedMs();
        // the machine's speed drifts: the crowd is compared with the baseline measured on both sides of it
        step("baseline again, after the crowd: GET /ping with %d clients for %d s", clients, baselineSeconds);
        Ping baselineAfter = ping(server, ping);
        step("checking the invariants");
        Verification.Result check = Verification.check(http, admin, opening.sessionId(), grants);

        Analysis stats = new Analysis(run.loop().samples());
        long opensAtMicros = opening.opensAtMs() * 1000;
        long crowdStart = run.start();
        long lastGrant = grants.stream().mapToLong(Crowd.Grant::atMicros).max().orElse(run.end());
        // the last place was decided after its request was sent: measuring from then over-states the lag
        long lastGrantAsked =
                grants.stream().mapToLong(Crowd.Grant::sentMicros).max().orElse(run.end());
        long end = stats.lastDoneAt() + 1;
        Rate all = stats.rate(crowdStart, end, a -> true);
        List<Report.Phase> phases = List.of(
                phase(stats, "before the opening", crowdStart, opensAtMicros),
                phase(stats, "selling", opensAtMicros, lastGrant + 1),
                phase(stats, "sold out", lastGrant + 1, end));
        List<Report.Tick> ticks = new ArrayList<>();
        // from a second before the opening until half a second after the last place went
        for (long t = Math.max(crowdStart, opensAtMicros - 1_000_000L);
                t < Math.min(end, lastGrant + 500_000L);
                t += TICK_MICROS) {
            long to = t + TICK_MICROS;
            ticks.add(new Report.Tick(
                    (t - opensAtMicros) / 1000,
                    stats.rate(t, to, a -> true),
                    stats.latency(t, to, a -> true),
                    stats.rate(t, to, a -> a == Answer.ACCEPTED).requests()));
        }
        Report.CrowdResult crowdResult = new Report.CrowdResult(
                all,
                stats.rate(crowdStart, end, a -> a == Answer.ACCEPTED),
                stats.rate(crowdStart, lastGrant + 1, a -> true),
                stats.rate(lastGrant + 1, end, a -> a == Answer.OUT_OF_STOCK),
                phases,
                ticks,
                stats.latency(crowdStart, end, a -> true),
                stats.latencyByAnswer(crowdStart, end),
                run.loop().ioErrors(),
                run.loop().firstIoError());
        long decisions = all.requests() - localAnswers;
        double background = idleRate * crowdSeconds;
        long scriptCalls = commands.getOrDefault("evalsha", 0L) + commands.getOrDefault("eval", 0L);
        Report.RedisUse redisUse = new Report.RedisUse(
                decisions,
                localAnswers,
                trips,
                idleRate,
                ratio(trips, decisions),
                ratio(trips - consumerTrips - background, decisions),
                scriptCalls,
                ratio(scriptCalls, decisions),
                commands);
        Report.Persistence persistence = new Report.Persistence(
                grants.size(),
                recorded,
                consumerTrips,
                storeForces,
                meanLagMs,
                lastRecordedMs - opening.opensAtMs(),
                lastRecordedMs - lastGrantAsked / 1000.0);
        Report.ServerUse serverUse = new Report.ServerUse(
                crowdCpu,
                crowdCpu / crowdSeconds,
                redisCpuSeconds,
                clientCpuSeconds,
                jitSeconds,
                gc.count(),
                gc.totalMs() / 1000,
                grantServerMs,
                server.peakRssMib(),
                server.rssMib(),
                threadsStarted,
                MachineLoad.between(
                        machineBefore,
                        machineAfter,
                        crowdCpu + Math.max(0, redisCpuSeconds) + clientCpuSeconds,
                        external));
        Report.Baseline baseline = Report.Baseline.of(
                "/ping",
                baselineBefore.rate(),
                baselineAfter.rate(),
                new Analysis(concat(
                                baselineBefore.run().samples(),
                                baselineAfter.run().samples()))
                        .latency(baselineBefore.from(), baselineAfter.to(), a -> true),
                (baselineBefore.cores() + baselineAfter.cores()) / 2);
        Report.Draw draw = run.draw() == null ? null : drawOf(http, admin, opening, run.draw(), lastRecordedMs);
        String stack = (external ? "external (MySQL/MariaDB, Redis, RabbitMQ)" : "embedded (redis-server, Qpid, H2)")
                + (nodes > 1 ? ", " + nodes + " nodes" : "")
                + (bookingPass ? ", booking pass on" : "")
                + (fairDrawMs > 0 ? ", fair draw of " + fairDrawMs + " ms" : "");
        Report.Setup setup = new Report.Setup(
                stack,
                students,
                slots,
                capacity,
                opening.places(),
                clients,
                preOpenMs / 1000.0,
                rushSeconds,
                setupSeconds,
                loginSeconds,
                String.join(" ", serverJvmOptions));
        return new Report(
                LocalDateTime.now().withNano(0).toString(),
                commandLine(),
                Machines.describe(),
                setup,
                rehearsal,
                baseline,
                floor,
                crowdResult,
                persistence,
                serverUse,
                redisUse,
                draw,
                seedComparison,
                nodeFigures,
                check,
                Targets.evaluate(baseline, floor, crowdResult, persistence, serverUse, redisUse, draw, check));
    }

    /** What following the entrants found, with the server's account of when it drew. */
    private Report.Draw drawOf(
            BenchHttp http, String admin, BenchData.Opening opening, DrawWatch.Result watched, long lastRecordedMs)
            throws IOException {
        com.alibaba.fastjson2.JSONObject draw = http.call(
                        "Reading the draw", http.get("/admin/monitor/rush/" + opening.sessionId() + "/history", admin))
                .getJSONObject("data")
                .getJSONObject("summary")
                .getJSONObject("draw");
        return new Report.Draw(
                fairDrawMs,
                watched.entrants(),
                watched.winners(),
                watched.notDrawn(),
                draw == null ? null : draw.getLong("drawnAfterCloseMs"),
                lastRecordedMs - opening.opensAtMs() - fairDrawMs,
                watched.winnersP50Ms(),
                watched.allWinnersMs(),
                watched.allEntrantsMs(),
                watched.polls(),
                watched.pollErrors());
    }

    /** {@code GET /ping} from every client for the baseline's seconds; anything but 200 fails the run. */
    private Ping ping(BenchNodes server, LoadLoop.Shot ping) throws InterruptedException {
        Duration cpuBefore = server.cpu();
        long from = WallClock.epochMicros();
        long to = from + baselineSeconds * 1_000_000L;
        LoadLoop.Run run = LoadLoop.run("baseline", clients, from, to, Long.MAX_VALUE, ping, console);
        double cores = seconds(server.cpu().minus(cpuBefore).toNanos()) / baselineSeconds;
        Analysis stats = new Analysis(run.samples());
        Map<Answer, Long> answers = stats.answers(0, Long.MAX_VALUE);
        if (answers.keySet().stream().anyMatch(a -> a != Answer.PONG)) {
            throw new BenchException("The baseline got answers other than 200: " + answers
                    + (run.firstIoError() == null ? "" : " (first I/O error: " + run.firstIoError() + ")"));
        }
        return new Ping(run, from, to, stats.rate(from, to, a -> a == Answer.PONG), cores);
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private record Ping(LoadLoop.Run run, long from, long to, Rate rate, double cores) {}

    /** The rehearsal's openings, one after the other, each with its share of the students, time and courts. */
    Report.Rehearsal rehearse(BenchHttp http, BenchData data, String admin, List<Long> courts, List<String> tokens)
            throws IOException, InterruptedException {
        int seconds = Math.max(1, warmUpSeconds / REHEARSAL_OPENINGS);
        // as the crowd under test: before the gate opens every attempt counts against the per-student limit
        int before = Math.min(1, seconds / 3);
        int perOpening = tokens.size() / REHEARSAL_OPENINGS;
        int capacity = Math.max(1, perOpening / 2 / REHEARSAL_SLOTS);
        int courtsEach = BenchData.courtsFor(REHEARSAL_SLOTS);
        long places = 0;
        long granted = 0;
        long attempts = 0;
        double busySeconds = 0;
        List<Samples> samples = new ArrayList<>();
        for (int i = 0; i < REHEARSAL_OPENINGS; i++) {
            step(
                    "rehearsal %d of %d: %,d other students at an opening of %d slots x %d places, %d s before and %d s"
                            + " after it opens",
                    i + 1, REHEARSAL_OPENINGS, perOpening, REHEARSAL_SLOTS, capacity, before, seconds - before);
            BenchData.Opening opening = data.createOpening(
                    courts.subList(i * courtsEach, (i + 1) * courtsEach),
                    REHEARSAL_SLOTS,
                    capacity,
                    PER_STUDENT,
                    before + 1,
                    zone);
            CrowdRun run = crowd(
                    http,
                    opening,
                    tokens.subList(i * perOpening, (i + 1) * perOpening),
                    null,
                    (opening.opensAtMs() * 1000 - WallClock.epochMicros()) / 1000 - 200,
                    seconds - before,
                    0);
            Analysis stats = new Analysis(run.loop().samples());
            Analysis.Rate all = stats.rate(run.start(), stats.lastDoneAt() + 1, a -> true);
            console.printf(
                    "    rehearsal %d: %,d attempts, %.0f/s, %,d of %,d places granted; answers %s%n",
                    i + 1,
                    all.requests(),
                    all.perSecond(),
                    run.grants().size(),
                    opening.places(),
                    stats.answers(0, Long.MAX_VALUE));
            if (run.grants().size() < opening.places()) {
                console.printf(
                        "    warning: rehearsal %d did not sell out, so the grant path is less warmed up%n", i + 1);
            }
            awaitRecorded(http, admin, opening.sessionId(), run.grants().size());
            places += opening.places();
            granted += run.grants().size();
            attempts += all.requests();
            busySeconds += all.seconds();
            samples.addAll(run.loop().samples());
        }
        return new Report.Rehearsal(
                REHEARSAL_OPENINGS,
                perOpening * REHEARSAL_OPENINGS,
                places,
                granted,
                new Analysis.Rate(attempts, busySeconds, attempts / busySeconds),
                new Analysis(samples).latency(0, Long.MAX_VALUE, a -> true));
    }

    /**
     * Fires the crowd at an opening, from {@code beforeMs} before its gate opens to {@code seconds} after;
     * with a fair draw of {@code drawWindowMs}, its entrants are followed from the window's close.
     */
    private CrowdRun crowd(
            BenchHttp http,
            BenchData.Opening opening,
            List<String> tokens,
            List<String> passes,
            long beforeMs,
            int seconds,
            int drawWindowMs)
            throws InterruptedException {
        long opensAt = opening.opensAtMs() * 1000;
        long start = opensAt - beforeMs * 1000L;
        Crowd crowd = new Crowd(http, opening.sessionId(), opening.slotIds(), tokens, passes, drawWindowMs > 0);
        DrawWatch watch = null;
        if (drawWindowMs > 0) {
            watch = new DrawWatch(http, crowd, opensAt + drawWindowMs * 1000L, DRAW_WATCHERS);
            watch.start();
        }
        LoadLoop.Run loop =
                LoadLoop.run("crowd", clients, start, opensAt + seconds * 1_000_000L, maxAttempts, crowd, console);
        long end = WallClock.epochMicros();
        if (watch == null) {
            return new CrowdRun(loop, crowd.grants(), start, end, null);
        }
        DrawWatch.Result drawn = watch.finish();
        List<Crowd.Grant> grants = new ArrayList<>(crowd.grants());
        grants.addAll(watch.winnerGrants());
        return new CrowdRun(loop, grants, start, end, drawn);
    }

    private int openingLead() {
        // passes for every student are got between the opening's creation and its flash time
        return Math.max(bookingPass ? 60 : 4, (preOpenMs + 999) / 1000 + 3);
    }

    /** A booking pass for each student, the answers read from the server's Redis. */
    private List<String> passesFor(BenchData data, BenchData.Opening opening, List<String> tokens)
            throws InterruptedException {
        Config config = new Config();
        config.setCodec(StringCodec.INSTANCE);
        config.useSingleServer()
                .setAddress("redis://" + (external ? redisHost : "127.0.0.1") + ":" + serverRedisPort)
                .setPassword(serverRedisPassword)
                .setDatabase(external ? redisDatabase : 0);
        RedissonClient redisson = Redisson.create(config);
        try {
            return data.passes(
                    opening.sessionId(),
                    tokens,
                    clients,
                    token -> String.valueOf(
                            redisson.getMap("bf:{s:" + opening.sessionId() + "}:challenge:" + BenchData.userIdOf(token))
                                    .get("answer")));
        } finally {
            redisson.shutdown();
        }
    }

    /**
     * One crowd: what the clients recorded, the places granted (first come and drawn), when it started and
     * ended (epoch µs), and what following a fair draw's entrants found (null without a draw).
     */
    private record CrowdRun(LoadLoop.Run loop, List<Crowd.Grant> grants, long start, long end, DrawWatch.Result draw) {}

    private static Report.Phase phase(Analysis stats, String name, long from, long to) {
        return new Report.Phase(
                name, stats.rate(from, to, a -> true), stats.answers(from, to), stats.latency(from, to, a -> true));
    }

    long awaitRecorded(BenchHttp http, String admin, long sessionId, long expected)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long recorded = Verification.countReservations(http, admin, sessionId);
        while (recorded < expected && System.nanoTime() < deadline) {
            Thread.sleep(100);
            recorded = Verification.countReservations(http, admin, sessionId);
        }
        console.printf("    %,d of %,d recorded%n", recorded, expected);
        return recorded;
    }

    private void validate() {
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
                || warmUpSeconds < 0) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this), "Sizes must be positive (capacity at most 1000, clients at most 1024).");
        }
        if (nodes < 1 || nodes > 8 || nodes > 1 && (!external || mix)) {
            throw new CommandLine.ParameterException(
                    new CommandLine(this),
                    "--nodes is 1 to 8; more than one node needs --external (they share its services), not --mix.");
        }
    }

    private List<String> jvmOptions(Path runDir) {
        List<String> options = new ArrayList<>(serverJvmOptions);
        if (jfr) {
            options.add("-XX:FlightRecorderOptions=stackdepth=256");
            options.add("-XX:StartFlightRecording=settings=profile,dumponexit=true,filename="
                    + runDir.resolve("server.jfr").toAbsolutePath());
        }
        return options;
    }

    private List<String> serverArgs(Path runDir, int port, int embeddedRedisPort) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=" + port,
                "--server.address=127.0.0.1",
                "--courtrush.data-dir=" + runDir.resolve("data").toAbsolutePath(),
                "--courtrush.zone=" + zone));
        if (!mix) {
            // students are imported and log in by the thousand; the cost of hashing is not under test (the mix's is)
            args.add("--courtrush.auth.bcrypt-strength=4");
        }
        if (external) {
            args.addAll(List.of(
                    "--courtrush.infra.mode=external",
                    "--spring.datasource.url=" + mysqlUrl,
                    "--spring.datasource.username=" + mysqlUser,
                    "--spring.datasource.password=" + mysqlPassword,
                    "--spring.data.redis.host=" + redisHost,
                    "--spring.data.redis.port=" + redisPort,
                    "--spring.data.redis.database=" + redisDatabase,
                    "--spring.rabbitmq.host=" + amqpHost,
                    "--spring.rabbitmq.port=" + amqpPort,
                    "--spring.rabbitmq.username=" + amqpUser,
                    "--spring.rabbitmq.password=" + amqpPassword));
        } else {
            args.add("--courtrush.infra.embedded-redis-port=" + embeddedRedisPort);
        }
        args.addAll(serverArgs);
        return args;
    }

    String mixCommandLine() {
        return "java -jar bench/target/bench.jar --mix" + (external ? " --external" : "")
                + String.format(
                        Locale.ROOT,
                        " --mix-students %d --slots %d --capacity %d --mix-clients %d",
                        mixStudents,
                        slots,
                        capacity,
                        mixClients);
    }

    private String commandLine() {
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

    /**
     * Each node's Prometheus meters now; none for one node of an engine from before it exported them
     * (measured with {@code --jar}, to bisect).
     */
    private static List<NodeMeters.Scrape> scrape(BenchNodes server, String admin) throws IOException {
        List<NodeMeters.Scrape> scrapes = new ArrayList<>();
        for (BenchHttp node : server.direct()) {
            Optional<NodeMeters.Scrape> scrape = NodeMeters.scrape(node, admin);
            if (scrape.isEmpty() && server.size() == 1) {
                return List.of();
            }
            scrapes.add(scrape.orElseThrow(() -> new BenchException(
                    "A node has no /actuator/prometheus: several nodes are measured by their own meters")));
        }
        return scrapes;
    }

    void step(String format, Object... args) {
        console.printf(
                "[%6.1f s %s] %s%n",
                seconds(System.nanoTime() - startedNanos),
                java.time.LocalTime.now().withNano(0),
                String.format(format, args));
    }

    /**
     * Waits until neither the server's JIT compilers nor the bench's own have compiled for a second
     * (at most {@link #JIT_QUIET_WAIT}), so that neither competes for the cores with what is measured
     * next: on two cores a compiler catching up takes one of them.
     */
    private void awaitJitQuiet(ServerMetrics metrics) throws IOException, InterruptedException {
        CompilationMXBean own = ManagementFactory.getCompilationMXBean();
        long start = System.nanoTime();
        long deadline = start + JIT_QUIET_WAIT.toNanos();
        long serverMs = metrics.jitCompileMs();
        long ownMs = own.getTotalCompilationTime();
        while (true) {
            Thread.sleep(1000);
            long serverNow = metrics.jitCompileMs();
            long ownNow = own.getTotalCompilationTime();
            boolean quiet = serverNow - serverMs <= JIT_QUIET_MS && ownNow - ownMs <= JIT_QUIET_MS;
            if (quiet || System.nanoTime() > deadline) {
                console.printf(
                        "    JIT compilers %s after %.1f s (last second: server %d ms, bench %d ms)%n",
                        quiet ? "quiet" : "still busy, going on",
                        seconds(System.nanoTime() - start),
                        serverNow - serverMs,
                        ownNow - ownMs);
                return;
            }
            serverMs = serverNow;
            ownMs = ownNow;
        }
    }

    /** CPU this JVM (the bench's clients) has used so far. */
    static Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    private static double ratio(double part, double whole) {
        return whole == 0 ? 0 : part / whole;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
