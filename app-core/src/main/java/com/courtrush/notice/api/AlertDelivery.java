package com.courtrush.notice.api;

import java.time.LocalDateTime;

/**
 * A staff alert and how its delivery went, for staff: state PENDING, SENT or FAILED at the webhook, or UNSENT (recorded
 * while no webhook was on).
 */
public record AlertDelivery(
        long id,
        String messageId,
        String kind,
        String params,
        LocalDateTime createTime,
        int attempts,
        String state,
        LocalDateTime sentTime,
        String error) {}
