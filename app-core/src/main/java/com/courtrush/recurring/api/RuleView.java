package com.courtrush.recurring.api;

import java.time.LocalTime;
import java.util.List;

/** A rule as staff see and edit it. */
public record RuleView(
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
        Integer priceCents) {}
