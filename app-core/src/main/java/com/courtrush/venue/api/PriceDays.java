package com.courtrush.venue.api;

import java.time.DayOfWeek;
import java.time.LocalDate;

/** Which days a price band covers: every day, Monday to Friday, or the weekend. */
public enum PriceDays {
    ALL,
    WEEKDAY,
    WEEKEND;

    public boolean covers(LocalDate date) {
        boolean weekend = date.getDayOfWeek() == DayOfWeek.SATURDAY || date.getDayOfWeek() == DayOfWeek.SUNDAY;
        return switch (this) {
            case ALL -> true;
            case WEEKDAY -> !weekend;
            case WEEKEND -> weekend;
        };
    }
}
