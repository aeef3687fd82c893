package com.courtrush.share.api;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;

/**
 * When a booking is played, and its sport, as the share rules compare bookings: minutes since the epoch of the gym's
 * wall clock (no zone: a play date is the gym's date, and two bookings overlap on the gym's clock).
 *
 * @param start the first minute
 * @param end   the minute it ends (exclusive)
 * @param sport the sport's code: a day's and a week's share are per sport (SPEC §21)
 */
public record SharePlace(long start, long end, String sport) {

    /** The sport of every booking of an installation from before sports: its entries are written as before. */
    public static final String FIRST_SPORT = "BADMINTON";

    private static final LocalDateTime EPOCH = LocalDate.EPOCH.atStartOfDay();

    public SharePlace(long start, long end) {
        this(start, end, FIRST_SPORT);
    }

    public SharePlace {
        sport = sport == null ? FIRST_SPORT : sport;
    }

    public static SharePlace of(LocalDate date, LocalTime start, LocalTime end, String sport) {
        return new SharePlace(minutes(date.atTime(start)), minutes(date.atTime(end)), sport);
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

    /** The place as a script's argument: "start,end", and ",SPORT" for a sport but the first. */
    public String arg() {
        return start + "," + end + (FIRST_SPORT.equals(sport) ? "" : "," + sport);
    }

    /**
     * The entry of a booking of this place in an opening's copy ({@code lua/lib/share.lua}): "key,slotId,start,end",
     * the slot's id followed by "/SPORT" for a sport but the first.
     */
    public String entry(String key, long slotId) {
        return key + "," + slotId + (FIRST_SPORT.equals(sport) ? "" : "/" + sport) + "," + start + "," + end;
    }
}
