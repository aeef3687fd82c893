package com.courtrush.pay.api;

import java.time.LocalDateTime;

/**
 * One refund of a pay order, as staff see it among a reservation's details.
 *
 * @param whole the refund that gave back the rest of the order and ended the booking; a part leaves it CONFIRMED
 */
public record PayRefundView(
        String outRefundNo,
        String outTradeNo,
        int amountCents,
        boolean whole,
        RefundStatus status,
        String reason,
        String actor,
        LocalDateTime createTime,
        LocalDateTime successTime) {}
