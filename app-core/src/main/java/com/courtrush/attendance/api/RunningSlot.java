package com.courtrush.attendance.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalTime;

/**
 * A running slot at the desk: its free places (left unsold or given back) and what a walk-in pays.
 */
public record RunningSlot(
        long slotId,
        long sessionId,
        long courtId,
        String courtName,
        LocalDate slotDate,
        @JsonFormat(pattern = "HH:mm") LocalTime startTime,
        @JsonFormat(pattern = "HH:mm") LocalTime endTime,
        int placesLeft,
        int capacity,
        int priceCents) {}
