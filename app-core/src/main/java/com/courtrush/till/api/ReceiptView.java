package com.courtrush.till.api;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A receipt of money taken or given back at the desk, whole: the gym's name, the booking (who, where, when), the
 * amount, the channel, who moved it and when.
 *
 * @param kind        PAYMENT or REFUND
 * @param outRefundNo the refund's number (a REFUND), else null
 * @param venueId     the venue whose desk took it (SPEC §21)
 * @param venueNameZh the venue's name when it is named apart from the gym (its desk's receipts say it), else null
 */
public record ReceiptView(
        String receiptNo,
        String kind,
        String gymName,
        long reservationId,
        String outTradeNo,
        String outRefundNo,
        DeskChannel channel,
        int amountCents,
        String actor,
        String actorName,
        LocalDateTime time,
        String studentId,
        String studentName,
        String courtName,
        LocalDate slotDate,
        LocalTime startTime,
        LocalTime endTime,
        long venueId,
        String venueNameZh,
        String venueNameEn) {

    public boolean refund() {
        return "REFUND".equals(kind);
    }
}
