package com.courtrush.core;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * When an unpaid booking must be paid: its payment timeout, but never after its slot's start (SPEC §12, issue 55) —
 * booked at 09:38 for 09:40, it is paid by 09:40, not 09:53. One rule for the timeout job, the reminder and the
 * WeChat Pay order's expiry. The timeout is the one the booking was given when it was won: a later change of
 * {@code PAY_TIMEOUT_MINUTE} moves no existing deadline (issue 74).
 */
public final class PayDeadline {

    private PayDeadline() {}

    /**
     * The deadline a booking was given when it was won ({@code reservation.pay_by}, issue 74), or for a row an older
     * engine wrote without one its creation + {@code minutes} (the timeout set now), as that engine reads it.
     */
    public static LocalDateTime given(LocalDateTime given, LocalDateTime created, int minutes) {
        return given != null ? given : created.plusMinutes(minutes);
    }

    /** {@code timeout} (the deadline the booking was given), or the slot's start if earlier. */
    public static LocalDateTime capped(LocalDateTime timeout, LocalDate slotDate, LocalTime startTime) {
        LocalDateTime start = slotDate.atTime(startTime);
        return start.isBefore(timeout) ? start : timeout;
    }
}
