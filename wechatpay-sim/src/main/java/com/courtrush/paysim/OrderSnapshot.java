package com.courtrush.paysim;

import java.time.OffsetDateTime;

/**
 * The simulator's view of one order at one moment.
 *
 * @param outTradeNo the merchant's order number
 * @param tradeType {@code MWEB} (H5), {@code NATIVE} or {@code JSAPI}
 * @param tradeState {@code NOTPAY}, {@code SUCCESS}, {@code CLOSED} or {@code REFUND}
 * @param description the order description
 * @param total the amount in fen (cents)
 * @param transactionId WeChat Pay's transaction id once paid, else null
 * @param successTime when it was paid, else null
 * @param payerOpenid the payer's openid once paid (JSAPI: from the prepay)
 * @param notifyUrl where notifications go
 * @param timeExpire the order's expiry, or null
 * @param expired whether the expiry has passed
 * @param refunded the fen refunded or being refunded
 * @param cashierToken the token of the cashier page ({@code /cashier/<token>})
 */
public record OrderSnapshot(
        String outTradeNo,
        String tradeType,
        String tradeState,
        String description,
        long total,
        String transactionId,
        OffsetDateTime successTime,
        String payerOpenid,
        String notifyUrl,
        OffsetDateTime timeExpire,
        boolean expired,
        long refunded,
        String cashierToken) {}
