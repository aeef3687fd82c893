package com.courtrush.notice.api;

import java.time.LocalDateTime;

/**
 * A notice sent to WeChat and how it went, for staff: state PENDING (waiting or tried again later), SENT, REFUSED by
 * WeChat for good, SKIPPED (the student's consent was spent by an earlier notice) or FAILED (given up after trying for
 * {@code courtrush.notices.retry-for}).
 */
public record WechatDelivery(
        long id,
        long noticeId,
        String studentId,
        String kind,
        String templateId,
        String state,
        int attempts,
        String error,
        String msgId,
        LocalDateTime createTime,
        LocalDateTime sentTime) {}
