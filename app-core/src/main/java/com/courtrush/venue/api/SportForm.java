package com.courtrush.venue.api;

/**
 * A sport to make or change (its code in the path): names, slot length, places per court and its own fair share.
 *
 * @param slotMinutes    5 to 720
 * @param placesPerCourt 1 to 1000
 * @param perDay         1 to 20 bookings of it a day; null: the gym's BOOKINGS_PER_DAY
 * @param perWeek        0 to 100 a week; null: the gym's BOOKINGS_PER_WEEK
 */
public record SportForm(
        String nameZh, String nameEn, Integer slotMinutes, Integer placesPerCourt, Integer perDay, Integer perWeek) {}
