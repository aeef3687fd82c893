package com.courtrush.paysim;

import java.time.Instant;

/**
 * One delivery attempt of a notification (or a notification that was dropped on purpose).
 *
 * @param notificationId the notification's {@code id} (the same on every attempt and repeat)
 * @param eventType {@code TRANSACTION.SUCCESS}, {@code REFUND.SUCCESS} or {@code REFUND.ABNORMAL}
 * @param outTradeNo the order
 * @param outRefundNo the refund, or null for a payment notification
 * @param notifyUrl where it was sent
 * @param httpStatus the merchant's HTTP status; 0 when dropped or when no answer came (see outcome)
 * @param attempt 1 for the first attempt, 2 for the first retry…; 0 when dropped
 * @param forged whether it was a forgery (wrong signature or tampered ciphertext)
 * @param outcome {@code DELIVERED} (2xx), {@code REJECTED} (another status), {@code UNREACHABLE}
 *     (connect failure or timeout), or {@code DROPPED} (never sent, as if lost)
 * @param at when the attempt ended
 */
public record NotificationRecord(
        String notificationId,
        String eventType,
        String outTradeNo,
        String outRefundNo,
        String notifyUrl,
        int httpStatus,
        int attempt,
        boolean forged,
        String outcome,
        Instant at) {

    /** Whether the merchant acknowledged this attempt with a 2xx. */
    public boolean delivered() {
        return outcome.equals("DELIVERED");
    }
}
