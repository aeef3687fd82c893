package com.courtrush.pay.api;

/** How a payment notification ended. */
public enum PaidOutcome {
    CONFIRMED,
    ALREADY_PAID,
    AUTO_REFUNDED,
    ALREADY_REFUNDED
}
