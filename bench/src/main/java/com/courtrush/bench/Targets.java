package com.courtrush.bench;

import java.util.List;
import java.util.Locale;

/** The targets of the flash opening, judged on ratios measured within one run. */
final class Targets {

    static final double RESERVE_VS_BASELINE = 0.6;
    static final double SOLD_OUT_VS_BASELINE = 0.9;
    /** The crowd's p99 against {@code /ping}'s own in the same run: what this machine allows. */
    static final double P99_VS_BASELINE = 1.2;

    static final double WINNERS_P99_MS = 150;
    static final double PERSIST_LAG_MS = 500;
    static final double DRAW_COMMITTED_MS = 1000;
    static final double PEAK_RSS_MIB = 512;
    /** The first rush after a restart against the rehearsed one: winners' p99 and time to sell out. */
    static final double COLD_VS_REHEARSED = 1.5;

    private Targets() {}

    static List<Report.Target> evaluate(
            Report.Baseline baseline,
            Report.RedisFloor floor,
            Report.CrowdResult crowd,
            Report.Persistence persistence,
            Report.ServerUse server,
            Report.RedisUse redis,
            Report.Draw draw,
            Report.Cold cold,
            Verification.Result check) {
        double base = baseline.rate().perSecond();
        double reserveRatio = base == 0 ? 0 : crowd.decidedInRedis().perSecond() / base;
        double soldOutRatio = base == 0 ? 0 : crowd.soldOut().perSecond() / base;
        double p99Ratio = baseline.latency().p99Ms() == 0
                ? 0
                : crowd.latency().p99Ms() / baseline.latency().p99Ms();
        Analysis.Latency winners = crowd.latencyByAnswer().get("ACCEPTED");
        List<Report.Target> targets = new java.util.ArrayList<>(List.of(
                new Report.Target(
                        "reserve attempts/s decided in Redis vs baseline",
                        f("%.0f/s = %.2f x", crowd.decidedInRedis().perSecond(), reserveRatio)
                                + (floor == null || base == 0
                                        ? ""
                                        : f(" (floor %.2f x)", floor.ceilingWith(baseline.rate()) / base)),
                        f(">= %.1f x", RESERVE_VS_BASELINE),
                        reserveRatio >= RESERVE_VS_BASELINE),
                // the baseline's own p99 at the same clients says what this machine allows
                new Report.Target(
                        "reserve p99 at " + "the crowd's clients vs /ping's",
                        f(
                                "%.2f ms = %.2f x (/ping %.0f)",
                                crowd.latency().p99Ms(),
                                p99Ratio,
                                baseline.latency().p99Ms()),
                        f("<= %.1f x", P99_VS_BASELINE),
                        crowd.latency().count() > 0 && p99Ratio <= P99_VS_BASELINE),
                new Report.Target(
                        "winners' 202 p99",
                        winners == null ? "no place won" : f("%.2f ms", winners.p99Ms()),
                        f("< %.0f ms", WINNERS_P99_MS),
                        winners != null && winners.p99Ms() < WINNERS_P99_MS),
                new Report.Target(
                        "sold-out rejects/s vs baseline",
                        f("%.0f/s = %.2f x", crowd.soldOut().perSecond(), soldOutRatio),
                        f(">= %.1f x", SOLD_OUT_VS_BASELINE),
                        soldOutRatio >= SOLD_OUT_VS_BASELINE),
                // one script call per decision; the round trips carrying them may be fewer (pipelined)
                new Report.Target(
                        "Redis script calls / round trips per decision",
                        f("%.3f / %.3f", redis.scriptCallsPerDecision(), redis.netRoundTripsPerDecision()),
                        "1 (2 at most)",
                        redis.decisions() > 0
                                && Math.round(redis.scriptCallsPerDecision()) == 1
                                && Math.round(redis.netRoundTripsPerDecision()) <= 1),
                new Report.Target(
                        "last place won -> every place committed",
                        persistence.granted() == 0
                                ? "no place won"
                                : f("%.0f ms", persistence.lastGrantToLastPersistedMs()),
                        f("< %.0f ms", PERSIST_LAG_MS),
                        persistence.granted() > 0
                                && persistence.recorded() == persistence.granted()
                                && persistence.lastGrantToLastPersistedMs() < PERSIST_LAG_MS),
                new Report.Target(
                        "peak server RSS",
                        f("%.0f MiB", server.peakRssMib()),
                        f("< %.0f MiB", PEAK_RSS_MIB),
                        server.peakRssMib() > 0 && server.peakRssMib() < PEAK_RSS_MIB),
                correct("", check)));
        if (cold != null) {
            targets.addAll(targets.size() - 1, coldTargets(cold, crowd));
        }
        if (draw != null) {
            // a draw answers ENTERED, never 202, and commits its winners at the window's close: the draw's
            // own target replaces the winners' 202 and the last place won
            targets.removeIf(target ->
                    target.name().startsWith("winners' 202") || target.name().startsWith("last place won"));
            // committed, the result reads SUCCESS; the page's own polling adds its pauses on top
            targets.add(
                    targets.size() - 1,
                    new Report.Target(
                            "draw window closed -> every winner's place committed",
                            draw.winners() == 0
                                    ? "nobody drawn"
                                    : f("%.0f ms (page saw %.0f)", draw.allCommittedMs(), draw.allWinnersMs()),
                            f("< %.0f ms", DRAW_COMMITTED_MS),
                            draw.winners() > 0 && draw.allCommittedMs() < DRAW_COMMITTED_MS));
        }
        return targets;
    }

