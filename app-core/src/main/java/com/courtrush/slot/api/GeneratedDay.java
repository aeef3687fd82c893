package com.courtrush.slot.api;

import com.courtrush.core.EngineText;
import com.courtrush.slot.desk.SlotDesk;
import java.time.LocalDate;
import java.util.List;

/**
 * What happened on one day of {@link SlotDesk#generateDays}: {@code error} is null when it worked, else
 * why not, with each slot that would have overlapped.
 */
public record GeneratedDay(
        LocalDate date, Long sessionId, int slotsCreated, EngineText error, List<EngineText> conflicts) {
    public GeneratedDay(LocalDate date, Long sessionId, int slotsCreated) {
        this(date, sessionId, slotsCreated, null, List.of());
    }
}
