package com.courtrush.till.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.LocalDateTime;
import java.util.List;

/**
 * A shift at the desk and its money (issue 52): per channel what its staff member took and gave back as the receipts
 * say, beside what the engine's own orders and refunds say it must be, every receipt, and — once closed — the cash
 * counted in the drawer against what the cash must come to.
 *
 * @param shiftId      the engine's reference to the shift, to ask for it again; no count, never shown
 * @param dayNumber    its number among the shifts of the day it opened (1 for the first): the number a person reads
 * @param closed       null while it is open (the sums are up to now)
 * @param countedCash  the cash counted at the close, in cents; null: not counted
 * @param cashExpected what the drawer must hold of this shift: cash taken less cash given back
 * @param matches      every channel's receipts agree with the orders, and the cash counted (when it was) is what it
 *                     must be: a drawer short by ¥0.50 does not match
 */
public record ShiftReport(
        long shiftId,
        int dayNumber,
        String gymName,
        String actor,
        String actorName,
        String console,
        LocalDateTime opened,
        LocalDateTime closed,
        String closedBy,
        List<ChannelLine> channels,
        List<ReceiptView> receipts,
        Integer countedCash,
        int cashExpected,
        boolean matches,
        String note) {

    /**
     * One channel of a shift: taken and given back by the receipts, and by the orders and refunds.
     *
     * @param ordersTaken     what the orders paid at the desk by the staff member in the shift's time add up to
     * @param ordersGivenBack what the refunds they gave in that time add up to
     */
    public record ChannelLine(
            DeskChannel channel,
            int taken,
            int givenBack,
            int receipts,
            int ordersTaken,
            int ordersGivenBack,
            boolean matches) {

        public int net() {
            return taken - givenBack;
        }
    }

    /** The counted cash less what it must be (null when not counted): a shortfall is below zero. */
    @JsonProperty
    public Integer cashDifference() {
        return countedCash == null ? null : countedCash - cashExpected;
    }

    public boolean open() {
        return closed == null;
    }
}
