package com.courtrush.bench;

import com.courtrush.bench.Analysis.Latency;
import com.courtrush.bench.Analysis.Rate;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Everything one run measured, printed as a table and written as JSON. */
record Report(
        String takenAt,
        String command,
        Machine machine,
        Setup setup,
        Rehearsal rehearsal,
        Cold cold,
        Baseline baseline,
        RedisFloor redisFloor,
        CrowdResult crowd,
        Persistence persistence,
        ServerUse server,
        RedisUse redis,
        Draw draw,
        SeedComparison seedDesign,
        List<Node> nodes,
        Verification.Result correctness,
        List<Target> targets) {

    record Machine(String os, String cpu, int cores, double memoryGib, String java) {}

    /**
     * The students' mix ({@code --mix}).
     *
     * @param signInCeiling       sign-ins a second the hashing pool managed alone
     * @param signInOffered       the storm's rate
     * @param stormPastOpeningSeconds how long after the flash time the last sign-in of the storm finished
     * @param whole               each kind of request over the whole run
     * @param atOpening           each kind from 2 s before the flash time to 10 s after it
     */
    /**
     * What a sign-in cost, measured over the sign-ins of the hashing pool's own rate (8 clients, nothing else
     * running): the engine's process CPU each, and with a directory its process's CPU and what it received each.
     */
    record SignIns(
            String how,
            int measured,
            double engineCpuMsEach,
            double directoryCpuMsEach,
            double directoryBindsEach,
            double directorySearchesEach) {}

    record Mix(
            String takenAt,
            String command,
            Machine machine,
            boolean external,
            int students,
            int slots,
            int capacity,
            double importSeconds,
            double signInCeiling,
            Latency signInCeilingLatency,
            SignIns signIns,
            double signInOffered,
            int signedIn,
            double stormPastOpeningSeconds,
            long granted,
            long recorded,
            Rehearsal rehearsal,
            List<MixKind> whole,
            List<MixKind> atOpening,
            List<MixTick> aroundTheOpening,
            double peakRssMib,
            Verification.Result correctness,
            List<Target> targets) {

        void print(PrintStream out) {
            out.println();
            out.printf("CourtRush students' mix - %s%n", takenAt);
            out.printf(
                    "  machine : %s, %s, %d cores, %.1f GiB, Java %s%n",
                    machine.os, machine.cpu, machine.cores, machine.memoryGib, machine.java);
            out.printf(
                    "  stack   : %s; %,d students (%,d signed in by the end), %d slots x %d; students imported "
                            + "in %.0f s%n",
                    external ? "external" : "embedded", students, signedIn, slots, capacity, importSeconds);
            out.printf(
                    "  sign-in : the hashing pool alone %.1f/s (p50 %.0f ms); the storm offered %.1f/s and its "
                            + "last sign-in finished %+.1f s from the flash time%n",
                    signInCeiling, signInCeilingLatency.p50Ms(), signInOffered, stormPastOpeningSeconds);
            out.printf(
                    "  checked : by %s; %d sign-ins alone cost the engine %.1f ms of CPU each; the directory %.1f ms "
                            + "(its own process), %.1f binds and %.1f searches each%n",
                    signIns.how(),
                    signIns.measured(),
                    signIns.engineCpuMsEach(),
                    signIns.directoryCpuMsEach(),
                    signIns.directoryBindsEach(),
                    signIns.directorySearchesEach());
            out.printf(
                    "  places  : %d granted, %d recorded; peak server RSS %.0f MiB%n", granted, recorded, peakRssMib);
            table(out, "every request of the run", whole);
            table(out, "from 2 s before the flash time to 10 s after", atOpening);
            out.println();
            out.println(
                    "around the opening, per 250 ms: taps (p50 / p99), GET /slots p99, GET /ping p99, sign-ins done");
            for (MixTick tick : aroundTheOpening) {
                out.printf(
                        "  %+6d ms  reserve %5d (%7.1f / %7.1f ms)  slots p99 %7.1f ms  ping p99 %7.1f ms  "
                                + "sign-ins %3d%n",
                        tick.fromOpeningMs,
                        tick.reserve.count(),
                        tick.reserve.p50Ms(),
                        tick.reserve.p99Ms(),
                        tick.slotsP99Ms,
                        tick.pingP99Ms,
                        tick.signIns);
            }
            out.printf(
                    "correctness: %d reservations (%d active); oversold %d, twice %d, Redis stock != DB %d, "
                            + "dedup != holders %d, lost grants %d -> %s%n",
                    correctness.reservations(),
                    correctness.active(),
                    correctness.oversold(),
                    correctness.twice(),
                    correctness.stockMismatches(),
                    correctness.dedupMismatches(),
                    correctness.lost(),
                    correctness.ok() ? "OK" : "FAILED " + correctness.problems());
            out.println();
            out.printf("%-58s %-44s %-14s %s%n", "target", "measured", "limit", "");
            for (Target target : targets) {
                out.printf(
                        "%-58s %-44s %-14s %s%n",
                        target.name, target.measured, target.limit, target.met ? "met" : "MISSED");
            }
        }

        private static void table(PrintStream out, String title, List<MixKind> rows) {
            out.println();
            out.println(title);
            out.printf(
                    "%-16s %9s %8s %9s %8s %8s %8s %8s %7s  %s%n",
                    "", "requests", "seconds", "per sec", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "statuses");
            for (MixKind row : rows) {
                if (row.count == 0) {
                    continue;
                }
                out.printf(
                        "%-16s %9d %8.1f %9.1f %8.2f %8.2f %8.2f %8.2f %7d  %s%n",
                        row.name,
                        row.count,
                        row.seconds,
                        row.perSecond,
                        row.latency.p50Ms(),
                        row.latency.p90Ms(),
                        row.latency.p99Ms(),
                        row.latency.maxMs(),
                        row.errors,
                        row.statuses);
            }
        }
    }

    /** A quarter of a second of the mix around the flash time. */
    record MixTick(long fromOpeningMs, Latency reserve, double slotsP99Ms, double pingP99Ms, long signIns) {}

    /**
     * One kind of request of the mix in a window.
     *
     * @param seconds   from the first to the last of them in the window (their rate's span)
     * @param errors    I/O errors and 5xx other than 503 (the hashing pool full, said with Retry-After)
     */
    record MixKind(
            String name,
            long count,
            double seconds,
            double perSecond,
            Latency latency,
            long errors,
            Map<String, Long> statuses) {}

    /**
     * The seed's decision, call by call, and CourtRush's one script, on the same Redis from the same
     * client with the same threads.
     *
     * @param speedUp CourtRush's decisions per second over the seed's
     */
    record SeedComparison(
            int clients, int seconds, int slots, int capacity, Design seed, Design courtRush, double speedUp) {}

    /**
     * One design's run.
     *
     * @param roundTripsPerDecision requests the client wrote to Redis per decision
     * @param commandsPerDecision   commands Redis ran per decision (those inside a script too)
     * @param oversold              places sold beyond a slot's capacity, told or held in Redis
     */
    record Design(
            String name,
            double decisionsPerSecond,
            long decisions,
            double roundTripsPerDecision,
            double commandsPerDecision,
            Latency latency,
            Map<Answer, Long> answers,
            long oversold,
            Map<String, Long> commands) {}

    /**
     * The opening's fair draw, followed from its window's close (times from the close, by this machine's clock).
     *
     * @param drawnAfterCloseMs the server's own account: from the close to the draw, by Redis's clock
     * @param allCommittedMs    until every winner's place was committed (from then its result reads SUCCESS)
     * @param allWinnersMs      until every winner's result read SUCCESS, polled on the page's schedule
     */
    record Draw(
            int windowMs,
            long entrants,
            long winners,
            long notDrawn,
            Long drawnAfterCloseMs,
            double allCommittedMs,
            double winnersP50Ms,
            double allWinnersMs,
            double allEntrantsMs,
            long polls,
            long pollErrors) {}

    record Setup(
            String stack,
            int students,
            int slots,
            int capacity,
            long places,
            int clients,
            double preOpenSeconds,
            double rushSeconds,
            double setupSeconds,
            double loginSeconds,
            String serverJvmOptions) {}

    /** The smaller openings run first, so the measured one finds the reserve path compiled. */
    record Rehearsal(int openings, int students, long places, long granted, Rate rate, Latency latency) {}

    /**
     * The first rush after a restart ({@link ColdRush}): no rehearsal, the server idle since its opening's
     * warm-up.
     *
     * @param restartSeconds from the stop to the restarted server's health answering
     * @param idleSeconds    from the opening's warm-up to the crowd's start
     * @param crowdCores     the server's CPU during the crowd, in cores
     * @param jitSeconds     the server's JIT compiler threads' time during the crowd
     */
    record Cold(
            double restartSeconds,
            double idleSeconds,
            CrowdResult crowd,
            Persistence persistence,
            double crowdCores,
            double jitSeconds,
            long threadsStarted,
            Verification.Result correctness) {

        /** Places granted in the first {@code ms} after the opening. */
        static long grantedWithin(CrowdResult crowd, long ms) {
            return crowd.aroundTheOpening().stream()
                    .filter(tick -> tick.fromOpeningMs() >= 0 && tick.fromOpeningMs() < ms)
                    .mapToLong(Tick::accepted)
                    .sum();
        }
    }

    /**
     * The trivial endpoint, measured before the crowd and again after it.
     *
     * @param rate both measurements together: what the crowd's ratios are taken against
     */
    record Baseline(String endpoint, Rate rate, Latency latency, double serverCores, Rate before, Rate after) {

        static Baseline of(String endpoint, Rate before, Rate after, Latency latency, double serverCores) {
            long requests = before.requests() + after.requests();
            double seconds = before.seconds() + after.seconds();
            return new Baseline(
                    endpoint,
                    new Rate(requests, seconds, seconds > 0 ? requests / seconds : 0),
                    latency,
                    serverCores,
                    before,
                    after);
        }
    }

    /**
     * A trivial Lua script called through Redisson by as many threads as the crowd has clients, from
     * the bench's JVM while the server idles: what one Redis round trip costs on this machine.
     *
     * @param clientCores the bench JVM's CPU while calling, in cores
     */
    record RedisFloor(int clients, Rate rate, Latency latency, double clientCores) {

        /**
         * The most requests per second that each cost one baseline request plus one script call could
         * reach on this machine, if the two costs simply add up.
         */
        double ceilingWith(Rate baseline) {
            return baseline.perSecond() <= 0 || rate.perSecond() <= 0
                    ? 0
                    : 1 / (1 / baseline.perSecond() + 1 / rate.perSecond());
        }
    }

    /**
     * @param decidedInRedis attempts from the crowd's start until the last place was granted: before the
     *                       opening and while places are left, nearly every answer comes from the script
     * @param soldOut        OUT_OF_STOCK answers after the last place was granted (this node's flags)
     * @param soldOutAfterMs from the opening to the last place's 202 at its client
     */
    record CrowdResult(
            Rate all,
            Rate accepted,
            Rate decidedInRedis,
            Rate soldOut,
            List<Phase> phases,
            List<Tick> aroundTheOpening,
            Latency latency,
            Map<String, Latency> latencyByAnswer,
            long ioErrors,
            String firstIoError,
            double soldOutAfterMs) {}

    /**
     * A quarter of a second of the crowd.
     *
     * @param fromOpeningMs where it starts, from the flash time
     * @param accepted      places granted in it
     */
    record Tick(long fromOpeningMs, Rate rate, Latency latency, long accepted) {}

    record Phase(String name, Rate rate, Map<Answer, Long> answers, Latency latency) {}

    /**
     * @param meanLagMs                  mean time from a place's Redis decision to its row committed
     * @param openingToLastPersistedMs   from the gate opening to the last granted place committed
     * @param lastGrantToLastPersistedMs from the request that won the last place to every place committed
     */
    /** @param transactions the reserve consumers' database transactions for the crowd's grants */
    /**
     * @param storeLogForces times the embedded broker's store forced its log to disk meanwhile (its
     *                       group commits; each grant is stored and acknowledged); -1 for RabbitMQ
     */
    record Persistence(
            long granted,
            long recorded,
            long transactions,
            long storeLogForces,
            double meanLagMs,
            double openingToLastPersistedMs,
            double lastGrantToLastPersistedMs) {}

    /**
     * @param gcPauses        garbage-collection pauses of the server during the crowd, {@code gcPauseSeconds} in all
     * @param grantServerMeanMs granted requests' mean time in the server's reserve service, from the
     *                        request's arrival there to the broker's confirm
     */
    record ServerUse(
            double crowdCpuSeconds,
            double crowdCores,
            double redisCpuSeconds,
            double clientCpuSeconds,
            double jitSeconds,
            long gcPauses,
            double gcPauseSeconds,
            double grantServerMeanMs,
            double peakRssMib,
            double rssAfterMib,
            long threadsStarted,
            MachineUse machine) {}

    /**
     * The whole machine during the crowd, in cores: busy (every process), steal (time the hypervisor
     * gave to other guests), the external services' processes, and the others — neither the server,
     * its embedded redis-server, the bench nor the services. {@code noisy}: others and steal past
     * {@link MachineLoad#NOISY_CORES}.
     */
    record MachineUse(double busyCores, double stealCores, double serviceCores, double otherCores, boolean noisy) {}

    /**
     * @param roundTrips           requests the server sent to Redis during the crowd (its own count)
     * @param idleRoundTripsPerSecond background requests measured while nothing happened (jobs, pings)
     * @param netRoundTripsPerDecision (roundTrips - recorded grants - background) / decisions: what one
     *                             decision costs; each recorded grant costs one more batch on the consumer
     * @param scriptCalls          evalsha + eval calls Redis counted during the crowd (INFO commandstats)
     * @param commandstats         every command Redis counted during the crowd, including those scripts run
     */
    record RedisUse(
            long decisions,
            long localSoldOutAnswers,
            long roundTrips,
            double idleRoundTripsPerSecond,
            double roundTripsPerDecision,
            double netRoundTripsPerDecision,
            long scriptCalls,
            double scriptCallsPerDecision,
            Map<String, Long> commandstats) {}

    record Target(String name, String measured, String limit, boolean met) {}

    /**
     * One node's share of the crowd, from its own Prometheus endpoint: POST /reserve/ decisions by outcome,
     * their latency in the node (from the histogram, as Prometheus estimates a quantile), its CPU.
     */
    record Node(
            int node,
            String address,
            long requests,
            Map<String, Long> outcomes,
            double p50Ms,
            double p99Ms,
            double cpuSeconds,
            double cores,
            long redisRoundTrips,
            double peakRssMib) {}

    void print(PrintStream out) {
        out.println();
        out.println("CourtRush flash bench — " + takenAt);
        out.printf(
                "  machine : %s, %s, %d cores, %.1f GiB, Java %s%n",
                machine.os, machine.cpu, machine.cores, machine.memoryGib, machine.java);
        out.printf(
                "  stack   : %s; %,d students, %d slots x %d = %,d places, %d clients, crowd from %.1f s before "
                        + "the opening to %.1f s after%n",
                setup.stack,
                setup.students,
                setup.slots,
                setup.capacity,
                setup.places,
                setup.clients,
                setup.preOpenSeconds,
                setup.rushSeconds);
        out.printf(
                "  set-up  : %.1f s (courts, students, opening); logins %.1f s; server JVM options: %s%n",
                setup.setupSeconds,
                setup.loginSeconds,
                setup.serverJvmOptions.isEmpty() ? "none" : setup.serverJvmOptions);
        if (rehearsal != null) {
            out.printf(
                    "  rehearsal (warming the JIT up): %d openings, %,d students, %,d places (%,d granted): "
                            + "%,d attempts, %.0f/s, p99 %.1f ms%n",
                    rehearsal.openings,
                    rehearsal.students,
                    rehearsal.places,
                    rehearsal.granted,
                    rehearsal.rate.requests(),
                    rehearsal.rate.perSecond(),
                    rehearsal.latency.p99Ms());
        } else {
            out.println("  no warm-up: measured on a cold JIT");
        }
        out.println();
        if (cold != null) {
            printCold(out);
        }
        out.printf(
                "%-34s %10s %8s %10s %8s %8s %8s %8s%n",
                "throughput", "requests", "seconds", "per sec", "p50 ms", "p90 ms", "p99 ms", "max ms");
        row(out, "baseline GET " + baseline.endpoint, baseline.rate, baseline.latency);
        row(out, "  before the crowd", baseline.before);
        row(out, "  after the crowd", baseline.after);
        if (redisFloor != null) {
            row(out, "floor: Redis script via Redisson", redisFloor.rate, redisFloor.latency);
        }
        row(out, "crowd POST /reserve/ (all)", crowd.all, crowd.latency);
        for (Phase phase : crowd.phases) {
            row(out, "  " + phase.name, phase.rate, phase.latency);
        }
        row(out, "  accepted (202)", crowd.accepted);
        row(out, "  decided in Redis (start..last win)", crowd.decidedInRedis);
        row(out, "  sold-out rejects (after last win)", crowd.soldOut);
        if (redisFloor != null) {
            double ceiling = redisFloor.ceilingWith(baseline.rate);
            out.printf(
                    "  a request costing one %s plus one script call: at most %.0f/s = %.2f x the baseline"
                            + " (script calls took %.2f cores of the bench's JVM)%n",
                    baseline.endpoint, ceiling, ceiling / baseline.rate.perSecond(), redisFloor.clientCores);
        }
        out.println();
        out.printf("around the opening, per 250 ms (the closed loop runs at %d clients / latency)%n", setup.clients);
        for (Tick tick : crowd.aroundTheOpening) {
            out.printf(
                    "  %+6d ms %8.0f/s  p50 %7.2f ms  %4d granted%n",
                    tick.fromOpeningMs, tick.rate.perSecond(), tick.latency.p50Ms(), tick.accepted);
        }
        out.println();
        out.printf(
                "%-34s %10s %8s %8s %8s %8s%n", "latency by answer", "count", "p50 ms", "p90 ms", "p99 ms", "max ms");
        crowd.latencyByAnswer.forEach((answer, l) -> out.printf(
                "%-34s %10d %8.2f %8.2f %8.2f %8.2f%n",
                "  " + answer, l.count(), l.p50Ms(), l.p90Ms(), l.p99Ms(), l.maxMs()));
        for (Phase phase : crowd.phases) {
            out.printf("  %-20s answers %s%n", phase.name, phase.answers);
        }
        if (crowd.ioErrors > 0) {
            out.printf("  I/O errors: %d (first: %s)%n", crowd.ioErrors, crowd.firstIoError);
        }
        out.println();
        if (draw != null) {
            out.printf(
                    "fair draw (%d ms window): %,d entrants, %,d drawn, %,d not drawn; from the window's close: "
                            + "drawn after %s ms (Redis clock), every winner's place committed after %.0f ms; polling "
                            + "as the page does, half the winners knew after %.0f ms, every winner after %.0f ms, every "
                            + "entrant after %.0f ms (%,d result polls, %d failed)%n",
                    draw.windowMs,
                    draw.entrants,
                    draw.winners,
                    draw.notDrawn,
                    draw.drawnAfterCloseMs == null ? "?" : draw.drawnAfterCloseMs.toString(),
                    draw.allCommittedMs,
                    draw.winnersP50Ms,
                    draw.allWinnersMs,
                    draw.allEntrantsMs,
                    draw.polls,
                    draw.pollErrors);
        }
        if (seedDesign != null) {
            out.printf(
                    "the seed's design beside CourtRush's (same Redis, %d threads, %d s each, %d slots x %d):%n",
                    seedDesign.clients, seedDesign.seconds, seedDesign.slots, seedDesign.capacity);
            for (Design d : List.of(seedDesign.seed, seedDesign.courtRush)) {
                out.printf(
                        "  %-26s %8.0f decisions/s  %5.2f round trips (%5.2f commands) each  p99 %6.2f ms  "
                                + "oversold %d  %s%n",
                        d.name,
                        d.decisionsPerSecond,
                        d.roundTripsPerDecision,
                        d.commandsPerDecision,
                        d.latency.p99Ms(),
                        d.oversold,
                        d.answers);
            }
            out.printf("  CourtRush decides %.1f x as many per second%n", seedDesign.speedUp);
        }
        out.printf(
                "persistence: %d granted, %d recorded in %d transactions%s; decision -> row committed mean %.1f ms; "
                        + "opening -> last place committed %.0f ms (last place asked for -> all committed %.0f ms)%n",
                persistence.granted,
                persistence.recorded,
                persistence.transactions,
                persistence.storeLogForces < 0
                        ? ""
                        : String.format(
                                Locale.ROOT,
                                "; the broker's store forced its log %d times",
                                persistence.storeLogForces),
                persistence.meanLagMs,
                persistence.openingToLastPersistedMs,
                persistence.lastGrantToLastPersistedMs);
        out.printf(
                "server: crowd CPU %.1f s = %.2f cores (baseline %.2f cores); embedded redis-server CPU %s; "
                        + "bench client CPU %.1f s; JIT compiler threads busy %.1f s of the crowd's %.1f s; "
                        + "GC paused %.2f s in %d pauses; granted requests in the reserve service (decision to "
                        + "confirm) %.1f ms mean; peak RSS %.0f MiB, after the run %.0f MiB%n",
                server.crowdCpuSeconds,
                server.crowdCores,
                baseline.serverCores,
                server.redisCpuSeconds < 0 ? "n/a (external)" : String.format("%.1f s", server.redisCpuSeconds),
                server.clientCpuSeconds,
                server.jitSeconds,
                crowd.all().seconds(),
                server.gcPauseSeconds,
                server.gcPauses,
                server.grantServerMeanMs,
                server.peakRssMib,
                server.rssAfterMib);
        MachineUse machine = server.machine;
        out.printf(
                "machine during the crowd: %.2f cores busy (external services %.2f, other processes %.2f), "
                        + "steal %.2f; server threads started %,d -> %s%n",
                machine.busyCores,
                machine.serviceCores,
                machine.otherCores,
                machine.stealCores,
                server.threadsStarted,
                machine.noisy ? "NOISY: other load shared the cores, compare this run with care" : "quiet");
        out.printf(
                "redis: %,d decisions in Redis, %,d sold-out answers from local flags; %,d round trips "
                        + "(%.3f per decision, %.3f net of %.1f/s background and the consumers' one per transaction); "
                        + "script calls %.3f per decision%n",
                redis.decisions,
                redis.localSoldOutAnswers,
                redis.roundTrips,
                redis.roundTripsPerDecision,
                redis.netRoundTripsPerDecision,
                redis.idleRoundTripsPerSecond,
                redis.scriptCallsPerDecision);
        if (nodes.size() > 1) {
            out.printf("nodes (each one's /actuator/prometheus; latency in the node, from its histogram):%n");
            for (Node node : nodes) {
                out.printf(
                        "  node %d %-22s %,9d requests  p50 %6.2f ms  p99 %6.2f ms  CPU %5.1f s = %.2f cores  "
                                + "%,d Redis round trips  peak RSS %.0f MiB  %s%n",
                        node.node,
                        node.address,
                        node.requests,
                        node.p50Ms,
                        node.p99Ms,
                        node.cpuSeconds,
                        node.cores,
                        node.redisRoundTrips,
                        node.peakRssMib,
                        node.outcomes);
            }
            out.printf(
                    "  the nodes counted %,d requests together; the bench sent %,d%n",
                    nodes.stream().mapToLong(Node::requests).sum(), crowd.all.requests());
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
        out.printf("%-58s %-24s %-16s %s%n", "target", "measured", "limit", "");
        for (Target target : targets) {
            out.printf(
                    "%-58s %-24s %-16s %s%n",
                    target.name, target.measured, target.limit, target.met ? "met" : "MISSED");
        }
    }

    /** The cold rush beside the rehearsed one, figure by figure. */
    private void printCold(PrintStream out) {
        out.printf(
                "the first rush after a restart (restarted in %.1f s, idle %.0f s after its opening's warm-up, no"
                        + " rehearsal) beside the rehearsed rush%n",
                cold.restartSeconds, cold.idleSeconds);
        out.printf("%-44s %14s %14s %10s%n", "", "cold", "rehearsed", "ratio");
        CrowdResult warm = crowd;
        coldRow(
                out,
                "decided in Redis /s",
                cold.crowd.decidedInRedis().perSecond(),
                warm.decidedInRedis().perSecond());
        coldRow(out, "opening -> sold out ms", cold.crowd.soldOutAfterMs(), warm.soldOutAfterMs());
        coldRow(
                out,
                "places granted in the first 250 ms",
                Cold.grantedWithin(cold.crowd, 250),
                Cold.grantedWithin(warm, 250));
        coldRow(
                out,
                "places granted in the first second",
                Cold.grantedWithin(cold.crowd, 1000),
                Cold.grantedWithin(warm, 1000));
        coldRow(
                out,
                "winners' 202 p50 ms",
                winners(cold.crowd).p50Ms(),
                winners(warm).p50Ms());
        coldRow(
                out,
                "winners' 202 p99 ms",
                winners(cold.crowd).p99Ms(),
                winners(warm).p99Ms());
        coldRow(
                out,
                "crowd p99 ms",
                cold.crowd.latency().p99Ms(),
                warm.latency().p99Ms());
        coldRow(
                out,
                "last place won -> every place committed ms",
                cold.persistence.lastGrantToLastPersistedMs(),
                persistence.lastGrantToLastPersistedMs());
        coldRow(out, "decision -> row committed, mean ms", cold.persistence.meanLagMs(), persistence.meanLagMs());
        coldRow(out, "server cores during the crowd", cold.crowdCores, server.crowdCores());
        coldRow(out, "server JIT compiling s", cold.jitSeconds, server.jitSeconds());
        out.printf(
                "  cold rush: %d granted, %d recorded in %d transactions; answers %s; correctness %s%n",
                cold.persistence.granted(),
                cold.persistence.recorded(),
                cold.persistence.transactions(),
                cold.crowd.phases().stream()
                        .map(phase -> phase.name() + " " + phase.answers())
                        .toList(),
                cold.correctness.ok() ? "OK" : "FAILED " + cold.correctness.problems());
        out.println();
    }

    /** The winners' latency (empty when nobody won). */
    static Latency winners(CrowdResult crowd) {
        Latency latency = crowd.latencyByAnswer().get("ACCEPTED");
        return latency != null ? latency : new Latency(0, 0, 0, 0, 0);
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
