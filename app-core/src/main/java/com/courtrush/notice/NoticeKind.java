package com.courtrush.notice;

import java.util.List;

/**
 * What a notice tells, and the parameters its text shows after the booking's court and time (in this order;
 * the texts are {@code notice.<KIND>.title} and {@code notice.<KIND>.text} in the engine's messages).
 */
public enum NoticeKind {
    /** The rush gave the student a place: pay by then. */
    WON(Notices.PAY_BY),
    /** A few minutes before an unpaid booking's payment timeout. */
    PAY_DUE(Notices.PAY_BY),
    /** Paid: the booking is confirmed. */
    PAID(Notices.ORDER),
    /** Staff cancelled the booking, with their reason. */
    CANCELLED_BY_STAFF(Notices.REASON),
    /** Not paid in time: cancelled and its place given back. */
    TIMED_OUT(),
    /**
     * Money given back reached the student (by the student's own request or by staff, with a reason): told once the
     * provider says so, never while it is on its way.
     */
    REFUNDED(Notices.AMOUNT, Notices.REASON),
    /** Money given back did not reach the student (WeChat Pay ended the refund ABNORMAL or CLOSED): what happens next. */
    REFUND_FAILED(Notices.AMOUNT),
    /** A place given back was offered to the student from the waitlist: accept by then. */
    OFFER(Notices.UNTIL),
    /** Not checked in: the booking ended as a no-show, a strike; the money kept or refunded (its variant). */
    NO_SHOW(),
    /** Strikes blocked the student from booking until then. */
    BLOCKED(Notices.UNTIL),
    /** An opening the student asked to be reminded of opens soon. */
    OPENING_SOON(Notices.FLASH, Notices.DAY),
    /** Someone named the student as a partner on their booking: accept or decline. */
    PARTNER_INVITE(Notices.NAME),
    /** A partner the student named accepted. */
    PARTNER_ACCEPTED(Notices.NAME),
    /** A partner the student named declined. */
    PARTNER_DECLINED(Notices.NAME),
    /** An offer from the waitlist was not taken in time: the place went on to the next. */
    OFFER_LAPSED(),
    /**
     * A paid booking starts soon: check in by then, else a no-show, a strike; the money kept or refunded (its
     * variant).
     */
    BOOKING_SOON(Notices.CHECK_IN_BY);

    private final List<String> params;

    NoticeKind(String... params) {
        this.params = List.of(params);
    }

    /** The parameters the text shows, in order, after the booking. */
    public List<String> params() {
        return params;
    }
}
