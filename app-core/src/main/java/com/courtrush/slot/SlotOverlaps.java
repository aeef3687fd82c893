package com.courtrush.slot;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Finds the slots of a court and date that overlap a time range (touching is not overlapping): those on sale and those a
 * class or team block holds (SPEC §21), which keep the court as much.
 */
@Component
class SlotOverlaps {

    private final TimeSlotMapper slots;

    SlotOverlaps(TimeSlotMapper slots) {
        this.slots = slots;
    }

    List<TimeSlot> activeOn(long courtId, LocalDate date) {
        return slots.selectList(new LambdaQueryWrapper<TimeSlot>()
                .eq(TimeSlot::getCourtId, courtId)
                .eq(TimeSlot::getSlotDate, date)
                .and(taken -> taken.eq(TimeSlot::getActive, true).or().isNotNull(TimeSlot::getBlockId)));
    }

    List<TimeSlot> clashes(long courtId, LocalDate date, LocalTime start, LocalTime end, Long ignoreSlotId) {
        return activeOn(courtId, date).stream()
                .filter(s -> !s.getId().equals(ignoreSlotId) && s.overlaps(start, end))
                .toList();
    }
}
