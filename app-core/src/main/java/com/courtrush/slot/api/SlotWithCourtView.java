package com.courtrush.slot.api;

import java.time.LocalDate;
import java.time.LocalTime;

/**
 * A slot of an opening with its court's name, as the console lists them.
 *
 * @param courtName  the court's name
 * @param booked     places taken (never above capacity)
 * @param priceCents its price; null for the gym's default
 * @param active     whether it is on sale
 * @param heldFor    the label of the class or team block holding it (SPEC §21), else null
 */
public record SlotWithCourtView(
        long id,
        long sessionId,
        long courtId,
        String courtName,
        LocalDate slotDate,
        LocalTime startTime,
        LocalTime endTime,
        int capacity,
        int booked,
        Integer priceCents,
        boolean active,
        String heldFor) {}
