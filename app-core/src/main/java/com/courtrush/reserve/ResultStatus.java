package com.courtrush.reserve;

/** Where a reservation attempt stands. */
public enum ResultStatus {
    PENDING,
    SUCCESS,
    FAILED
}
