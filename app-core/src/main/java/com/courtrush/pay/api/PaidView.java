package com.courtrush.pay.api;

import com.courtrush.reserve.api.ReservationStatus;

/** What a payment notification answers. */
public record PaidView(
        String outTradeNo,
        long reservationId,
        PayOrderStatus payStatus,
        ReservationStatus reservationStatus,
        PaidOutcome outcome,
        int amountCents) {}
