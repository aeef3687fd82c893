package com.courtrush.reserve.lifecycle;

/**
 * What a student paid for a booking and what became of it (issue 74), as "my bookings" shows it. Money that went back
 * is told by where it is: back with the student ({@code refundedCents}: the provider said SUCCESS, or the desk handed
 * it back), on its way ({@code refundingCents}: WeChat Pay is paying it back), or not come ({@code notRefundedCents}:
 * WeChat Pay ended the refund ABNORMAL or CLOSED, and the gym gives it back by hand). {@code leftCents}: what is left
 * to refund — the paid rest, never what is on its way or being settled by hand.
 */
public record BookingMoney(int paidCents, int refundedCents, int refundingCents, int notRefundedCents, int leftCents) {}
