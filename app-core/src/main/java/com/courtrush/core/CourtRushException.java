package com.courtrush.core;

import java.time.Duration;
import org.springframework.http.HttpStatus;

/**
 * The one exception the engine throws to tell a caller why something did not happen. It carries
 * the outcome, a message key with its arguments ({@link EngineMessages}: English and Chinese),
 * optional data, and the HTTP status to answer. {@link #getMessage()} is the English text.
 */
public class CourtRushException extends RuntimeException {

    private final Outcome outcome;
    private final String key;
    private final transient Object[] args;
    private final HttpStatus status;
    private final transient Object data;
    private final Duration retryAfter;

    public CourtRushException(Outcome outcome, String key, Object... args) {
        this(outcome, key, args, null, outcome.status(), null, null);
    }

    protected CourtRushException(
            Outcome outcome,
            String key,
            Object[] args,
            Object data,
            HttpStatus status,
            Duration retryAfter,
            Throwable cause) {
        // a refusal is an answer, not a fault: no stack trace to fill (the crowd gets thousands per
        // second); a cause keeps its own. The English text is made only when someone asks for it.
        super(null, cause, false, false);
        this.outcome = outcome;
        this.key = key;
        this.args = args == null ? new Object[0] : args.clone();
        this.status = status;
        this.data = data;
        this.retryAfter = retryAfter;
    }

    public static CourtRushException badRequest(String key, Object... args) {
        return new CourtRushException(Outcome.PARAM_ERROR, key, args);
    }

    public static CourtRushException notFound(String key, Object... args) {
        return new CourtRushException(Outcome.NOT_FOUND, key, args);
    }

    public static CourtRushException forbidden(String key, Object... args) {
        return new CourtRushException(Outcome.FORBIDDEN, key, args);
    }

    /** A business conflict (HTTP 409, outcome FAILED). */
    public static CourtRushException conflict(String key, Object... args) {
        return new CourtRushException(Outcome.FAILED, key, args);
    }

    /** Redis, the broker or the database is unreachable (HTTP 503). */
    public static CourtRushException unavailable(Throwable cause, String key, Object... args) {
        return new CourtRushException(Outcome.ERROR, key, args, null, HttpStatus.SERVICE_UNAVAILABLE, null, cause);
    }

    public CourtRushException withData(Object newData) {
        return new CourtRushException(outcome, key, args, newData, status, retryAfter, getCause());
    }

    public CourtRushException withStatus(HttpStatus newStatus) {
        return new CourtRushException(outcome, key, args, data, newStatus, retryAfter, getCause());
    }

    public CourtRushException withRetryAfter(Duration wait) {
        return new CourtRushException(outcome, key, args, data, status, wait, getCause());
    }

    @Override
    public String getMessage() {
        return EngineMessages.english(key, args);
    }

    /** The message in {@code locale} (English unless it is Chinese). */
    public String message(java.util.Locale locale) {
        return EngineMessages.format(locale, key, args);
    }

    /** The message, to be read later in whatever language the reader has. */
    public EngineText text() {
        return new EngineText(key, args);
    }

    public String key() {
        return key;
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
