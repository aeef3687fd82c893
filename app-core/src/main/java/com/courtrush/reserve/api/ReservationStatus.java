package com.courtrush.reserve.api;

/** The life of a reservation. */
public enum ReservationStatus {
    /** Kept for the seed's contract; unused. */
    PENDING,
    PENDING_PAYMENT,
    CONFIRMED,
    CANCELLED;

    public boolean active() {
        return this == PENDING_PAYMENT || this == CONFIRMED;
    }
}
