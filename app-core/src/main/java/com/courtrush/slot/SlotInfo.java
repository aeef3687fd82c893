package com.courtrush.slot;

import com.courtrush.court.api.CourtView;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A slot as the catalog keeps it, with its court's venue and sport, and the label of the class or team block holding it
 * (SPEC §21; null when none does). {@code booked} is the database count when the
 * catalog was loaded.
 */
public record SlotInfo(
        long slotId,
        long sessionId,
        long courtId,
        String courtName,
        LocalDate slotDate,
        LocalTime startTime,
        LocalTime endTime,
        int capacity,
        int booked,
        Integer priceCents,
        boolean active,
        long venueId,
        String sport,
        String heldFor) {

    /** A slot of a badminton court of the first venue (an installation from before venues). */
    public SlotInfo(
            long slotId,
            long sessionId,
            long courtId,
            String courtName,
            LocalDate slotDate,
            LocalTime startTime,
            LocalTime endTime,
            int capacity,
            int booked,
            Integer priceCents,
            boolean active) {
        this(
                slotId,
                sessionId,
                courtId,
                courtName,
                slotDate,
                startTime,
                endTime,
                capacity,
                booked,
                priceCents,
                active,
                CourtView.FIRST_VENUE,
                CourtView.FIRST_SPORT,
                null);
    }

    /** Whether the slot has begun by {@code now} (the gym's wall clock): it is no longer sold or paid. */
    public boolean startedBy(LocalDateTime now) {
        return !slotDate.atTime(startTime).isAfter(now);
    }

    public static SlotInfo of(SlotWithCourt row) {
        return new SlotInfo(
                row.getId(),
                row.getSessionId(),
                row.getCourtId(),
                row.getCourtName(),
                row.getSlotDate(),
                row.getStartTime(),
                row.getEndTime(),
                row.getCapacity(),
                row.getBooked(),
                row.getPriceCents(),
                Boolean.TRUE.equals(row.getActive()),
                row.getVenueId(),
                row.getSport(),
                row.getHeldFor());
    }
}
