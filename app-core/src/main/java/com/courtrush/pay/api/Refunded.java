package com.courtrush.pay.api;

import com.courtrush.reserve.api.ReservationStatus;

/**
 * What a refund answers. {@code amountCents}: what this refund gives back. {@code handBackAtDesk}: the order was
 * paid at the desk, so no gateway refunds it — staff hand the money back in person. {@code refundStatus}: REFUNDING
 * while WeChat Pay is paying it back (its notification or a query settles it), SUCCESS when done.
 * {@code orderRefundedCents}: what has gone back of the order in all, this refund included.
 */
public record Refunded(
        long reservationId,
        ReservationStatus reservationStatus,
        PayOrderStatus payStatus,
        String outTradeNo,
        int amountCents,
        boolean cutoffOverridden,
        boolean handBackAtDesk,
        String outRefundNo,
        RefundStatus refundStatus,
        int orderRefundedCents) {

    /** The message key of what happened, said to whoever asked: a part given back, or the whole and the place. */
    public String said() {
        return reservationStatus == ReservationStatus.CONFIRMED ? "ok.refundedPart" : "ok.refunded";
    }
}
