package com.courtrush.bench;

import com.courtrush.bench.Analysis.Latency;
import com.courtrush.bench.Analysis.Rate;
import java.util.List;
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

    /** The winners' latency (empty when nobody won). */
    static Latency winners(CrowdResult crowd) {
        Latency latency = crowd.latencyByAnswer().get("ACCEPTED");
        return latency != null ? latency : new Latency(0, 0, 0, 0, 0);
    }
}
