package com.courtrush.pay.api;

/** Where a refund stands at the provider (WeChat Pay's own refund states). */
public enum RefundStatus {
    /** Asked of the provider; its notification or a query says how it ended. */
    REFUNDING,
    /** The money reached the student (or the desk handed it back). */
    SUCCESS,
    /** The money could not reach the student (a closed card): staff settle it on WeChat Pay's merchant platform. */
    ABNORMAL,
    /** The provider closed the refund without paying it. */
    CLOSED
}
