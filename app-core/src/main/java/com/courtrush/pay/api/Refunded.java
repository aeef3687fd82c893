package com.courtrush.pay.api;

import com.courtrush.reserve.api.ReservationStatus;

/**
 * What a refund answers. {@code handBackAtDesk}: the order was paid at the desk, so no gateway refunds it —
 * staff hand {@code amountCents} back in person.
 */
public record Refunded(
        long reservationId,
        ReservationStatus reservationStatus,
        PayOrderStatus payStatus,
        String outTradeNo,
        int amountCents,
        boolean cutoffOverridden,
        boolean handBackAtDesk) {}
