package com.courtrush.opening;

import com.courtrush.opening.api.WarmupReport;

/**
 * The Redis side of an opening. Implemented by the reserve engine; declared here so that the
 * opening's life does not depend on how stock is kept.
 */
public interface StockWarmer {

    /**
     * Rebuilds the opening's Redis state from the database: slot → opening binding, each
     * semaphore = capacity − places taken (database rows and grants still in flight), the dedup
     * sets, the per-student counts, and the gate as the opening's state says. Idempotent; safe to
     * re-run after Redis lost its data.
     */
    WarmupReport warm(ReserveSession session);

    /**
     * Sets the gate (and its opening time) as the opening's state says, leaving stock alone: closed
     * for a closed opening, else opening at its flash time by Redis's clock — never by this node's,
     * which may be ahead.
     */
    void applyGate(ReserveSession session);

    /** Staff open the opening now, before its flash time if need be. */
    void openGateNow(ReserveSession session);

    /**
     * Whether Redis holds the opening as it was built: not if Redis lost it, nor if Redis was
     * restarted since (it may have come back from a file missing its last second).
     */
    WarmState warmState(ReserveSession session);

    /** What Redis holds of an opening. */
    enum WarmState {
        /** As built (or not to be built yet). */
        WARM,
        /** Nothing: Redis lost it. */
        MISSING,
        /** Built by a Redis that has been restarted since. */
        RESTARTED
    }
}
