package com.courtrush.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

/**
 * The first rush after a restart, as a gym meets it: once the set-up is done (students imported and
 * signed in — their phones keep their tokens), the engine is restarted, the opening is made and warmed
 * up, and nothing happens for {@code --cold-idle-seconds} (the engine's own jobs run) before the crowd
 * comes, with no rehearsal and no {@code /ping} before it. It is measured as the rehearsed rush is, on an
 * opening of its own: the same courts and students, another play date, so that neither crowd's bookings
 * count against the other's fair share.
 */
final class ColdRush {

    /** The cold opening's play date, days after its flash time's (the rehearsed rush's is one day after). */
    static final int PLAY_DAYS_AHEAD = 2;

    private final FlashBench bench;
    private final PrintStream console;

    ColdRush(FlashBench bench, PrintStream console) {
        this.bench = bench;
        this.console = console;
    }

    Report.Cold measure(
            BenchNodes server,
            BenchHttp http,
            BenchData data,
            CrowdFire crowds,
            RedisStats redisStats,
            String admin,
            Seeding.Seeded seeded)
            throws IOException, InterruptedException {
        bench.step("the cold rush: restarting the server, as a gym restarts its engine before the day's opening");
        long restartStart = System.nanoTime();
        server.restart(console);
        http.dropIdleConnections();
        double restartSeconds = FlashBench.seconds(System.nanoTime() - restartStart);
        int lead = bench.coldIdleSeconds + (bench.preOpenMs + 999) / 1000 + 1;
        bench.step(
                "the cold rush's opening: %d slots x %d places, warmed up now, its gate opens in %d s; the server"
                        + " idles until its crowd",
                bench.slots, bench.capacity, lead);
        BenchData.Opening opening = data.createOpening(
                seeded.courts(),
                bench.slots,
                bench.capacity,
                FlashRun.PER_STUDENT,
                lead,
                bench.zone,
                false,
                0,
                PLAY_DAYS_AHEAD);
        long idleFrom = System.nanoTime();
        ServerMetrics metrics = new ServerMetrics(server.direct(), admin);
        WallClock.awaitEpochMicros(opening.opensAtMs() * 1000 - bench.preOpenMs * 1000L - 300_000);
        double idleSeconds = FlashBench.seconds(System.nanoTime() - idleFrom);
        RushMeters.Before before = RushMeters.before(server, metrics, redisStats, admin);
        bench.step(
                "the cold crowd: %,d students, %d clients, from %d ms before the opening to %d s after",
                bench.students, bench.clients, bench.preOpenMs, bench.rushSeconds);
        CrowdFire.Run run = crowds.fire(opening, seeded.tokens(), null, bench.preOpenMs, bench.rushSeconds, 0);
        RushMeters.During during = before.after(run);
        List<Crowd.Grant> grants = run.grants();
        bench.step("waiting until the cold rush's %d granted places are in the database", grants.size());
        long recorded = Verification.awaitRecorded(http, admin, opening.sessionId(), grants.size(), console);
        Report.Persistence persistence =
                FlashRun.persistence(metrics, before, run, opening, recorded).persistence();
        bench.step("checking the cold rush's invariants");
        Verification.Result check = Verification.check(http, admin, opening.sessionId(), grants);
        Report.CrowdResult crowd = RushFigures.crowd(
                run.loop().samples(),
                run.start(),
                opening.opensAtMs() * 1000,
                RushFigures.lastGrant(grants, run.end()),
                run.loop().ioErrors(),
                run.loop().firstIoError());
        Analysis.Latency winners = Report.winners(crowd);
        console.printf(
                "    cold rush: sold out %.0f ms after the opening; winners' 202 p50 %.1f ms, p99 %.1f ms; crowd p99"
                        + " %.1f ms; server JIT compiling %.1f s of the crowd's %.1f s%n",
                crowd.soldOutAfterMs(),
                winners.p50Ms(),
                winners.p99Ms(),
                crowd.latency().p99Ms(),
                during.jitSeconds(),
                during.crowdSeconds());
        return new Report.Cold(
                restartSeconds,
                idleSeconds,
                crowd,
                persistence,
                during.crowdCpu() / during.crowdSeconds(),
                during.jitSeconds(),
                during.threadsStarted(),
                check);
    }
}
