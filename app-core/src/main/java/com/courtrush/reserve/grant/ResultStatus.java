package com.courtrush.reserve.grant;

/** Where a reservation attempt stands. */
public enum ResultStatus {
    PENDING,
    SUCCESS,
    FAILED
}
