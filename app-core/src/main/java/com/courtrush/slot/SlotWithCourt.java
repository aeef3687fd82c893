package com.courtrush.slot;

import com.courtrush.slot.api.SlotWithCourtView;
import lombok.Getter;
import lombok.Setter;

/** A slot row joined with its court's name, venue and sport. */
@Getter
@Setter
public class SlotWithCourt extends TimeSlot {
    private String courtName;
    /** The court's venue (SPEC §21). */
    private Long venueId;
    /** The court's sport. */
    private String sport;
    /** The label of the class or team block holding it (SPEC §21), where the query reads it; else null. */
    private String heldFor;

    /** The slot with its court's name and the block holding it, as the console lists it. */
    public SlotWithCourtView listed() {
        return new SlotWithCourtView(
                getId(),
                getSessionId(),
                getCourtId(),
                getCourtName(),
                getSlotDate(),
                getStartTime(),
                getEndTime(),
                getCapacity(),
                getBooked(),
                getPriceCents(),
                Boolean.TRUE.equals(getActive()),
                heldFor);
    }
}
