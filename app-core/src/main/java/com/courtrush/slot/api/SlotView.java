package com.courtrush.slot.api;

import com.courtrush.slot.TimeSlot;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A slot as the API and the console see it after an edit.
 *
 * @param booked     places taken (never above capacity)
 * @param priceCents its price; null for the gym's default
 * @param active     whether it is on sale
 */
public record SlotView(
        long id,
        long sessionId,
        long courtId,
        LocalDate slotDate,
        LocalTime startTime,
        LocalTime endTime,
        int capacity,
        int booked,
        Integer priceCents,
        boolean active,
        LocalDateTime createTime,
        LocalDateTime updateTime) {

    /** The view of a slot's row. */
    public static SlotView of(TimeSlot slot) {
        return new SlotView(
                slot.getId(),
                slot.getSessionId(),
                slot.getCourtId(),
                slot.getSlotDate(),
                slot.getStartTime(),
                slot.getEndTime(),
                slot.getCapacity(),
                slot.getBooked(),
                slot.getPriceCents(),
                Boolean.TRUE.equals(slot.getActive()),
                slot.getCreateTime(),
                slot.getUpdateTime());
    }
}
