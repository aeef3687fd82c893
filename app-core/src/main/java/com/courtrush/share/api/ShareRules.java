package com.courtrush.share.api;

import java.util.Map;
import java.util.TreeMap;

/**
 * The fair-share rules in force (SPEC §16), as the gym set them, with each sport's own day's and week's share
 * (SPEC §21).
 *
 * @param perDay     most bookings of a sport a student plays on one play date (a sport without its own)
 * @param perWeek    most of a sport a calendar week, Monday first (0: no weekly share)
 * @param oneAtATime at most one place at the same time, across every venue and sport
 * @param sports     the sports whose share is their own, by code
 */
public record ShareRules(int perDay, int perWeek, boolean oneAtATime, Map<String, SportShare> sports) {

    public ShareRules {
        sports = Map.copyOf(sports);
    }

    /** The gym's rules, every sport alike. */
    public ShareRules(int perDay, int perWeek, boolean oneAtATime) {
        this(perDay, perWeek, oneAtATime, Map.of());
    }

    /**
     * A sport's own share: the gym's where it sets none.
     *
     * @param perDay  most bookings of the sport a play date
     * @param perWeek most a week (0: no weekly share)
     */
    public record SportShare(int perDay, int perWeek) {}

    /** The share of this sport. */
    public SportShare of(String sport) {
        return sports.getOrDefault(sport, new SportShare(perDay, perWeek));
    }

    /**
     * The rules as a script's argument: "perDay,perWeek,oneAtATime", then ";SPORT,perDay,perWeek" for each sport with
     * its own share ({@code lua/lib/share.lua}).
     */
    public String arg() {
        String gym = perDay + "," + perWeek + "," + (oneAtATime ? 1 : 0);
        if (sports.isEmpty()) {
            return gym; // the reserve hot path with no sport of a share of its own: no map copied
        }
        StringBuilder arg = new StringBuilder(gym);
        new TreeMap<>(sports)
                .forEach((sport, share) -> arg.append(';')
                        .append(sport)
                        .append(',')
                        .append(share.perDay())
                        .append(',')
                        .append(share.perWeek()));
        return arg.toString();
    }
}
