package com.courtrush.reserve.api;

import java.time.LocalDate;

/**
 * Which reservations staff look for; null means "any". Compensated attempts are left out unless asked for. Play dates
 * run from {@code slotDate} to {@code lastDate} (both included; no {@code lastDate}: that one day).
 */
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
        String outTradeNo,
        LocalDate lastDate) {

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

    public ReservationFilter(
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
        this(
                sessionId,
                slotId,
                userId,
                status,
                slotDate,
                courtId,
                studentId,
                includeCompensated,
                reservationId,
                outTradeNo,
                null);
    }

    /** The last play date asked for: {@code lastDate}, or {@code slotDate} alone. */
    public LocalDate untilDate() {
        return lastDate != null ? lastDate : slotDate;
    }
}
