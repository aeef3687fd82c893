package com.courtrush.attendance.api;

import com.courtrush.account.api.Category;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * A running slot at the desk: its free places (left unsold or given back) and what a walk-in pays.
 *
 * @param priceCents what a student pays
 * @param prices     what each category its venue admits pays (SPEC §21): a walk-in pays their own
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
        int priceCents,
        Map<Category, Integer> prices) {

    public RunningSlot {
        // in the categories' order, as the page and the console list them
        prices = prices == null || prices.isEmpty()
                ? Map.of(Category.STUDENT, priceCents)
                : Collections.unmodifiableMap(new EnumMap<>(prices));
    }

    /** What a member of {@code category} pays for a place; null when its venue does not admit them. */
    public Integer priceFor(Category category) {
        return prices.get(category);
    }
}
