package com.courtrush.bench;

import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Follows a fair draw's entrants as the students' page does: each entry's result is asked for from the
 * window's close, after pauses of 0.25, 0.5, 1, 1.5, 2, then 3 s, until it is SUCCESS or FAILED, and
 * when that was first seen is kept — how long after the close each winner knew, on the page's
 * schedule (a poll that a busy bench sends late counts late).
 */
final class DrawWatch {

    /** The page's pauses between result polls (app.js RESULT_DELAYS_MS). */
    static final long[] PAUSES_MS = {250, 500, 1000, 1500, 2000, 3000};

    private final BenchHttp http;
    private final Crowd crowd;
    private final long closeMicros;
    private final int threads;
    private final AtomicBoolean crowdDone = new AtomicBoolean();
    private final PriorityBlockingQueue<Polled> pending =
            new PriorityBlockingQueue<>(1024, Comparator.comparingLong(Polled::dueMicros));
    private final Queue<Settled> settled = new ConcurrentLinkedQueue<>();
    private final AtomicLong polls = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private ExecutorService pool;
    private final List<Future<?>> workers = new ArrayList<>();

    DrawWatch(BenchHttp http, Crowd crowd, long closeMicros, int threads) {
        this.http = http;
        this.crowd = crowd;
        this.closeMicros = closeMicros;
        this.threads = threads;
    }

    /** Starts polling at the window's close, in the background. */
    void start() {
        pool = Executors.newFixedThreadPool(threads);
        for (int i = 0; i < threads; i++) {
            workers.add(pool.submit(this::work));
        }
    }

    /** The crowd has stopped: no entry comes any more; waits until every entry is settled (60 s at most). */
    Result finish() throws InterruptedException {
        crowdDone.set(true);
        pool.shutdown();
        if (!pool.awaitTermination(60, TimeUnit.SECONDS)) {
            pool.shutdownNow();
            throw new BenchException("Draw entries still PENDING 60 s after the crowd: " + pending.size());
        }
        for (Future<?> worker : workers) {
            try {
                worker.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new BenchException("Following the draw's entries failed: " + e.getCause());
            }
        }
        List<Settled> all = new ArrayList<>(settled);
        List<Long> winners = new ArrayList<>();
        long lastEntrant = 0;
        for (Settled s : all) {
            long afterClose = Math.max(0, s.atMicros() - closeMicros);
            lastEntrant = Math.max(lastEntrant, afterClose);
            if (s.won()) {
                winners.add(afterClose);
            }
        }
        Collections.sort(winners);
        return new Result(
                all.size(),
                winners.size(),
                all.size() - winners.size(),
                winners.isEmpty() ? -1 : winners.get(winners.size() / 2) / 1000.0,
                winners.isEmpty() ? -1 : winners.get(winners.size() - 1) / 1000.0,
                lastEntrant / 1000.0,
                polls.get(),
                errors.get());
    }

    /** The winners' places (after {@link #finish}), for the correctness checks. */
    List<Crowd.Grant> winnerGrants() {
        return settled.stream()
                .filter(Settled::won)
                .map(s -> new Crowd.Grant(s.entry().traceId(), s.entry().sentMicros(), s.atMicros()))
                .toList();
    }

    private Void work() throws InterruptedException {
        WallClock.awaitEpochMicros(closeMicros);
        while (true) {
            for (Crowd.Entry entry = crowd.takeEntry(); entry != null; entry = crowd.takeEntry()) {
                pending.add(new Polled(entry, 0, Math.max(closeMicros, entry.sentMicros()) + PAUSES_MS[0] * 1000));
            }
            Polled next = pending.poll(5, TimeUnit.MILLISECONDS);
            if (next == null) {
                if (crowdDone.get() && !crowd.hasEntries() && pending.isEmpty()) {
                    return null;
                }
                continue;
            }
            long wait = next.dueMicros() - WallClock.epochMicros();
            if (wait > 5_000) { // not due yet: back in line, and look again shortly
                pending.add(next);
                TimeUnit.MICROSECONDS.sleep(Math.min(wait, 5_000));
                continue;
            }
            if (wait > 0) {
                TimeUnit.MICROSECONDS.sleep(wait);
            }
            String status = status(next.entry());
            polls.incrementAndGet();
            if ("SUCCESS".equals(status) || "FAILED".equals(status)) {
                settled.add(new Settled(next.entry(), "SUCCESS".equals(status), WallClock.epochMicros()));
            } else {
                int n = next.polls() + 1;
                pending.add(new Polled(
                        next.entry(),
                        n,
                        WallClock.epochMicros() + PAUSES_MS[Math.min(n, PAUSES_MS.length - 1)] * 1000));
            }
        }
    }

    private String status(Crowd.Entry entry) {
        try {
            BenchHttp.Reply reply = http.get("/reserve/result/" + entry.traceId(), entry.token());
            JSONObject json = reply.json();
            JSONObject data = json == null ? null : json.getJSONObject("data");
            return reply.status() == 200 && data != null ? data.getString("status") : null;
        } catch (IOException e) {
            errors.incrementAndGet();
            return null;
        }
    }

    /** An entry waiting for its next poll: how many it had, and when the next is due (epoch µs). */
    private record Polled(Crowd.Entry entry, int polls, long dueMicros) {}

    private record Settled(Crowd.Entry entry, boolean won, long atMicros) {}

    /**
     * @param winnersP50Ms       from the window's close until half the winners saw SUCCESS on the page's schedule
     * @param allWinnersMs       until every winner did
     * @param allEntrantsMs      until every entrant knew (winners and not drawn)
     */
    record Result(
            long entrants,
            long winners,
            long notDrawn,
            double winnersP50Ms,
            double allWinnersMs,
            double allEntrantsMs,
            long polls,
            long pollErrors) {}
}
