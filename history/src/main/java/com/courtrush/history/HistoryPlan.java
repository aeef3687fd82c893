package com.courtrush.history;

import java.time.LocalDate;

/**
 * How much of a gym's past to write, and its shape: {@code days} of daily openings ending on {@code lastDay}, each
 * with hourly slots of {@code courts} courts from {@code firstHour} to {@code lastHour}, a share {@code booked} of the
 * slots won at the opening, by {@code students} students of whom a few are regulars. The same seed writes the same
 * past.
 */
public record HistoryPlan(
        LocalDate lastDay, int days, int courts, int students, int firstHour, int lastHour, double booked, long seed) {

    public HistoryPlan {
        if (lastDay == null || days < 1 || courts < 1 || students < 10) {
            throw new IllegalArgumentException("A history needs a last day, a day, a court and ten students");
        }
        if (firstHour < 0 || lastHour > 24 || lastHour <= firstHour) {
            throw new IllegalArgumentException("Opening hours must be within a day: " + firstHour + "-" + lastHour);
        }
        if (booked < 0 || booked > 1) {
            throw new IllegalArgumentException("The booked share is between 0 and 1: " + booked);
        }
    }

    /**
     * A year of a 40-court gym ending the day before {@code today}: hourly slots 08:00–22:00, 30,000 students —
     * about 205,000 slots, 150,000 bookings and 1.2 million rows in all.
     */
    public static HistoryPlan year(LocalDate today) {
        return years(today, 1);
    }

    /** {@code years} years of the gym of {@link #year}. */
    public static HistoryPlan years(LocalDate today, int years) {
        return new HistoryPlan(today.minusDays(1), 365 * years, 40, 30_000, 8, 22, 0.62, 2026);
    }

    public LocalDate firstDay() {
        return lastDay.minusDays(days - 1L);
    }

    /** Slots a day: every court, every hour. */
    public int slotsPerDay() {
        return courts * (lastHour - firstHour);
    }
}
