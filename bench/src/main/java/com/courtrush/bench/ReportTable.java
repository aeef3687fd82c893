package com.courtrush.bench;

import com.courtrush.bench.Analysis.Latency;
import com.courtrush.bench.Analysis.Rate;
import com.courtrush.bench.Report.Baseline;
import com.courtrush.bench.Report.Cold;
import com.courtrush.bench.Report.CrowdResult;
import com.courtrush.bench.Report.Design;
import com.courtrush.bench.Report.Draw;
import com.courtrush.bench.Report.Machine;
import com.courtrush.bench.Report.MachineUse;
import com.courtrush.bench.Report.Node;
import com.courtrush.bench.Report.Persistence;
import com.courtrush.bench.Report.Phase;
import com.courtrush.bench.Report.RedisFloor;
import com.courtrush.bench.Report.RedisUse;
import com.courtrush.bench.Report.Rehearsal;
import com.courtrush.bench.Report.SeedComparison;
import com.courtrush.bench.Report.ServerUse;
import com.courtrush.bench.Report.Setup;
import com.courtrush.bench.Report.Target;
import com.courtrush.bench.Report.Tick;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** A flash bench run's {@link Report} as the table the bench prints. */
final class ReportTable {

    private ReportTable() {}

    static void print(Report report, PrintStream out) {
        String takenAt = report.takenAt();
        Machine machine = report.machine();
        Setup setup = report.setup();
        Rehearsal rehearsal = report.rehearsal();
        Cold cold = report.cold();
        Baseline baseline = report.baseline();
        RedisFloor redisFloor = report.redisFloor();
        CrowdResult crowd = report.crowd();
        Persistence persistence = report.persistence();
        ServerUse server = report.server();
        RedisUse redis = report.redis();
        Draw draw = report.draw();
        SeedComparison seedDesign = report.seedDesign();
        List<Node> nodes = report.nodes();
        Verification.Result correctness = report.correctness();
        List<Target> targets = report.targets();
        out.println();
        out.println("CourtRush flash bench — " + takenAt);
        out.printf(
                "  machine : %s, %s, %d cores, %.1f GiB, Java %s%n",
                machine.os(), machine.cpu(), machine.cores(), machine.memoryGib(), machine.java());
        out.printf(
                "  stack   : %s; %,d students, %d slots x %d = %,d places, %d clients, crowd from %.1f s before "
                        + "the opening to %.1f s after%n",
                setup.stack(),
                setup.students(),
                setup.slots(),
                setup.capacity(),
                setup.places(),
                setup.clients(),
                setup.preOpenSeconds(),
                setup.rushSeconds());
        out.printf(
                "  set-up  : %.1f s (courts, students, opening); logins %.1f s; server JVM options: %s%n",
                setup.setupSeconds(),
                setup.loginSeconds(),
                setup.serverJvmOptions().isEmpty() ? "none" : setup.serverJvmOptions());
        if (rehearsal != null) {
            out.printf(
                    "  rehearsal (warming the JIT up): %d openings, %,d students, %,d places (%,d granted): "
                            + "%,d attempts, %.0f/s, p99 %.1f ms%n",
                    rehearsal.openings(),
                    rehearsal.students(),
                    rehearsal.places(),
                    rehearsal.granted(),
                    rehearsal.rate().requests(),
                    rehearsal.rate().perSecond(),
                    rehearsal.latency().p99Ms());
        } else {
            out.println("  no warm-up: measured on a cold JIT");
        }
        out.println();
        if (cold != null) {
            printCold(report, out);
        }
        out.printf(
                "%-34s %10s %8s %10s %8s %8s %8s %8s%n",
                "throughput", "requests", "seconds", "per sec", "p50 ms", "p90 ms", "p99 ms", "max ms");
        row(out, "baseline GET " + baseline.endpoint(), baseline.rate(), baseline.latency());
        row(out, "  before the crowd", baseline.before());
        row(out, "  after the crowd", baseline.after());
        if (redisFloor != null) {
            row(out, "floor: Redis script via Redisson", redisFloor.rate(), redisFloor.latency());
        }
        row(out, "crowd POST /reserve/ (all)", crowd.all(), crowd.latency());
        for (Phase phase : crowd.phases()) {
            row(out, "  " + phase.name(), phase.rate(), phase.latency());
        }
        row(out, "  accepted (202)", crowd.accepted());
        row(out, "  decided in Redis (start..last win)", crowd.decidedInRedis());
        row(out, "  sold-out rejects (after last win)", crowd.soldOut());
        if (redisFloor != null) {
            double ceiling = redisFloor.ceilingWith(baseline.rate());
            out.printf(
                    "  a request costing one %s plus one script call: at most %.0f/s = %.2f x the baseline"
                            + " (script calls took %.2f cores of the bench's JVM)%n",
                    baseline.endpoint(), ceiling, ceiling / baseline.rate().perSecond(), redisFloor.clientCores());
        }
        out.println();
        out.printf("around the opening, per 250 ms (the closed loop runs at %d clients / latency)%n", setup.clients());
        for (Tick tick : crowd.aroundTheOpening()) {
            out.printf(
                    "  %+6d ms %8.0f/s  p50 %7.2f ms  %4d granted%n",
                    tick.fromOpeningMs(),
                    tick.rate().perSecond(),
                    tick.latency().p50Ms(),
                    tick.accepted());
        }
        out.println();
        out.printf(
                "%-34s %10s %8s %8s %8s %8s%n", "latency by answer", "count", "p50 ms", "p90 ms", "p99 ms", "max ms");
        crowd.latencyByAnswer()
                .forEach((answer, l) -> out.printf(
                        "%-34s %10d %8.2f %8.2f %8.2f %8.2f%n",
                        "  " + answer, l.count(), l.p50Ms(), l.p90Ms(), l.p99Ms(), l.maxMs()));
        for (Phase phase : crowd.phases()) {
            out.printf("  %-20s answers %s%n", phase.name(), phase.answers());
        }
        if (crowd.ioErrors() > 0) {
            out.printf("  I/O errors: %d (first: %s)%n", crowd.ioErrors(), crowd.firstIoError());
        }
        out.println();
        if (draw != null) {
            out.printf(
                    "fair draw (%d ms window): %,d entrants, %,d drawn, %,d not drawn; from the window's close: "
                            + "drawn after %s ms (Redis clock), every winner's place committed after %.0f ms; polling "
                            + "as the page does, half the winners knew after %.0f ms, every winner after %.0f ms, every "
                            + "entrant after %.0f ms (%,d result polls, %d failed)%n",
                    draw.windowMs(),
                    draw.entrants(),
                    draw.winners(),
                    draw.notDrawn(),
                    draw.drawnAfterCloseMs() == null
                            ? "?"
                            : draw.drawnAfterCloseMs().toString(),
                    draw.allCommittedMs(),
                    draw.winnersP50Ms(),
                    draw.allWinnersMs(),
                    draw.allEntrantsMs(),
                    draw.polls(),
                    draw.pollErrors());
        }
        if (seedDesign != null) {
            out.printf(
                    "the seed's design beside CourtRush's (same Redis, %d threads, %d s each, %d slots x %d):%n",
                    seedDesign.clients(), seedDesign.seconds(), seedDesign.slots(), seedDesign.capacity());
            for (Design d : List.of(seedDesign.seed(), seedDesign.courtRush())) {
                out.printf(
                        "  %-26s %8.0f decisions/s  %5.2f round trips (%5.2f commands) each  p99 %6.2f ms  "
                                + "oversold %d  %s%n",
                        d.name(),
                        d.decisionsPerSecond(),
                        d.roundTripsPerDecision(),
                        d.commandsPerDecision(),
                        d.latency().p99Ms(),
                        d.oversold(),
                        d.answers());
            }
            out.printf("  CourtRush decides %.1f x as many per second%n", seedDesign.speedUp());
        }
        out.printf(
                "persistence: %d granted, %d recorded in %d transactions%s; decision -> row committed mean %.1f ms; "
                        + "opening -> last place committed %.0f ms (last place asked for -> all committed %.0f ms)%n",
                persistence.granted(),
                persistence.recorded(),
                persistence.transactions(),
                persistence.storeLogForces() < 0
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "; the broker's store forced its log %d times",
                                persistence.storeLogForces()),
                persistence.meanLagMs(),
                persistence.openingToLastPersistedMs(),
                persistence.lastGrantToLastPersistedMs());
        out.printf(
                "server: crowd CPU %.1f s = %.2f cores (baseline %.2f cores); embedded redis-server CPU %s; "
                        + "bench client CPU %.1f s; JIT compiler threads busy %.1f s of the crowd's %.1f s; "
                        + "GC paused %.2f s in %d pauses; granted requests in the reserve service (decision to "
                        + "confirm) %.1f ms mean; peak RSS %.0f MiB, after the run %.0f MiB%n",
                server.crowdCpuSeconds(),
                server.crowdCores(),
                baseline.serverCores(),
                server.redisCpuSeconds() < 0 ? "n/a (external)" : String.format("%.1f s", server.redisCpuSeconds()),
                server.clientCpuSeconds(),
                server.jitSeconds(),
                crowd.all().seconds(),
                server.gcPauseSeconds(),
                server.gcPauses(),
                server.grantServerMeanMs(),
                server.peakRssMib(),
                server.rssAfterMib());
        MachineUse use = server.machine();
        out.printf(
                "machine during the crowd: %.2f cores busy (external services %.2f, other processes %.2f), "
                        + "steal %.2f; server threads started %,d -> %s%n",
                use.busyCores(),
                use.serviceCores(),
                use.otherCores(),
                use.stealCores(),
                server.threadsStarted(),
                use.noisy() ? "NOISY: other load shared the cores, compare this run with care" : "quiet");
        out.printf(
                "redis: %,d decisions in Redis, %,d sold-out answers from local flags; %,d round trips "
                        + "(%.3f per decision, %.3f net of %.1f/s background and the consumers' one per transaction); "
                        + "script calls %.3f per decision%n",
                redis.decisions(),
                redis.localSoldOutAnswers(),
                redis.roundTrips(),
                redis.roundTripsPerDecision(),
                redis.netRoundTripsPerDecision(),
                redis.idleRoundTripsPerSecond(),
                redis.scriptCallsPerDecision());
        if (nodes.size() > 1) {
            out.printf("nodes (each one's /actuator/prometheus; latency in the node, from its histogram):%n");
            for (Node node : nodes) {
                out.printf(
                        "  node %d %-22s %,9d requests  p50 %6.2f ms  p99 %6.2f ms  CPU %5.1f s = %.2f cores  "
                                + "%,d Redis round trips  peak RSS %.0f MiB  %s%n",
                        node.node(),
                        node.address(),
                        node.requests(),
                        node.p50Ms(),
                        node.p99Ms(),
                        node.cpuSeconds(),
                        node.cores(),
                        node.redisRoundTrips(),
                        node.peakRssMib(),
                        node.outcomes());
            }
            out.printf(
                    "  the nodes counted %,d requests together; the bench sent %,d%n",
                    nodes.stream().mapToLong(Node::requests).sum(), crowd.all().requests());
        }
        out.printf(
                "correctness: %d reservations (%d active); oversold %d, twice %d, Redis stock != DB %d, "
                        + "dedup != holders %d, lost grants %d, unclaimed rows %d -> %s%n",
                correctness.reservations(),
                correctness.active(),
                correctness.oversold(),
                correctness.twice(),
                correctness.stockMismatches(),
                correctness.dedupMismatches(),
                correctness.lost(),
                correctness.unclaimed(),
                correctness.ok() ? "OK" : "FAILED " + correctness.problems());
        out.println();
        Targets.print(out, targets, 24, 16);
    }

    /** The cold rush beside the rehearsed one, figure by figure. */
    private static void printCold(Report report, PrintStream out) {
        Cold cold = report.cold();
        Persistence persistence = report.persistence();
        ServerUse server = report.server();
        out.printf(
                "the first rush after a restart (restarted in %.1f s, idle %.0f s after its opening's warm-up, no"
                        + " rehearsal) beside the rehearsed rush%n",
                cold.restartSeconds(), cold.idleSeconds());
        out.printf("%-44s %14s %14s %10s%n", "", "cold", "rehearsed", "ratio");
        CrowdResult warm = report.crowd();
        coldRow(
                out,
                "decided in Redis /s",
                cold.crowd().decidedInRedis().perSecond(),
                warm.decidedInRedis().perSecond());
        coldRow(out, "opening -> sold out ms", cold.crowd().soldOutAfterMs(), warm.soldOutAfterMs());
        coldRow(
                out,
                "places granted in the first 250 ms",
                Cold.grantedWithin(cold.crowd(), 250),
                Cold.grantedWithin(warm, 250));
        coldRow(
                out,
                "places granted in the first second",
                Cold.grantedWithin(cold.crowd(), 1000),
                Cold.grantedWithin(warm, 1000));
        coldRow(
                out,
                "winners' 202 p50 ms",
                Report.winners(cold.crowd()).p50Ms(),
                Report.winners(warm).p50Ms());
        coldRow(
                out,
                "winners' 202 p99 ms",
                Report.winners(cold.crowd()).p99Ms(),
                Report.winners(warm).p99Ms());
        coldRow(
                out,
                "crowd p99 ms",
                cold.crowd().latency().p99Ms(),
                warm.latency().p99Ms());
        coldRow(
                out,
                "last place won -> every place committed ms",
                cold.persistence().lastGrantToLastPersistedMs(),
                persistence.lastGrantToLastPersistedMs());
        coldRow(out, "decision -> row committed, mean ms", cold.persistence().meanLagMs(), persistence.meanLagMs());
        coldRow(out, "server cores during the crowd", cold.crowdCores(), server.crowdCores());
        coldRow(out, "server JIT compiling s", cold.jitSeconds(), server.jitSeconds());
        out.printf(
                "  cold rush: %d granted, %d recorded in %d transactions; answers %s; correctness %s%n",
                cold.persistence().granted(),
                cold.persistence().recorded(),
                cold.persistence().transactions(),
                cold.crowd().phases().stream()
                        .map(phase -> phase.name() + " " + phase.answers())
                        .toList(),
                cold.correctness().ok() ? "OK" : "FAILED " + cold.correctness().problems());
        out.println();
    }

    private static void coldRow(PrintStream out, String name, double cold, double warm) {
        out.printf(
                "  %-42s %14.1f %14.1f %10s%n",
                name, cold, warm, warm == 0 ? "-" : String.format(Locale.ROOT, "%.2f x", cold / warm));
    }

    private static void row(PrintStream out, String name, Rate rate) {
        out.printf("%-34s %10d %8.2f %10.0f%n", name, rate.requests(), rate.seconds(), rate.perSecond());
    }

    private static void row(PrintStream out, String name, Rate rate, Latency latency) {
        out.printf(
                "%-34s %10d %8.2f %10.0f %8.2f %8.2f %8.2f %8.2f%n",
                name,
                rate.requests(),
                rate.seconds(),
                rate.perSecond(),
                latency.p50Ms(),
                latency.p90Ms(),
                latency.p99Ms(),
                latency.maxMs());
    }
}
