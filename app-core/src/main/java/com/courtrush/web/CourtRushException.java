package com.courtrush.web;

import java.time.Duration;
import org.springframework.http.HttpStatus;

/**
 * The one exception the engine throws to tell a caller why something did not happen. It carries
 * the outcome, a message written for the caller, optional data, and the HTTP status to answer.
 */
public class CourtRushException extends RuntimeException {

    private final Outcome outcome;
    private final HttpStatus status;
    private final transient Object data;
    private final Duration retryAfter;

    public CourtRushException(Outcome outcome, String message) {
        this(outcome, message, null, outcome.status(), null, null);
    }

    protected CourtRushException(Outcome outcome, String message, Object data, HttpStatus status,
            Duration retryAfter, Throwable cause) {
        super(message, cause);
        this.outcome = outcome;
        this.status = status;
        this.data = data;
        this.retryAfter = retryAfter;
    }

    public static CourtRushException badRequest(String message) {
        return new CourtRushException(Outcome.PARAM_ERROR, message);
    }

    public static CourtRushException notFound(String message) {
        return new CourtRushException(Outcome.NOT_FOUND, message);
    }

    public static CourtRushException forbidden(String message) {
        return new CourtRushException(Outcome.FORBIDDEN, message);
    }

    /** A business conflict (HTTP 409, outcome FAILED). */
    public static CourtRushException conflict(String message) {
        return new CourtRushException(Outcome.FAILED, message);
    }

    /** Redis, the broker or the database is unreachable (HTTP 503). */
    public static CourtRushException unavailable(String message, Throwable cause) {
        return new CourtRushException(Outcome.ERROR, message, null, HttpStatus.SERVICE_UNAVAILABLE, null, cause);
    }

    public CourtRushException withData(Object newData) {
        return new CourtRushException(outcome, getMessage(), newData, status, retryAfter, getCause());
    }

    public CourtRushException withStatus(HttpStatus newStatus) {
        return new CourtRushException(outcome, getMessage(), data, newStatus, retryAfter, getCause());
    }

    public CourtRushException withRetryAfter(Duration wait) {
        return new CourtRushException(outcome, getMessage(), data, status, wait, getCause());
    }

    public Outcome outcome() {
        return outcome;
    }

    public HttpStatus status() {
        return status;
    }

    public Object data() {
        return data;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
