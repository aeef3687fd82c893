package com.courtrush.pay.api;

import java.time.LocalDateTime;

/**
 * One pay order as staff see it among a reservation's details.
 *
 * @param payingKey equals the reservation id while PAYING (guard G4), null otherwise
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
        LocalDateTime createTime,
        LocalDateTime updateTime) {}
