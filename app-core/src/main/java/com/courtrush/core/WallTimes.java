package com.courtrush.core;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * How a gym wall time is written to a person (issue 83): its time alone on the day it belongs to, else with its date —
 * decided from the dates involved, never from the hour. A moment of a game (checked in, checked in by, a no-show)
 * belongs to its play date; a moment of a shift to the shift's day; a deadline to the day it is read on. Texts that
 * stand alone (the audit, a receipt, an export) always carry the full date. The students' page follows the same rule
 * ({@code playTime} and {@code wallTime} in format.js).
 */
public final class WallTimes {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");
    private static final DateTimeFormatter DAY_AND_TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm");

    private WallTimes() {}

    /** {@code "18:02"} when {@code time} falls on {@code day}, else {@code "11-30 00:10"}. */
    public static String onDay(LocalDateTime time, LocalDate day) {
        return time.toLocalDate().equals(day) ? TIME.format(time) : DAY_AND_TIME.format(time);
    }
}
