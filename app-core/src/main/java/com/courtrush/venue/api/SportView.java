package com.courtrush.venue.api;

/**
 * A sport as students and staff see it (SPEC §21).
 *
 * @param code           its code: BADMINTON, TABLE_TENNIS, TENNIS, BASKETBALL or one a manager named
 * @param slotMinutes    a slot's length, what a new day's template starts from
 * @param placesPerCourt places one court's slot holds (a table-tennis table: 2 players are 1 place)
 * @param perDay         most bookings of it a student plays on one date; null: the gym's BOOKINGS_PER_DAY
 * @param perWeek        most bookings of it a calendar week; null: the gym's BOOKINGS_PER_WEEK (0: none)
 */
public record SportView(
        String code,
        String nameZh,
        String nameEn,
        int slotMinutes,
        int placesPerCourt,
        Integer perDay,
        Integer perWeek) {}
