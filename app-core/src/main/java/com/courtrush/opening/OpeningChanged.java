package com.courtrush.opening;

/**
 * An opening was created or changed: cached catalogs must be dropped — or, when only its state moved
 * on by the clock ({@code stateOnly}: warmed up, open on time), read again while the one held is
 * still served. The opening at its flash time is the crowd's busiest moment: dropping every cached
 * opening and slot then made every request of the rush wait for the database to be read again.
 */
public record OpeningChanged(long sessionId, boolean stateOnly) {

    public OpeningChanged(long sessionId) {
        this(sessionId, false);
    }
}
