package com.courtrush.pay.api;

import java.time.LocalDateTime;

/**
 * One pay order as staff see it among a reservation's details.
 *
 * @param payingKey equals the reservation id while PAYING (guard G4), null otherwise
 * @param mchid the WeChat Pay merchant the order was made at; null when simulated or paid at the desk
 * @param transactionId WeChat Pay's number of the payment, once paid live
 * @param refundedCents given back so far, in part or whole (what was paid = refunded + kept)
 */
public record PayOrderView(
        Long id,
        String outTradeNo,
        Long reservationId,
        String channel,
        Integer amountCents,
        PayOrderStatus status,
        Long payingKey,
        LocalDateTime expireTime,
        LocalDateTime paidTime,
        LocalDateTime refundTime,
        String mchid,
        String transactionId,
        int refundedCents,
        LocalDateTime createTime,
        LocalDateTime updateTime) {

    /** The channel of an order a person took at the desk (its receipt says cash or card). */
    public static final String DESK_CHANNEL = "DESK";

    /** Paid (or to be paid) at the desk: a refund of it is handed back there. */
    public boolean atDesk() {
        return DESK_CHANNEL.equals(channel);
    }
}
