package com.courtrush.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Gets the server ready to be measured: {@code GET /ping} for a while, rehearsal openings with other
 * students so that the JIT has compiled the grant, publish and consumer paths, and waits for the JIT
 * compilers (the server's and the bench's own) to go quiet before each measurement.
 */
final class WarmUp {

    private static final int PING_WARM_UP_SECONDS = 10;
    /** Compiling time per second under which a JVM's JIT counts as quiet, and how long to wait for it. */
    private static final long JIT_QUIET_MS = 20;

    private static final Duration JIT_QUIET_WAIT = Duration.ofSeconds(30);
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

    private final FlashBench bench;
    private final BenchHttp http;
    private final CrowdFire crowds;
    private final PrintStream console;

    WarmUp(FlashBench bench, BenchHttp http, CrowdFire crowds, PrintStream console) {
        this.bench = bench;
        this.http = http;
        this.crowds = crowds;
        this.console = console;
    }

    /** {@code GET /ping} from every client for a few seconds. */
    void pings(LoadLoop.Shot ping) throws InterruptedException {
        bench.step("warming the server up: GET /ping for %d s", PING_WARM_UP_SECONDS);
        long now = WallClock.epochMicros();
        LoadLoop.run(
                "warm-up", bench.clients, now, now + PING_WARM_UP_SECONDS * 1_000_000L, Long.MAX_VALUE, ping, console);
    }

    /** The rehearsal's openings, one after the other, each with its share of the students, time and courts. */
    Report.Rehearsal rehearse(BenchData data, String admin, List<Long> courts, List<String> tokens)
            throws IOException, InterruptedException {
        int seconds = Math.max(1, bench.warmUpSeconds / REHEARSAL_OPENINGS);
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
            bench.step(
                    "rehearsal %d of %d: %,d other students at an opening of %d slots x %d places, %d s before and %d s"
                            + " after it opens",
                    i + 1, REHEARSAL_OPENINGS, perOpening, REHEARSAL_SLOTS, capacity, before, seconds - before);
            BenchData.Opening opening = data.createOpening(
                    courts.subList(i * courtsEach, (i + 1) * courtsEach),
                    REHEARSAL_SLOTS,
                    capacity,
                    FlashRun.PER_STUDENT,
                    before + 1,
                    bench.zone);
            CrowdFire.Run run = crowds.fire(
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
            Verification.awaitRecorded(
                    http, admin, opening.sessionId(), run.grants().size(), console);
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
     * Waits until neither the server's JIT compilers nor the bench's own have compiled for a second
     * (at most {@link #JIT_QUIET_WAIT}), so that neither competes for the cores with what is measured
     * next: on two cores a compiler catching up takes one of them.
     */
    void awaitJitQuiet(ServerMetrics metrics) throws IOException, InterruptedException {
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
                        FlashBench.seconds(System.nanoTime() - start),
                        serverNow - serverMs,
                        ownNow - ownMs);
                return;
            }
            serverMs = serverNow;
            ownMs = ownNow;
        }
    }
}
