package com.courtrush.bench;

import com.courtrush.bench.Analysis.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The rush's arithmetic, apart from any server: the crowd's rates, phases and quarter-second ticks from
 * what the clients recorded, and Redis's use per decision from the counters read around it.
 */
final class RushFigures {

    static final long TICK_MICROS = 250_000;

    private RushFigures() {}

    /**
     * The crowd's figures: every answer from the crowd's start to its last, the phases before the opening,
     * while places sold and once sold out, and the ticks from a second before the opening until half a
     * second after the last place went.
     *
     * @param lastGrant when the last place was granted (epoch µs); the crowd's end without one
     */
    static Report.CrowdResult crowd(
            List<Samples> samples,
            long crowdStart,
            long opensAtMicros,
            long lastGrant,
            long ioErrors,
            String firstIoError) {
        Analysis stats = new Analysis(samples);
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
        return new Report.CrowdResult(
                all,
                stats.rate(crowdStart, end, a -> a == Answer.ACCEPTED),
                stats.rate(crowdStart, lastGrant + 1, a -> true),
                stats.rate(lastGrant + 1, end, a -> a == Answer.OUT_OF_STOCK),
                phases,
                ticks,
                stats.latency(crowdStart, end, a -> true),
                stats.latencyByAnswer(crowdStart, end),
                ioErrors,
                firstIoError,
                (lastGrant - opensAtMicros) / 1000.0);
    }

    private static Report.Phase phase(Analysis stats, String name, long from, long to) {
        return new Report.Phase(
                name, stats.rate(from, to, a -> true), stats.answers(from, to), stats.latency(from, to, a -> true));
    }

    /** When the last place was granted (epoch µs), else {@code otherwise}. */
    static long lastGrant(List<Crowd.Grant> grants, long otherwise) {
        return grants.stream().mapToLong(Crowd.Grant::atMicros).max().orElse(otherwise);
    }

    /** When the request that won the last place was sent (epoch µs), else {@code otherwise}. */
    static long lastGrantAsked(List<Crowd.Grant> grants, long otherwise) {
        return grants.stream().mapToLong(Crowd.Grant::sentMicros).max().orElse(otherwise);
    }

    /**
     * Redis's use for the crowd's decisions: the requests the server decided in Redis (all but those it
     * answered sold out by itself), its round trips per decision, net of the consumers' (one per
     * transaction) and of what it does when idle over as long, and its script calls per decision.
     */
    static Report.RedisUse redisUse(
            long requests,
            long localAnswers,
            long trips,
            double idleRate,
            double crowdSeconds,
            long consumerTrips,
            Map<String, Long> commands) {
        long decisions = requests - localAnswers;
        double background = idleRate * crowdSeconds;
        long scriptCalls = commands.getOrDefault("evalsha", 0L) + commands.getOrDefault("eval", 0L);
        return new Report.RedisUse(
                decisions,
                localAnswers,
                trips,
                idleRate,
                ratio(trips, decisions),
                ratio(trips - consumerTrips - background, decisions),
                scriptCalls,
                ratio(scriptCalls, decisions),
                commands);
    }

    static double ratio(double part, double whole) {
        return whole == 0 ? 0 : part / whole;
    }
}
