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

    /**
     * The message key of what happened, said to whoever asked: a part, or the whole and the place — "refunded" only
     * once the money is back (SUCCESS), "asked" while WeChat Pay pays it back, "not through" when it could not.
     */
    public String said() {
        String part = reservationStatus == ReservationStatus.CONFIRMED ? "Part" : "";
        return switch (refundStatus) {
            case SUCCESS -> part.isEmpty() ? "ok.refunded" : "ok.refundedPart";
            case REFUNDING -> "ok.refundAsked" + part;
            case ABNORMAL, CLOSED -> "ok.refundNotThrough" + part;
        };
    }
}
