package com.courtrush.reserve.api;

import java.time.LocalDate;

/** Which reservations staff look for; null means "any". Compensated attempts are left out unless asked for. */
public record ReservationFilter(
        Long sessionId,
        Long slotId,
        Long userId,
        ReservationStatus status,
        LocalDate slotDate,
        Long courtId,
        String studentId,
        boolean includeCompensated,
        Long reservationId,
        String outTradeNo) {

    public ReservationFilter(Long sessionId, Long slotId, Long userId, ReservationStatus status) {
        this(sessionId, slotId, userId, status, null, null, null, true);
    }

    public ReservationFilter(
            Long sessionId,
            Long slotId,
            Long userId,
            ReservationStatus status,
            LocalDate slotDate,
            Long courtId,
            String studentId,
            boolean includeCompensated) {
        this(sessionId, slotId, userId, status, slotDate, courtId, studentId, includeCompensated, null, null);
    }
}
