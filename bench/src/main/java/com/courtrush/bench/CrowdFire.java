package com.courtrush.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Fires a crowd at an opening, from a while before its gate opens to a while after, with the bench's
 * clients; at a fair draw its entrants are followed from the window's close. The rehearsal and the
 * measured rush both fire theirs through here.
 */
final class CrowdFire {

    /** Clients following a fair draw's entrants (besides the crowd's). */
    static final int DRAW_WATCHERS = 32;

    private final BenchHttp http;
    private final int clients;
    private final long maxAttempts;
    private final PrintStream console;

    CrowdFire(BenchHttp http, int clients, long maxAttempts, PrintStream console) {
        this.http = http;
        this.clients = clients;
        this.maxAttempts = maxAttempts;
        this.console = console;
    }

    /**
     * One crowd: what the clients recorded, the places granted (first come and drawn), when it started and
     * ended (epoch µs), and what following a fair draw's entrants found (null without a draw).
     */
    record Run(LoadLoop.Run loop, List<Crowd.Grant> grants, long start, long end, DrawWatch.Result draw) {}

    /**
     * Fires the crowd at an opening, from {@code beforeMs} before its gate opens to {@code seconds} after;
     * with a fair draw of {@code drawWindowMs}, its entrants are followed from the window's close.
     */
    Run fire(
            BenchData.Opening opening,
            List<String> tokens,
            List<String> passes,
            long beforeMs,
            int seconds,
            int drawWindowMs)
            throws InterruptedException {
        long opensAt = opening.opensAtMs() * 1000;
        long start = opensAt - beforeMs * 1000L;
        Crowd crowd = opening.sessions().size() > 1
                ? new Crowd(http, opening, tokens)
                : new Crowd(http, opening.sessionId(), opening.slotIds(), tokens, passes, drawWindowMs > 0);
        DrawWatch watch = null;
        if (drawWindowMs > 0) {
            watch = new DrawWatch(http, crowd, opensAt + drawWindowMs * 1000L, DRAW_WATCHERS);
            watch.start();
        }
        LoadLoop.Run loop =
                LoadLoop.run("crowd", clients, start, opensAt + seconds * 1_000_000L, maxAttempts, crowd, console);
        long end = WallClock.epochMicros();
        if (watch == null) {
            return new Run(loop, crowd.grants(), start, end, null);
        }
        DrawWatch.Result drawn = watch.finish();
        List<Crowd.Grant> grants = new ArrayList<>(crowd.grants());
        grants.addAll(watch.winnerGrants());
        return new Run(loop, grants, start, end, drawn);
    }
}
