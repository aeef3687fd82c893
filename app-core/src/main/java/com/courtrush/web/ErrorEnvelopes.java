package com.courtrush.web;

import com.courtrush.core.EngineMessages;
import com.courtrush.core.Outcome;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The envelope for an HTTP error that no controller answered: the server's own (a malformed
 * address, headers too large), the firewall's, a dispatch to {@code /error}. One answer per status,
 * in the caller's language, never the server's HTML page or a stack trace.
 */
public final class ErrorEnvelopes {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ErrorEnvelopes() {}

    public static ApiResponse<Object> of(int status, Locale locale) {
        return switch (status) {
            case 401 -> ApiResponse.of(Outcome.UNAUTHORIZED, EngineMessages.format(locale, "http.loginFirst"), null);
            case 403 -> ApiResponse.of(Outcome.FORBIDDEN, EngineMessages.format(locale, "http.forbidden"), null);
            case 404 -> ApiResponse.of(Outcome.NOT_FOUND, EngineMessages.format(locale, "http.notFound"), null);
            case 405 -> ApiResponse.of(Outcome.PARAM_ERROR, EngineMessages.format(locale, "http.methodHere"), null);
            case 408 -> ApiResponse.of(Outcome.PARAM_ERROR, EngineMessages.format(locale, "http.tooSlow"), null);
            case 413 -> ApiResponse.of(Outcome.PARAM_ERROR, EngineMessages.format(locale, "http.tooLarge"), null);
            case 414, 431 ->
                ApiResponse.of(Outcome.PARAM_ERROR, EngineMessages.format(locale, "http.headersTooLarge"), null);
            case 415 -> ApiResponse.of(Outcome.PARAM_ERROR, EngineMessages.format(locale, "http.mediaTypeHere"), null);
            case 429 -> ApiResponse.of(Outcome.TOO_MANY_REQUESTS, null, null);
            case 503 -> ApiResponse.of(Outcome.ERROR, EngineMessages.format(locale, "http.unavailableNow"), null);
            default ->
                status >= 500
                        ? ApiResponse.of(Outcome.ERROR, EngineMessages.format(locale, "http.serverError"), null)
                        : ApiResponse.of(Outcome.PARAM_ERROR, EngineMessages.format(locale, "http.badRequest"), null);
        };
    }

    /** The envelope's JSON, for writers outside Spring MVC. */
    public static byte[] json(int status, Locale locale) {
        try {
            return JSON.writeValueAsString(of(status, locale)).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("The error envelope cannot be written", e);
        }
    }

    /** A status a client sent wrong, or one of ours (never an internal detail either way). */
    public static boolean isClientError(int status) {
        return status >= 400 && status < 500;
    }
}
