package com.courtrush.recurring.api;

import com.courtrush.core.EngineText;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * One date of a rule's plan.
 *
 * @param sessionId the opening it made (CREATED)
 * @param why       why it could not (FAILED)
 * @param madeOn    when it will be made (TO_COME): days ahead of the date
 */
public record PlanDay(
        LocalDate date,
        Status status,
        Long sessionId,
        EngineText why,
        LocalDateTime flashAt,
        LocalDate madeOn,
        DateChange change) {

    /** What the rule does on the date. */
    public enum Status {
        CREATED,
        FAILED,
        CLOSED,
        NOT_THIS_DAY,
        RULE_OFF,
        MISSED,
        TO_COME
    }
}
