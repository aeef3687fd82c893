package com.courtrush.attendance.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/** One no-show strike, the booking it was for, and whether a manager forgave it (by whom, why). */
public record Strike(
        long id,
        long reservationId,
        LocalDateTime struckTime,
        LocalDateTime forgivenTime,
        String forgivenBy,
        String forgiveReason,
        LocalDate slotDate,
        @JsonFormat(pattern = "HH:mm") LocalTime startTime,
        String courtName) {

    public boolean forgiven() {
        return forgivenTime != null;
    }
}
