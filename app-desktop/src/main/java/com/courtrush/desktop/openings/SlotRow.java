package com.courtrush.desktop.openings;

import com.courtrush.slot.api.SlotWithCourtView;
import java.time.LocalTime;

/** A slot as the table shows it. */
public record SlotRow(
        long slotId,
        String courtName,
        LocalTime start,
        LocalTime end,
        int capacity,
        int booked,
        Integer priceCents,
        boolean active) {
    /**
     * What staff read in the state column: withdrawn, sold out (every place booked, as Live rush
     * shows it once recorded), or on sale.
     */
    public String stateKey() {
        return !active ? "openings.withdrawn" : booked >= capacity ? "rush.soldOut" : "openings.onSale";
    }

    static SlotRow of(SlotWithCourtView s) {
        return new SlotRow(
                s.id(),
                s.courtName(),
                s.startTime(),
                s.endTime(),
                s.capacity(),
                s.booked(),
                s.priceCents(),
                s.active());
    }
}
