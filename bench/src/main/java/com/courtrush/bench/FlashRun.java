package com.courtrush.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * The closed-loop flash run, phase by phase: the setup ({@link Seeding}), the warm-up ({@link WarmUp}),
 * Redis's floor and the seed's design beside it, the baseline ({@link Baseline}), the opening and its rush
 * (the crowd through {@link CrowdFire}, the meters around it: {@link RushMeters}), the places recorded,
 * the baseline again, the invariants ({@link Verification}) and the report ({@link RushFigures},
 * {@link Report}).
 */
final class FlashRun {

    /** Places a student may hold in the opening under test: the product's default. */
    static final int PER_STUDENT = 2;

    private final FlashBench bench;
    private final PrintStream console;

    FlashRun(FlashBench bench, PrintStream console) {
        this.bench = bench;
        this.console = console;
    }

    /** What the phases before the rush found. */
    private record Prepared(
            Seeding.Seeded seeded,
            Report.Rehearsal rehearsal,
            Report.RedisFloor floor,
            Report.SeedComparison seedComparison) {}

    /** The rush: its opening, the crowd's run, the meters' changes and the Redis round trips when idle. */
    private record Rush(
            BenchData.Opening opening,
            CrowdFire.Run run,
            RushMeters.Before before,
            RushMeters.During during,
            double idleRate) {}

    Report measure(BenchNodes server, BenchHttp http, RedisStats redisStats, String admin, String runId)
            throws IOException, InterruptedException {
        BenchData data = new BenchData(http, admin, runId, console);
        CrowdFire crowds = new CrowdFire(http, bench.clients, bench.maxAttempts, console);
        WarmUp warmUp = new WarmUp(bench, http, crowds, console);
        LoadLoop.Shot ping = Baseline.shot(http);
        Seeding.Seeded seeded = Seeding.seed(bench, data);
        // the growth bench compares two phases' rehearsed rushes: a cold one each would add minutes, not a comparison
        Report.Cold cold = bench.coldIdleSeconds > 0 && !bench.growth
                ? new ColdRush(bench, console).measure(server, http, data, crowds, redisStats, admin, seeded)
                : null;
        Prepared prepared = prepare(seeded, data, warmUp, ping, redisStats, admin);

        ServerMetrics metrics = new ServerMetrics(server.direct(), admin);
        warmUp.awaitJitQuiet(metrics);
        SlowConnections slow = null;
        if (bench.slowClients > 0) {
            URI first = URI.create(server.addresses().get(0));
            bench.step("%d slow connections from here, a byte a second, until the crowd ends", bench.slowClients);
            slow = SlowConnections.open(first.getHost(), first.getPort(), bench.slowClients);
        }
        Baseline baseline = new Baseline(server, bench.clients, bench.baselineSeconds, console);
        bench.step("baseline: GET /ping with %d clients for %d s", bench.clients, bench.baselineSeconds);
        Baseline.Ping baselineBefore = baseline.measure(ping);

        warmUp.awaitJitQuiet(metrics);
        Rush rush = rush(server, http, data, crowds, metrics, redisStats, admin, prepared.seeded(), slow);

        List<Crowd.Grant> grants = rush.run().grants();
        bench.step("waiting until the %d granted places are in the database", grants.size());
        long recorded = Verification.awaitRecorded(http, admin, rush.opening().sessions(), grants.size(), console);
        Recorded persistence = persistence(metrics, rush, recorded);
        // the machine's speed drifts: the crowd is compared with the baseline measured on both sides of it
        bench.step(
                "baseline again, after the crowd: GET /ping with %d clients for %d s",
                bench.clients, bench.baselineSeconds);
        Baseline.Ping baselineAfter = baseline.measure(ping);
        bench.step("checking the invariants");
        Verification.Result check =
                Verification.check(http, admin, rush.opening().sessions(), grants);
        return report(
                server,
                http,
                admin,
                prepared,
                cold,
                rush,
                persistence,
                Baseline.of(baselineBefore, baselineAfter),
                check);
    }

