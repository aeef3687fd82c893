package com.courtrush.reserve.recover;

import com.courtrush.reserve.record.ReserveMessage;

/**
 * Gives an ended booking's place back to Redis — once per booking, however many paths end it — after the
 * database change that ended it committed. Implemented by {@link StockReleaser} ({@code lua/release.lua}).
 * It lives here, beside its implementation, not with the lifecycle that calls it: recovery sits below the
 * lifecycle in the engine's order and may not depend on it.
 */
public interface PlaceReturns {

    /**
     * Returns the place the student held in the slot (and forgets its in-flight grant, if {@code grant} is given);
     * true when this call returned it.
     */
    boolean release(long sessionId, long slotId, long userId, ReserveMessage grant);

    /**
     * A recorded booking ended: its place returned ({@link #release}) and, unless the place was used (a no-show,
     * SPEC §16), the fair share it took freed — the booker's in every opening, its accepted partners' too.
     */
    default boolean ended(long sessionId, long slotId, long userId, long reservationId, boolean used) {
        return release(sessionId, slotId, userId, null);
    }
}
