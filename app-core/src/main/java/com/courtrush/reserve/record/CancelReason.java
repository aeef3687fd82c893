package com.courtrush.reserve.record;

/** Why a reservation is CANCELLED. COMPENSATION marks a granted attempt that was never recorded. */
public enum CancelReason {
    USER,
    TIMEOUT,
    REFUND,
    STAFF,
    COMPENSATION
}