    /** The warm-up, Redis's floor and the seed's design beside the product's script. */
    private Prepared prepare(
            Seeding.Seeded seeded,
            BenchData data,
            WarmUp warmUp,
            LoadLoop.Shot ping,
            RedisStats redisStats,
            String admin)
            throws IOException, InterruptedException {
        warmUp.pings(ping);
        List<Long> courts = seeded.courts();
        Report.Rehearsal rehearsal = bench.warmUpSeconds > 0
                ? warmUp.rehearse(
                        data,
                        admin,
                        courts.subList(BenchData.courtsFor(bench.slots), courts.size()),
                        seeded.rehearsalTokens())
                : null;
        // the floor first: its Redisson calls keep the bench's own optimizing compiler busy for seconds after
        bench.step(
                "the floor: a trivial Redis script through Redisson with %d threads for %d s",
                bench.clients, bench.baselineSeconds);
        Report.RedisFloor floor = RedisFloor.measure(
                bench.engines.redisHost(),
                bench.engines.redisPort(),
                bench.engines.redisPassword(),
                bench.engines.redisDatabase(),
                bench.clients,
                bench.baselineSeconds,
                console);
        Report.SeedComparison seedComparison = null;
        if (bench.seedDesign) {
            bench.step(
                    "the seed's decision, a call at a time, beside the product's one script: %d threads, %d s each",
                    bench.clients, bench.baselineSeconds);
            seedComparison = SeedComparison.measure(
                    bench.engines.redisHost(),
                    bench.engines.redisPort(),
                    bench.engines.redisPassword(),
                    bench.engines.redisDatabase(),
                    redisStats,
                    bench.jar,
                    bench.clients,
                    bench.baselineSeconds,
                    bench.slots,
                    bench.capacity,
                    console);
        }
        return new Prepared(seeded, rehearsal, floor, seedComparison);
    }

    /** The opening created, its passes got, the meters read, the crowd fired from before it opens to after. */
    private Rush rush(
            BenchNodes server,
            BenchHttp http,
            BenchData data,
            CrowdFire crowds,
            ServerMetrics metrics,
            RedisStats redisStats,
            String admin,
            Seeding.Seeded seeded,
            SlowConnections slow)
            throws IOException, InterruptedException {
        bench.step(
                "creating the opening: %d slots x %d places, flash time in %d s%s",
                bench.slots,
                bench.capacity,
                openingLead(),
                bench.venues > 1 ? ", dealt among " + bench.venues + " venues flashing at that second" : "");
        BenchData.Opening opening = bench.venues > 1
                ? data.createOpenings(
                        seeded.courts(),
                        bench.slots,
                        bench.capacity,
                        PER_STUDENT,
                        LocalDateTime.now(bench.zone).plusSeconds(openingLead()).truncatedTo(ChronoUnit.SECONDS),
                        bench.venues)
                : data.createOpening(
                        seeded.courts(),
                        bench.slots,
                        bench.capacity,
                        PER_STUDENT,
                        openingLead(),
                        bench.zone,
                        bench.bookingPass,
                        bench.fairDrawMs,
                        1);
        List<String> tokens = seeded.tokens();
        List<String> passes = null;
        if (bench.bookingPass) {
            bench.step("booking passes: a challenge and its answer for each of %,d students", tokens.size());
            passes = passesFor(data, opening, tokens);
        }
        long idleStart = System.nanoTime();
        long idleTrips = metrics.redisRoundTrips();
        WallClock.awaitEpochMicros(opening.opensAtMs() * 1000 - bench.preOpenMs * 1000L - 300_000);
        double idleRate = (metrics.redisRoundTrips() - idleTrips) / FlashBench.seconds(System.nanoTime() - idleStart);

        RushMeters.Before before = RushMeters.before(server, metrics, redisStats, admin);
        bench.step(
                "the crowd: %,d students, %d clients, from %d ms before the opening to %d s after",
                bench.students, bench.clients, bench.preOpenMs, bench.rushSeconds);
        long waitedBefore = metrics.bodiesWaitedFor();
        Bystander slotsPage = Bystander.start(http, "/slots", tokens.get(0));
        CrowdFire.Run run = crowds.fire(opening, tokens, passes, bench.preOpenMs, bench.rushSeconds, bench.fairDrawMs);
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
        return new Rush(opening, run, before, before.after(run), idleRate);
    }

    /** How the granted places reached the database, and when the last one did (epoch ms). */
    record Recorded(Report.Persistence persistence, long lastRecordedMs) {}

    /** How the granted places reached the database: read once they are all there (or the wait gave up). */
    private static Recorded persistence(ServerMetrics metrics, Rush rush, long recorded) throws IOException {
        return persistence(metrics, rush.before(), rush.run(), rush.opening(), recorded);
    }

    /** How a crowd's granted places reached the database, from the meters read before it. */
    static Recorded persistence(
            ServerMetrics metrics,
            RushMeters.Before before,
            CrowdFire.Run run,
            BenchData.Opening opening,
            long recorded)
            throws IOException {
        double meanLagMs = metrics.persistLag().since(before.lag()).meanMs();
        // the consumers forget the grants they recorded with one round trip per transaction
        long consumerTrips = metrics.consumerBatches() - before.batches();
        long storeForces = before.forces() < 0 ? -1 : metrics.storeLogForces() - before.forces();
        long lastRecordedMs = metrics.lastRecordedMs();
        List<Crowd.Grant> grants = run.grants();
        // the last place was decided after its request was sent: measuring from then over-states the lag
        long lastGrantAsked = RushFigures.lastGrantAsked(grants, run.end());
        return new Recorded(
                new Report.Persistence(
                        grants.size(),
                        recorded,
                        consumerTrips,
                        storeForces,
                        meanLagMs,
                        lastRecordedMs - opening.opensAtMs(),
                        lastRecordedMs - lastGrantAsked / 1000.0),
                lastRecordedMs);
    }

