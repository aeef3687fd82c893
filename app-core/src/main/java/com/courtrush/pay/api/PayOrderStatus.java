package com.courtrush.pay.api;

/** The life of a pay order. */
public enum PayOrderStatus {
    /** Created; waiting for the student to pay. At most one per reservation (G4). */
    PAYING,
    SUCCESS,
    /** Expired before payment; replaced by a new order on the next request. */
    FAILED,
    /**
     * The reservation ended (cancel, timeout) before payment, and its order made at WeChat Pay is not closed there yet
     * (the close failed): asked again until WeChat Pay answers; a payment found meanwhile is refunded.
     */
    CLOSING,
    /** The reservation ended (cancel, timeout) before payment; made at WeChat Pay, WeChat Pay said it is closed. */
    CLOSED,
    REFUNDED
}
