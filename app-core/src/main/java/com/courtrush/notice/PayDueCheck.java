package com.courtrush.notice;

/**
 * Asked before "payment due soon" goes out: a payment provider may know of a payment the engine was not told of (a
 * lost notification), and a student who has paid must not be told that their place goes to others (issue 74).
 */
public interface PayDueCheck {

    /**
     * Whether the booking is still unpaid: false when the provider says it was paid (and it is settled so). True
     * when the provider cannot be asked now: the deadline is real, so the reminder goes out.
     */
    boolean stillUnpaid(long reservationId);
}
