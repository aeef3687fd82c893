package com.courtrush.paysim;

import java.time.OffsetDateTime;

/**
 * The simulator's view of one refund at one moment.
 *
 * @param outRefundNo the merchant's refund number
 * @param refundId WeChat Pay's refund id
 * @param outTradeNo the refunded order
 * @param transactionId the refunded transaction
 * @param refund the fen refunded
 * @param total the order's total in fen
 * @param status {@code PROCESSING}, {@code SUCCESS} or {@code ABNORMAL}
 * @param reason the merchant's reason, or null
 * @param notifyUrl where the refund notification goes (the order's when not given)
 * @param createTime when the refund was accepted
 * @param successTime when it succeeded, else null
 */
public record RefundSnapshot(
        String outRefundNo,
        String refundId,
        String outTradeNo,
        String transactionId,
        long refund,
        long total,
        String status,
        String reason,
        String notifyUrl,
        OffsetDateTime createTime,
        OffsetDateTime successTime) {}
