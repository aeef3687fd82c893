package com.courtrush.share.api;

/**
 * The fair-share rules in force (SPEC §16), as the gym set them.
 *
 * @param perDay    most bookings a student plays on one play date
 * @param perWeek   most a calendar week, Monday first (0: no weekly share)
 * @param oneAtATime at most one place at the same time
 */
public record ShareRules(int perDay, int perWeek, boolean oneAtATime) {

    /** The rules as a script's argument: "perDay,perWeek,oneAtATime" ({@code lua/lib/share.lua}). */
    public String arg() {
        return perDay + "," + perWeek + "," + (oneAtATime ? 1 : 0);
    }
}
