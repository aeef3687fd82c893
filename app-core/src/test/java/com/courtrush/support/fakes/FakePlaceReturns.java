package com.courtrush.support.fakes;

import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.PlaceReturns;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Redis's side of giving a place back, in memory: as {@code lua/release.lua} does, a place returns only when the
 * student is taken out of the slot's holders (the dedup set), so a second release of one booking returns nothing.
 * Counts every call apart from the places returned, and can be made to fail (Redis down).
 */
public final class FakePlaceReturns implements PlaceReturns {

    private final Set<String> holders = new HashSet<>();
    private final Map<Long, Integer> returned = new HashMap<>();
    private int calls;
    private RuntimeException failure;

    /** The student holds a place in the slot, as Redis's dedup set says. */
    public synchronized FakePlaceReturns held(long slotId, long userId) {
        holders.add(slotId + ":" + userId);
        return this;
    }

    /** Every later release throws this (null: they work again). */
    public synchronized void failWith(RuntimeException failure) {
        this.failure = failure;
    }

    @Override
    public synchronized boolean release(long sessionId, long slotId, long userId, ReserveMessage grant) {
        calls++;
        if (failure != null) {
            throw failure;
        }
        if (!holders.remove(slotId + ":" + userId)) {
            return false;
        }
        returned.merge(slotId, 1, Integer::sum);
        return true;
    }

    /** Places of the slot given back to Redis. */
    public synchronized int returned(long slotId) {
        return returned.getOrDefault(slotId, 0);
    }

    /** How many releases were asked for, whatever they returned. */
    public synchronized int calls() {
        return calls;
    }
}
