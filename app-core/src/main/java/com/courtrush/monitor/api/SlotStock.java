package com.courtrush.monitor.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalTime;

/** One slot's live stock; {@code permitsLeft} is null when Redis does not hold the slot. */
public record SlotStock(
        long slotId,
        String courtName,
        @JsonFormat(pattern = "HH:mm") LocalTime startTime,
        @JsonFormat(pattern = "HH:mm") LocalTime endTime,
        int capacity,
        Integer permitsLeft,
        int dedupSize,
        boolean active) {}
