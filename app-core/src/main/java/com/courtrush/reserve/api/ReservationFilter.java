package com.courtrush.reserve.api;

import java.time.LocalDate;

/**
 * Which reservations staff look for; null means "any". Compensated attempts are left out unless asked for. Play dates
 * run from {@code slotDate} to {@code lastDate} (both included; no {@code lastDate}: that one day). {@code text} is
 * what a student shows or says at the desk — a student id, a name or part of it, a whole or partial order number —
 * looked for among the bookings of the play dates asked for (or of the days around today, {@link #SEARCH_DAYS}).
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
        LocalDate lastDate,
        String text) {

    /** A text searched with no play dates looks this many days before and after today. */
    public static final int SEARCH_DAYS = 3;

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
                null,
                null);
    }

    /** Reservations whose student or order {@code text} names, with play dates from {@code from} to {@code until}. */
    public static ReservationFilter matching(
            String text, ReservationStatus status, LocalDate from, LocalDate until, Long courtId) {
        return new ReservationFilter(null, null, null, status, from, courtId, null, false, null, null, until, text);
    }

    /** Whether a text is looked for. */
    public boolean searchesText() {
        return text != null && !text.isBlank();
    }

    /** The last play date asked for: {@code lastDate}, or {@code slotDate} alone. */
    public LocalDate untilDate() {
        return lastDate != null ? lastDate : slotDate;
    }
}
