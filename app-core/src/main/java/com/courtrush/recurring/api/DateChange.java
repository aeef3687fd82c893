package com.courtrush.recurring.api;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Texts;
import java.time.LocalTime;

/** A date closed, or changed once (null: as the rule says). */
public record DateChange(
        Boolean closed,
        LocalTime flashTime,
        LocalTime startTime,
        LocalTime endTime,
        Integer capacity,
        Integer priceCents,
        Integer perUserLimit,
        String note) {

    /** Refuses a change that changes nothing or holds a value out of range. */
    public void validate() {
        if (note != null && (note.length() > 255 || !Texts.isPlain(note))) {
            throw CourtRushException.badRequest("rule.note");
        }
        if (capacity != null && (capacity < 1 || capacity > 1000)) {
            throw CourtRushException.badRequest("slot.capacity");
        }
        if (priceCents != null && (priceCents < 0 || priceCents > 10_000_000)) {
            throw CourtRushException.badRequest("slot.price");
        }
        if (perUserLimit != null && (perUserLimit < 1 || perUserLimit > 100)) {
            throw CourtRushException.badRequest("opening.perUserLimit");
        }
        if (!Boolean.TRUE.equals(closed)
                && flashTime == null
                && startTime == null
                && endTime == null
                && capacity == null
                && priceCents == null
                && perUserLimit == null) {
            throw CourtRushException.badRequest("rule.nothingChanged");
        }
    }
}
