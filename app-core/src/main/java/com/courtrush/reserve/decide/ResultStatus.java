package com.courtrush.reserve.decide;

/** Where a reservation attempt stands. */
public enum ResultStatus {
    PENDING,
    SUCCESS,
    FAILED
}
