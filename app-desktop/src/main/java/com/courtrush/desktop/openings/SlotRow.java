package com.courtrush.desktop.openings;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.slot.api.SlotWithCourtView;
import java.time.LocalTime;

/** A slot as the table shows it; {@code heldFor} the class or team block holding it (SPEC §21), else null. */
public record SlotRow(
        long slotId,
        String courtName,
        LocalTime start,
        LocalTime end,
        int capacity,
        int booked,
        Integer priceCents,
        boolean active,
        String heldFor) {

    /**
     * What staff read in the state column: withdrawn, sold out (every place booked, as Live rush
     * shows it once recorded), or on sale.
     */
    public String stateKey() {
        return !active ? "openings.withdrawn" : booked >= capacity ? "rush.soldOut" : "openings.onSale";
    }

    /** The state column's words: a held slot names its class or team (never on sale: it cannot be put back). */
    public String state(I18n i18n) {
        return heldFor != null ? i18n.t("openings.held", heldFor) : i18n.t(stateKey());
    }

    /** On sale: there is something to withdraw. */
    public boolean canWithdraw() {
        return active;
    }

    /** Off sale by a withdrawal: a slot a class or team holds goes on sale when its block lets the date go. */
    public boolean canPutOnSale() {
        return !active && heldFor == null;
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
                s.active(),
                s.heldFor());
    }
}
