package com.courtrush.closure.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDateTime;

/**
 * What to close, when and why: a court; or a venue (with a sport: that sport's courts of it); or a sport everywhere.
 *
 * @param from   the first minute closed (the gym's wall time)
 * @param until  the first minute open again
 * @param reason what students are told (1 to 200 characters)
 */
public record NewClosure(
        Long courtId,
        Long venueId,
        String sport,
        @JsonFormat(pattern = "yyyy-MM-dd'T'HH:mm[:ss]") LocalDateTime from,
        @JsonFormat(pattern = "yyyy-MM-dd'T'HH:mm[:ss]") LocalDateTime until,
        String reason) {}
