package com.courtrush.reserve.lifecycle;

/**
 * Asked before an unpaid reservation is timed out: a payment provider may know of a payment the engine was not told
 * of (a lost notification), and must be told the booking is over so that nobody can pay for it.
 */
public interface TimeoutCheck {

    /**
     * Whether the reservation may be timed out now: false when it turned out paid (and is settled so), or when the
     * provider could not be asked and the next run should try again.
     */
    boolean mayTimeOut(long reservationId);
}
