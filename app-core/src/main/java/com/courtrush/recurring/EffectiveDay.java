package com.courtrush.recurring;

import com.courtrush.slot.api.SlotTemplate;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.function.Function;

/** What a rule makes on one date, its one-off change applied. */
record EffectiveDay(LocalDateTime flashAt, LocalTime start, int perUserLimit, SlotTemplate template) {

    static EffectiveDay of(OpeningRule rule, LocalDate date, RuleException change) {
        LocalTime flash = pick(change, RuleException::getFlashTime, rule.getFlashTime());
        LocalTime start = pick(change, RuleException::getStartTime, rule.getStartTime());
        LocalTime end = pick(change, RuleException::getEndTime, rule.getEndTime());
        return new EffectiveDay(
                date.minusDays(rule.getFlashDaysBefore()).atTime(flash),
                start,
                pick(change, RuleException::getPerUserLimit, rule.getPerUserLimit()),
                new SlotTemplate(
                        rule.courtIdList(),
                        start,
                        end,
                        rule.getDurationMinutes(),
                        pick(change, RuleException::getCapacity, rule.getCapacity()),
                        pick(change, RuleException::getPriceCents, rule.getPriceCents())));
    }

    private static <T> T pick(RuleException change, Function<RuleException, T> value, T otherwise) {
        T changed = change == null ? null : value.apply(change);
        return changed != null ? changed : otherwise;
    }
}
