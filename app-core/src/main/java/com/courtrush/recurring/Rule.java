package com.courtrush.recurring;

import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;

/** A rule as staff see and edit it. */
public record Rule(
        long id,
        String name,
        boolean active,
        int daysAhead,
        List<Integer> weekdays,
        LocalTime flashTime,
        int flashDaysBefore,
        int warmupLeadMinutes,
        int perUserLimit,
        List<Long> courtIds,
        LocalTime startTime,
        LocalTime endTime,
        int durationMinutes,
        int capacity,
        Integer priceCents) {

    static Rule of(OpeningRule r) {
        return new Rule(
                r.getId(),
                r.getName(),
                Boolean.TRUE.equals(r.getActive()),
                r.getDaysAhead(),
                days(r.getWeekdays()),
                r.getFlashTime(),
                r.getFlashDaysBefore(),
                r.getWarmupLeadMinutes(),
                r.getPerUserLimit(),
                courts(r.getCourtIds()),
                r.getStartTime(),
                r.getEndTime(),
                r.getDurationMinutes(),
                r.getCapacity(),
                r.getPriceCents());
    }

    static List<Integer> days(String weekdays) {
        return weekdays.chars().map(c -> c - '0').boxed().toList();
    }

    static List<Long> courts(String courtIds) {
        return Arrays.stream(courtIds.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(Long::valueOf)
                .toList();
    }
}
