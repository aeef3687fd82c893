package com.courtrush.reserve.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * One reservation as staff list them.
 *
 * @param priceCents what the slot costs (the amount of its pay order)
 */
public record ReservationRow(
        long id,
        String traceId,
        long userId,
        String studentId,
        long slotId,
        long sessionId,
        ReservationStatus status,
        CancelReason cancelReason,
        LocalDateTime createTime,
        LocalDate slotDate,
        @JsonFormat(pattern = "HH:mm") LocalTime startTime,
        @JsonFormat(pattern = "HH:mm") LocalTime endTime,
        String courtName,
        String studentName,
        Integer priceCents) {}
