package com.courtrush.opening.api;

import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * An opening to create; null limits take the defaults; {@code bookingPass} null means off;
 * {@code drawWindowMs} null or 0 means no fair draw; {@code venueId} null: the first venue (SPEC §21).
 */
public record NewOpening(
        LocalDate sessionDate,
        LocalDateTime flashTime,
        Integer perUserLimit,
        Integer warmupLeadMinutes,
        Boolean bookingPass,
        Integer drawWindowMs,
        Long venueId) {

    /** Places one student may hold in an opening, unless staff say otherwise. */
    public static final int DEFAULT_PER_USER_LIMIT = 2;
    /** Minutes before its flash time that an opening is warmed up, unless staff say otherwise. */
    public static final int DEFAULT_WARMUP_LEAD_MINUTES = 5;
    /** The fair draw's window when staff turn it on without saying how long. */
    public static final int DEFAULT_DRAW_WINDOW_MS = 1000;

    public NewOpening(LocalDate sessionDate, LocalDateTime flashTime, Integer perUserLimit, Integer warmupLeadMinutes) {
        this(sessionDate, flashTime, perUserLimit, warmupLeadMinutes, false, 0, null);
    }

    public NewOpening(
            LocalDate sessionDate,
            LocalDateTime flashTime,
            Integer perUserLimit,
            Integer warmupLeadMinutes,
            Boolean bookingPass,
            Integer drawWindowMs) {
        this(sessionDate, flashTime, perUserLimit, warmupLeadMinutes, bookingPass, drawWindowMs, null);
    }

    /** The same opening, in this venue. */
    public NewOpening inVenue(long venue) {
        return new NewOpening(
                sessionDate, flashTime, perUserLimit, warmupLeadMinutes, bookingPass, drawWindowMs, venue);
    }
}
