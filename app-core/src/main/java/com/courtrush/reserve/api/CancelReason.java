package com.courtrush.reserve.api;

/**
 * Why a reservation is CANCELLED. COMPENSATION marks a granted attempt that was never recorded; NO_SHOW a
 * booking not checked in by its start and the grace (SPEC §16).
 */
public enum CancelReason {
    USER,
    TIMEOUT,
    REFUND,
    STAFF,
    COMPENSATION,
    NO_SHOW
}
