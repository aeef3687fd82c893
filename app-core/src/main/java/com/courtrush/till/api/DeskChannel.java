package com.courtrush.till.api;

/** How money moved at the desk: cash, a card at the desk's terminal, or WeChat Pay (refunds of online payments). */
public enum DeskChannel {
    CASH,
    CARD,
    WECHAT;

    /** The channels money is taken in at the desk. */
    public static final java.util.List<DeskChannel> TAKEN_AT_DESK = java.util.List.of(CASH, CARD);
}
