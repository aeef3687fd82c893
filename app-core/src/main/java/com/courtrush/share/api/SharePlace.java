package com.courtrush.share.api;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/**
 * When a booking is played, as the share rules compare bookings: minutes since the epoch of the gym's wall clock
 * (no zone: a play date is the gym's date, and two bookings overlap on the gym's clock).
 *
 * @param start the first minute
 * @param end   the minute it ends (exclusive)
 */
public record SharePlace(long start, long end) {

    private static final LocalDateTime EPOCH = LocalDate.EPOCH.atStartOfDay();

    public static SharePlace of(LocalDate date, LocalTime start, LocalTime end) {
        return new SharePlace(minutes(date.atTime(start)), minutes(date.atTime(end)));
    }

    public static long minutes(LocalDateTime time) {
        return ChronoUnit.MINUTES.between(EPOCH, time);
    }

    /** The play date. */
    public LocalDate date() {
        return LocalDate.ofEpochDay(Math.floorDiv(start, 1440));
    }

    /** The Monday of the play date's week. */
    public LocalDate week() {
        return LocalDate.ofEpochDay(Math.floorDiv(Math.floorDiv(start, 1440) + 3, 7) * 7 - 3);
    }

    public boolean overlaps(SharePlace other) {
        return start < other.end && other.start < end;
    }

    /** The place as a script's argument: "start,end". */
    public String arg() {
        return start + "," + end;
    }
}
