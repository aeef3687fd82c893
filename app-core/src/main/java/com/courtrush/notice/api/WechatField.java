package com.courtrush.notice.api;

/**
 * Where a subscribe notification's keyword takes its value from, in Chinese (the official account's language), fitted
 * to the keyword's kind as WeChat limits it ({@code thing} 20 characters, {@code phrase} 5 Chinese characters…).
 */
public enum WechatField {
    /** The notice's title: 抢到了. */
    TITLE,
    /** The notice's text, as the inbox shows it. */
    TEXT,
    /** The booking's court. */
    COURT,
    /** The booking's day and hours: 2026年12月1日 18:00~19:00. */
    TIME,
    /** The notice's deadline: pay by, accept the offer by, check in by, or when the opening opens. */
    DEADLINE,
    /** The money given back: ¥20.00. */
    AMOUNT,
    /** Staff's reason. */
    REASON,
    /** The other student's name (a partner's). */
    NAME,
    /** The booking's state in a word or two: 待支付, 已退款. */
    STATE
}