    private Report report(
            BenchNodes server,
            BenchHttp http,
            String admin,
            Prepared prepared,
            Report.Cold cold,
            Rush rush,
            Recorded recorded,
            Report.Baseline baseline,
            Verification.Result check)
            throws IOException {
        CrowdFire.Run run = rush.run();
        RushMeters.During during = rush.during();
        Report.Persistence persistence = recorded.persistence();
        long opensAtMicros = rush.opening().opensAtMs() * 1000;
        Report.CrowdResult crowdResult = RushFigures.crowd(
                run.loop().samples(),
                run.start(),
                opensAtMicros,
                RushFigures.lastGrant(run.grants(), run.end()),
                run.loop().ioErrors(),
                run.loop().firstIoError());
        Report.RedisUse redisUse = RushFigures.redisUse(
                crowdResult.all().requests(),
                during.localAnswers(),
                during.trips(),
                rush.idleRate(),
                during.crowdSeconds(),
                persistence.transactions(),
                during.commands());
        Report.ServerUse serverUse = new Report.ServerUse(
                during.crowdCpu(),
                during.crowdCpu() / during.crowdSeconds(),
                during.redisCpuSeconds(),
                during.clientCpuSeconds(),
                during.jitSeconds(),
                during.gc().count(),
                during.gc().totalMs() / 1000,
                during.grantServerMs(),
                server.peakRssMib(),
                server.rssMib(),
                during.threadsStarted(),
                MachineLoad.between(
                        during.machineBefore(),
                        during.machineAfter(),
                        during.crowdCpu() + Math.max(0, during.redisCpuSeconds()) + during.clientCpuSeconds(),
                        bench.external));
        Report.Draw draw =
                run.draw() == null ? null : drawOf(http, admin, rush.opening(), run.draw(), recorded.lastRecordedMs());
        Report.Setup setup = new Report.Setup(
                bench.stack(),
                bench.students,
                bench.slots,
                bench.capacity,
                rush.opening().places(),
                bench.clients,
                bench.preOpenMs / 1000.0,
                bench.rushSeconds,
                prepared.seeded().setupSeconds(),
                prepared.seeded().loginSeconds(),
                String.join(" ", bench.serverJvmOptions));
        return new Report(
                LocalDateTime.now().withNano(0).toString(),
                bench.commandLine(),
                Machines.describe(),
                setup,
                prepared.rehearsal(),
                cold,
                baseline,
                prepared.floor(),
                crowdResult,
                persistence,
                serverUse,
                redisUse,
                draw,
                prepared.seedComparison(),
                during.nodes(),
                check,
                Targets.evaluate(
                        baseline, prepared.floor(), crowdResult, persistence, serverUse, redisUse, draw, cold, check));
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
                bench.fairDrawMs,
                watched.entrants(),
                watched.winners(),
                watched.notDrawn(),
                draw == null ? null : draw.getLong("drawnAfterCloseMs"),
                lastRecordedMs - opening.opensAtMs() - bench.fairDrawMs,
                watched.winnersP50Ms(),
                watched.allWinnersMs(),
                watched.allEntrantsMs(),
                watched.polls(),
                watched.pollErrors());
    }

    private int openingLead() {
        // passes for every student are got between the opening's creation and its flash time
        return Math.max(bench.bookingPass ? 60 : 4, (bench.preOpenMs + 999) / 1000 + 3);
    }

    /** A booking pass for each student, the answers read from the server's Redis. */
    private List<String> passesFor(BenchData data, BenchData.Opening opening, List<String> tokens)
            throws InterruptedException {
        Config config = new Config();
        config.setCodec(StringCodec.INSTANCE);
        config.useSingleServer()
                .setAddress("redis://" + bench.engines.redisHost() + ":" + bench.engines.redisPort())
                .setPassword(bench.engines.redisPassword())
                .setDatabase(bench.engines.redisDatabase());
        RedissonClient redisson = Redisson.create(config);
        try {
            return data.passes(
                    opening.sessionId(),
                    tokens,
                    bench.clients,
                    token -> String.valueOf(
                            redisson.getMap("bf:{s:" + opening.sessionId() + "}:challenge:" + BenchData.userIdOf(token))
                                    .get("answer")));
        } finally {
            redisson.shutdown();
        }
    }
}
