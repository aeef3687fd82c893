package com.courtrush.recurring.api;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Texts;
import com.courtrush.slot.api.SlotTemplate;
import java.time.LocalTime;
import java.util.List;

/** A rule to create or the new state of one; weekdays are ISO numbers (1 = Monday). */
public record RuleForm(
        String name,
        Integer daysAhead,
        List<Integer> weekdays,
        LocalTime flashTime,
        Integer flashDaysBefore,
        Integer warmupLeadMinutes,
        Integer perUserLimit,
        List<Long> courtIds,
        LocalTime startTime,
        LocalTime endTime,
        Integer durationMinutes,
        Integer capacity,
        Integer priceCents) {

    /** This form, if every value is in range; else refused with what is wrong. */
    public RuleForm validated() {
        if (name == null || name.isBlank() || name.strip().length() > 64 || !Texts.isPlain(name)) {
            throw CourtRushException.badRequest("rule.name");
        }
        if (daysAhead == null || daysAhead < 1 || daysAhead > 30) {
            throw CourtRushException.badRequest("rule.daysAhead");
        }
        if (weekdays == null || weekdays.isEmpty() || weekdays.stream().anyMatch(d -> d == null || d < 1 || d > 7)) {
            throw CourtRushException.badRequest("rule.weekdays");
        }
        if (flashTime == null || flashDaysBefore == null || flashDaysBefore < 0 || flashDaysBefore > 30) {
            throw CourtRushException.badRequest("rule.flash");
        }
        if (warmupLeadMinutes != null && (warmupLeadMinutes < 0 || warmupLeadMinutes > 1440)) {
            throw CourtRushException.badRequest("opening.warmupLead");
        }
        if (perUserLimit == null || perUserLimit < 1 || perUserLimit > 100) {
            throw CourtRushException.badRequest("opening.perUserLimit");
        }
        new SlotTemplate(courtIds, startTime, endTime, durationMinutes, capacity, priceCents).validate();
        if (flashDaysBefore == 0 && flashTime.isAfter(startTime)) {
            throw CourtRushException.badRequest("rule.flashAfterStart", flashTime, startTime);
        }
        return this;
    }
}
