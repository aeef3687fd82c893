package com.courtrush.web;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.LogSafe;
import com.courtrush.core.Outages;
import com.courtrush.core.Outcome;
import com.fasterxml.jackson.databind.JsonMappingException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.FieldError;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestTimeoutException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Maps every failure to the envelope and a real HTTP status. Expected refusals are not logged as
 * errors; infrastructure outages answer 503; a client that hung up before its answer is one line at
 * DEBUG; anything unexpected is logged once, with its cause and a reference the caller can quote, and
 * answered without internals.
 */
@RestControllerAdvice
public class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
    private static final java.time.Duration TOO_SLOW_RETRY = java.time.Duration.ofSeconds(5);

    @ExceptionHandler(CourtRushException.class)
    ResponseEntity<ApiResponse<Object>> onCourtRush(CourtRushException e, HttpServletRequest request) {
        return refusal(e, RequestLocales.of(request));
    }

    /**
     * The answer to a refusal: its HTTP status, {@code Retry-After} when it has one, and the envelope
     * with the message in the caller's language. Hot endpoints return it themselves rather than
     * throwing through Spring MVC's exception resolution.
     */
    public static ResponseEntity<ApiResponse<Object>> refusal(CourtRushException e, Locale locale) {
        ResponseEntity.BodyBuilder builder = ResponseEntity.status(e.status());
        if (e.retryAfter() != null) {
            long seconds = Math.max(1, (e.retryAfter().toMillis() + 999) / 1000);
            builder.header(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        }
        return builder.body(ApiResponse.of(e.outcome(), e.message(locale), e.data()));
    }

    /**
     * A request answered asynchronously (a sign-in waiting for the hashing pool) that took longer than
     * the server's async timeout: busy, not broken — 503, and when to try again.
     */
    @ExceptionHandler(AsyncRequestTimeoutException.class)
    ResponseEntity<ApiResponse<Object>> onAsyncTimeout(AsyncRequestTimeoutException e, HttpServletRequest request) {
        log.warn(
                "{} {} was not answered within the async timeout; answered 503",
                request.getMethod(),
                LogSafe.of(request.getRequestURI()));
        return refusal(
                CourtRushException.unavailable(null, "http.busy").withRetryAfter(TOO_SLOW_RETRY),
                RequestLocales.of(request));
    }

    /**
     * A body that breaks a rule: each field said in the caller's language, in plain words ({@link ViolationTexts}), never
     * the validator's own text.
     */
    @ExceptionHandler(MethodArgumentNotValidException.class)
    ResponseEntity<ApiResponse<Object>> onInvalidBody(MethodArgumentNotValidException e, HttpServletRequest request) {
        Locale locale = RequestLocales.of(request);
        String message = e.getBindingResult().getFieldErrors().stream()
                .map(f -> describe(f, locale))
                .sorted()
                .distinct()
                .collect(Collectors.joining(" "));
        return badRequest(message.isEmpty() ? text(request, "http.badBody") : message);
    }

    @ExceptionHandler(HandlerMethodValidationException.class)
    ResponseEntity<ApiResponse<Object>> onInvalidParameter(
            HandlerMethodValidationException e, HttpServletRequest request) {
        Locale locale = RequestLocales.of(request);
        String message = e.getParameterValidationResults().stream()
                .flatMap(result -> describe(result, locale))
                .sorted()
                .distinct()
                .collect(Collectors.joining(" "));
        return badRequest(message.isEmpty() ? text(request, "http.badBody") : message);
    }

    /** A request body's errors name its fields; a path or query parameter's errors name the parameter. */
    private static java.util.stream.Stream<String> describe(ParameterValidationResult result, Locale locale) {
        if (result instanceof ParameterErrors errors && errors.hasFieldErrors()) {
            return errors.getFieldErrors().stream().map(f -> describe(f, locale));
        }
        return result.getResolvableErrors().stream().map(error -> {
            ConstraintViolation<?> violation = result.unwrap(error, ConstraintViolation.class);
            return violation != null
                    ? ViolationTexts.of(violation, locale)
                    : ViolationTexts.of(result.getMethodParameter().getParameterName(), locale);
        });
    }

    private static String describe(FieldError field, Locale locale) {
        return field.contains(ConstraintViolation.class)
                ? ViolationTexts.of(field.unwrap(ConstraintViolation.class), locale)
                : ViolationTexts.of(field.getField(), locale);
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ResponseEntity<ApiResponse<Object>> onConstraintViolation(
            ConstraintViolationException e, HttpServletRequest request) {
        Locale locale = RequestLocales.of(request);
        return badRequest(e.getConstraintViolations().stream()
                .map(v -> ViolationTexts.of(v, locale))
                .sorted()
                .distinct()
                .collect(Collectors.joining(" ")));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiResponse<Object>> onUnreadableBody(
            HttpMessageNotReadableException e, HttpServletRequest request) {
        if (e.getCause() instanceof JsonMappingException mapping
                && !mapping.getPath().isEmpty()) {
            String field = mapping.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining("."));
            return badRequest(text(request, "http.badField", field));
        }
        return badRequest(text(request, "http.badBody"));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiResponse<Object>> onTypeMismatch(
            MethodArgumentTypeMismatchException e, HttpServletRequest request) {
        Class<?> type = e.getRequiredType();
        String message;
        if (type != null && (Number.class.isAssignableFrom(type) || type.isPrimitive())) {
            message = text(request, "http.mustBeNumber", e.getName());
        } else if (type != null && type.getName().startsWith("java.time.LocalDate")) {
            message = text(request, "http.mustBeDate", e.getName());
        } else if (type != null && type.isEnum()) {
            message = text(request, "http.mustBeOneOf", e.getName(), Arrays.toString(type.getEnumConstants()));
        } else {
            message = text(request, "http.mustBeValid", e.getName());
        }
        return badRequest(message);
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ApiResponse<Object>> onMissingParameter(
            MissingServletRequestParameterException e, HttpServletRequest request) {
        return badRequest(text(request, "http.missing", e.getParameterName()));
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    ResponseEntity<ApiResponse<Object>> onMissingHeader(MissingRequestHeaderException e, HttpServletRequest request) {
        return badRequest(text(request, "http.missing", e.getHeaderName()));
    }

    @ExceptionHandler(MissingServletRequestPartException.class)
    ResponseEntity<ApiResponse<Object>> onMissingPart(
            MissingServletRequestPartException e, HttpServletRequest request) {
        return badRequest(text(request, "http.missing", e.getRequestPartName()));
    }

    /** A multipart body that cannot be read (no boundary, cut short) is the caller's: 400; one over the limit, 413. */
    @ExceptionHandler(MultipartException.class)
    ResponseEntity<ApiResponse<Object>> onMultipart(MultipartException e, HttpServletRequest request) {
        if (e instanceof MaxUploadSizeExceededException) {
            return ResponseEntity.status(HttpStatus.PAYLOAD_TOO_LARGE)
                    .body(ApiResponse.of(Outcome.PARAM_ERROR, text(request, "http.tooLarge"), null));
        }
        return badRequest(text(request, "http.badMultipart"));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiResponse<Object>> onMediaType(HttpMediaTypeNotSupportedException e, HttpServletRequest request) {
        return ResponseEntity.status(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
                .body(ApiResponse.of(
                        Outcome.PARAM_ERROR,
                        text(request, "http.mediaType", String.valueOf(e.getContentType())),
                        null));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiResponse<Object>> onMethod(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
                .body(ApiResponse.of(Outcome.PARAM_ERROR, text(request, "http.method", e.getMethod()), null));
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ApiResponse<Object>> onNoResource(NoResourceFoundException e, HttpServletRequest request) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND)
                .body(ApiResponse.of(Outcome.NOT_FOUND, text(request, "http.noEndpoint", e.getResourcePath()), null));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiResponse<Object>> onUnexpected(Exception e, HttpServletRequest request) {
        if (clientWentAway(e, request)) {
            return null; // nobody is there to read an answer: nothing is written
        }
        return failure(e, request);
    }

    /**
     * The answer to a failure of a request served outside Spring MVC's dispatch ({@code POST /reserve/},
     * ahead of the framework): what the handlers here answer for the failures such a request meets — a
     * refusal, a body that cannot be read or is not valid — and {@link #failure} for anything else.
     */
    public ResponseEntity<ApiResponse<Object>> answer(Exception e, HttpServletRequest request) {
        if (e instanceof CourtRushException refused) {
            return onCourtRush(refused, request);
        }
        if (e instanceof HttpMessageNotReadableException unreadable) {
            return onUnreadableBody(unreadable, request);
        }
        if (e instanceof ConstraintViolationException invalid) {
            return onConstraintViolation(invalid, request);
        }
        return failure(e, request);
    }

    /**
     * The answer to any failure the handlers above do not know, logged with a reference the answer
     * carries: 503 when Redis, the broker or the database cannot be reached, else 500. Also used for
     * a failure met outside Spring MVC's dispatch (an answer written on an async context).
     */
    public ResponseEntity<ApiResponse<Object>> failure(Exception e, HttpServletRequest request) {
        String reference = reference();
        if (Outages.isOutage(e)) {
            // an outage fails every request alike: one line each, the stack adds nothing
            log.warn("Infrastructure unavailable [{}]: {}", reference, Outages.describe(e));
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .header(HttpHeaders.RETRY_AFTER, Long.toString(Outages.RETRY_AFTER.toSeconds()))
                    .body(ApiResponse.of(Outcome.ERROR, text(request, "http.unavailable", reference), null));
        }
        if (!clientWentAway(e, request)) {
            log.error("Unexpected failure [{}]", reference, e);
        }
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
                .body(ApiResponse.of(Outcome.ERROR, text(request, "http.unexpected", reference), null));
    }

    /**
     * Whether the failure is the client having hung up mid-answer (a broken pipe, Tomcat's ClientAbortException,
     * Spring's AsyncRequestNotUsableException — a phone that lost its network, a tab closed): nothing the engine did
     * wrong, and nothing anyone can act on, so one line at DEBUG without a stack trace, never an ERROR. Redis, the
     * broker or the database resetting the engine's own connection is an outage, not this.
     */
    private static boolean clientWentAway(Exception e, HttpServletRequest request) {
        if (Outages.isOutage(e) || !DisconnectedClientHelper.isClientDisconnectedException(e)) {
            return false; // a service's connection reset is an outage, answered 503, not a client gone
        }
        log.debug(
                "The client of {} {} went away before its answer: {}",
                request.getMethod(),
                LogSafe.of(request.getRequestURI()),
                LogSafe.of(String.valueOf(e)));
        return true;
    }

    private static ResponseEntity<ApiResponse<Object>> badRequest(String message) {
        return ResponseEntity.badRequest().body(ApiResponse.of(Outcome.PARAM_ERROR, message, null));
    }

    private static String text(HttpServletRequest request, String key, Object... args) {
        return EngineMessages.format(RequestLocales.of(request), key, args);
    }

    private static String reference() {
        return UUID.randomUUID().toString().substring(0, 8);
    }
}
