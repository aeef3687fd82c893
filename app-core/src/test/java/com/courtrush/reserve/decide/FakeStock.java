package com.courtrush.reserve.decide;

import com.courtrush.opening.GateReading;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.slot.LiveStock;
import com.courtrush.slot.SessionCatalog;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.redisson.client.RedisTimeoutException;

/**
 * An opening's Redis side in memory, as the fast path sees it: the decision of {@code reserve.lua} for the common
 * cases (the gate, one place per student and slot, the opening's per-student limit, a permit) over permits and
 * holders it keeps, and the stock's snapshot that alternatives are read from. Any other verdict can be scripted for
 * the next call, and a call can be made to give up (503) while Redis decides after all. Counts its calls: a request
 * answered from this node's memory makes none.
 */
final class FakeStock implements PlaceDecider, LiveStock {

    private final Clock clock;
    private final Map<Long, Integer> permits = new HashMap<>();
    private final Map<Long, Set<Long>> holders = new HashMap<>();
    private final Deque<ReserveScript.Decision> scripted = new ArrayDeque<>();
    private final List<Call> calls = new ArrayList<>();
    private boolean gateOpen = true;
    private boolean answerLate;
    private Runnable lateAnswer;

    /** What one call asked. */
    record Call(ReserveMessage grant, int perUserLimit, boolean passRequired, String passHash, List<Long> wanted) {}

    FakeStock(Clock clock) {
        this.clock = clock;
    }

    /** The slot has this many permits left. */
    FakeStock permits(long slotId, int left) {
        permits.put(slotId, left);
        return this;
    }

    /** The gate is closed: the next decisions answer UNGATED, opening in {@code millis}. */
    void closeGate() {
        gateOpen = false;
    }

    /** The next call decides this instead. */
    void answerNext(ReserveScript.Verdict verdict, long value) {
        scripted.add(new ReserveScript.Decision(verdict, value, clock.millis(), Set.of(), "entry-trace"));
    }

    /**
     * The next call gives up as the script's pipeline does past its deadline (the request is answered 503), and
     * Redis decides after all: what it decided arrives when the test says, {@link #lateAnswerArrives()} — after
     * the call has thrown, as Redis's reply does on a thread of its own.
     */
    void answerTooLate() {
        answerLate = true;
    }

    /** Delivers the late answer of the call that gave up. */
    void lateAnswerArrives() {
        Runnable arrival = lateAnswer;
        if (arrival == null) {
            throw new IllegalStateException("no call gave up waiting for an answer");
        }
        lateAnswer = null;
        arrival.run();
    }

    int permitsLeft(long slotId) {
        return permits.getOrDefault(slotId, 0);
    }

    List<Call> calls() {
        return List.copyOf(calls);
    }

    @Override
    public ReserveScript.Decision decide(
            ReserveMessage grant,
            int perUserLimit,
            long expireAt,
            boolean passRequired,
            String passHash,
            int drawWindowMs,
            List<Long> wanted,
            Consumer<ReserveScript.Decision> answeredLate) {
        calls.add(new Call(grant, perUserLimit, passRequired, passHash, wanted));
        if (answerLate) {
            answerLate = false;
            ReserveScript.Decision decided = decide(grant, perUserLimit);
            lateAnswer = () -> answeredLate.accept(decided);
            throw new RedisTimeoutException("Redis gave no answer within the decision's deadline (fake)");
        }
        ReserveScript.Decision next = scripted.poll();
        return next != null ? next : decide(grant, perUserLimit);
    }

    private ReserveScript.Decision decide(ReserveMessage grant, int perUserLimit) {
        long slot = grant.slotId();
        Set<Long> inSlot = holders.computeIfAbsent(slot, s -> new HashSet<>());
        if (!gateOpen) {
            return decision(ReserveScript.Verdict.UNGATED, 5_000, Set.of());
        }
        if (inSlot.contains(grant.userId())) {
            return decision(ReserveScript.Verdict.DUP_REQ, 0, Set.of());
        }
        long held = holders.values().stream()
                .filter(h -> h.contains(grant.userId()))
                .count();
        if (held >= perUserLimit) {
            return decision(ReserveScript.Verdict.QUOTA_EXCEEDED, held, Set.of()); // as reserve.lua: places held
        }
        int left = permits.getOrDefault(slot, 0);
        if (left == 0) {
            return decision(ReserveScript.Verdict.OUT_OF_STOCK, 0, Set.copyOf(inSlot));
        }
        permits.put(slot, left - 1);
        inSlot.add(grant.userId());
        return decision(ReserveScript.Verdict.ACCEPTED, left - 1, left == 1 ? Set.copyOf(inSlot) : Set.of());
    }

    private ReserveScript.Decision decision(ReserveScript.Verdict verdict, long value, Set<Long> holders) {
        return new ReserveScript.Decision(verdict, value, clock.millis(), holders, null);
    }

    @Override
    public Snapshot snapshot(SessionCatalog catalog) {
        return new Snapshot(Map.copyOf(permits), new GateReading(gateOpen, true, null, clock.millis(), 0), 0);
    }

    @Override
    public Snapshot since(SessionCatalog catalog, long nanos) {
        return snapshot(catalog);
    }
}
