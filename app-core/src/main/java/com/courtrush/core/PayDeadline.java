package com.courtrush.core;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * When an unpaid booking must be paid: its payment timeout, but never after its slot's start (SPEC §12, issue 55) —
 * booked at 09:38 for 09:40, it is paid by 09:40, not 09:53. One rule for the timeout job, the reminder and the
 * WeChat Pay order's expiry.
 */
public final class PayDeadline {

    private PayDeadline() {}

    /** {@code timeout} ({@code PAY_TIMEOUT_MINUTE} after the booking or the order), or the slot's start if earlier. */
    public static LocalDateTime capped(LocalDateTime timeout, LocalDate slotDate, LocalTime startTime) {
        LocalDateTime start = slotDate.atTime(startTime);
        return start.isBefore(timeout) ? start : timeout;
    }
}
