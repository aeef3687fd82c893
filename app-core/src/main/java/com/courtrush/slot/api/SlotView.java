package com.courtrush.slot.api;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A slot as the API and the console see it after an edit.
 *
 * @param booked     places taken (never above capacity)
 * @param priceCents its price; null for the gym's default
 * @param active     whether it is on sale
 */
public record SlotView(
        long id,
        long sessionId,
        long courtId,
        LocalDate slotDate,
        LocalTime startTime,
        LocalTime endTime,
        int capacity,
        int booked,
        Integer priceCents,
        boolean active,
        LocalDateTime createTime,
        LocalDateTime updateTime) {}
