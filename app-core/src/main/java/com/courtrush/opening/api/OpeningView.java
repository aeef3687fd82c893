package com.courtrush.opening.api;

import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * An opening as the API and the console see it.
 *
 * @param sessionDate  the date of its slots
 * @param flashTime    when its gate opens (may be the day before)
 * @param fairDraw     whether it starts with a fair draw
 * @param drawWindowMs the draw's window, 0 for none
 * @param venueId      the venue whose courts it sells (SPEC §21)
 */
public record OpeningView(
        long id,
        LocalDate sessionDate,
        LocalDateTime flashTime,
        int warmupLeadMinutes,
        int perUserLimit,
        SessionState state,
        boolean bookingPass,
        boolean fairDraw,
        int drawWindowMs,
        long venueId) {}