    /**
     * The first rush after a restart against the rehearsed one: its winners answered as fast (p99 within
     * {@value #COLD_VS_REHEARSED} x and under the winners' own limit) and sold out as soon, and nothing wrong.
     */
    static List<Report.Target> coldTargets(Report.Cold cold, Report.CrowdResult rehearsed) {
        Analysis.Latency coldWinners = Report.winners(cold.crowd());
        Analysis.Latency warmWinners = Report.winners(rehearsed);
        double p99Ratio = warmWinners.p99Ms() == 0 ? 0 : coldWinners.p99Ms() / warmWinners.p99Ms();
        double soldOutRatio =
                rehearsed.soldOutAfterMs() <= 0 ? 0 : cold.crowd().soldOutAfterMs() / rehearsed.soldOutAfterMs();
        Verification.Result check = cold.correctness();
        return List.of(
                new Report.Target(
                        "cold rush: winners' 202 p99 vs the rehearsed",
                        coldWinners.count() == 0
                                ? "no place won"
                                : f("%.2f ms = %.2f x", coldWinners.p99Ms(), p99Ratio),
                        f("<= %.1f x, < %.0f ms", COLD_VS_REHEARSED, WINNERS_P99_MS),
                        coldWinners.count() > 0
                                && p99Ratio <= COLD_VS_REHEARSED
                                && coldWinners.p99Ms() < WINNERS_P99_MS),
                new Report.Target(
                        "cold rush: opening -> sold out vs the rehearsed",
                        f("%.0f ms = %.2f x", cold.crowd().soldOutAfterMs(), soldOutRatio),
                        f("<= %.1f x", COLD_VS_REHEARSED),
                        coldWinners.count() > 0 && soldOutRatio <= COLD_VS_REHEARSED),
                correct("cold rush: ", check));
    }

    /** Nothing wrong in the database and Redis after a crowd (SPEC §11), as a target named after {@code prefix}. */
    static Report.Target correct(String prefix, Verification.Result check) {
        return new Report.Target(
                prefix + "oversold / twice / Redis != DB / lost",
                f(
                        "%d / %d / %d / %d",
                        check.oversold(),
                        check.twice(),
                        check.stockMismatches() + check.dedupMismatches(),
                        check.lost()),
                "0 / 0 / 0 / 0",
                check.ok());
    }

    /** A figure as the tables print it (root locale: a point, never a comma). */
    static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** The targets as a table: name, what was measured and the limit (columns this wide), met or MISSED. */
    static void print(java.io.PrintStream out, List<Report.Target> targets, int measuredWidth, int limitWidth) {
        String row = "%-58s %-" + measuredWidth + "s %-" + limitWidth + "s %s%n";
        out.printf(row, "target", "measured", "limit", "");
        for (Report.Target target : targets) {
            out.printf(row, target.name(), target.measured(), target.limit(), target.met() ? "met" : "MISSED");
        }
    }
}
