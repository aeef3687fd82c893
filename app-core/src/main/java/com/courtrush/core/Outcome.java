package com.courtrush.core;

import org.springframework.http.HttpStatus;

/** The outcome names of the API contract, each with its envelope code and default HTTP status. */
public enum Outcome {
    SUCCESS(200, HttpStatus.OK, "OK"),
    PARAM_ERROR(5010, HttpStatus.BAD_REQUEST, "The request is not valid."),
    UNAUTHORIZED(401, HttpStatus.UNAUTHORIZED, "Log in first."),
    FORBIDDEN(403, HttpStatus.FORBIDDEN, "You may not do that."),
    NOT_FOUND(404, HttpStatus.NOT_FOUND, "Not found."),
    UNGATED(3001, HttpStatus.CONFLICT, "The opening is not open."),
    DUP_REQ(3002, HttpStatus.CONFLICT, "You already hold or are being granted a place in this slot."),
    QUOTA_EXCEEDED(3003, HttpStatus.CONFLICT, "You hold as many places of this opening as allowed."),
    OUT_OF_STOCK(3004, HttpStatus.CONFLICT, "This slot is sold out."),
    PASS_REQUIRED(3005, HttpStatus.CONFLICT, "This opening asks for a booking pass."),
    BLOCKED(3006, HttpStatus.CONFLICT, "You are blocked from booking for missed bookings."),
    SHARE_USED(3007, HttpStatus.CONFLICT, "You hold your fair share of bookings."),
    TOO_MANY_REQUESTS(429, HttpStatus.TOO_MANY_REQUESTS, "Too many requests; try again later."),
    FAILED(1001, HttpStatus.CONFLICT, "The operation failed."),
    ERROR(5000, HttpStatus.INTERNAL_SERVER_ERROR, "Something went wrong on our side.");

    private final int code;
    private final HttpStatus status;
    private final String defaultMessage;

    Outcome(int code, HttpStatus status, String defaultMessage) {
        this.code = code;
        this.status = status;
        this.defaultMessage = defaultMessage;
    }

    public int code() {
        return code;
    }

    public HttpStatus status() {
        return status;
    }

    public String defaultMessage() {
        return defaultMessage;
    }
}
