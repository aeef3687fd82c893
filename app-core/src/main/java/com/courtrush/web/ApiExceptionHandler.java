package com.courtrush.web;

import com.fasterxml.jackson.databind.JsonMappingException;
import jakarta.validation.ConstraintViolationException;
import java.util.UUID;
import java.util.stream.Collectors;
import org.redisson.client.RedisException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.validation.method.ParameterErrors;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Maps every failure to the envelope and a real HTTP status. Expected refusals are not logged as
 * errors; infrastructure outages answer 503; anything unexpected is logged once, with its cause and
 * a reference the caller can quote, and answered without internals.
 */
@RestControllerAdvice
class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler(CourtRushException.class)
    ResponseEntity<ApiResponse<Object>> onCourtRush(CourtRushException e) {
        ResponseEntity.BodyBuilder builder = ResponseEntity.status(e.status());
        if (e.retryAfter() != null) {
            long seconds = Math.max(1, (e.retryAfter().toMillis() + 999) / 1000);
            builder.header(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        }
        return builder.body(ApiResponse.of(e.outcome(), e.getMessage(), e.data()));
    }

    @ExceptionHandler(MethodArgumentNotValidException.class)
    ResponseEntity<ApiResponse<Object>> onInvalidBody(MethodArgumentNotValidException e) {
        String message = e.getBindingResult().getFieldErrors().stream()
                .map(f -> f.getField() + " " + f.getDefaultMessage())
                .sorted()
                .collect(Collectors.joining("; "));
        if (message.isEmpty()) {
            message = e.getBindingResult().getAllErrors().stream()
                    .map(error -> String.valueOf(error.getDefaultMessage()))
                    .collect(Collectors.joining("; "));
        }
        return badRequest(message);
    }

    @ExceptionHandler(HandlerMethodValidationException.class)
    ResponseEntity<ApiResponse<Object>> onInvalidParameter(HandlerMethodValidationException e) {
        String message = e.getParameterValidationResults().stream()
                .flatMap(ApiExceptionHandler::describe)
                .sorted()
                .collect(Collectors.joining("; "));
        return badRequest(message);
    }

    /** A request body's errors name its fields; a path or query parameter's errors name the parameter. */
    private static java.util.stream.Stream<String> describe(ParameterValidationResult result) {
        if (result instanceof ParameterErrors errors && errors.hasFieldErrors()) {
            return errors.getFieldErrors().stream().map(f -> f.getField() + " " + f.getDefaultMessage());
        }
        return result.getResolvableErrors().stream()
                .map(err -> result.getMethodParameter().getParameterName() + " " + err.getDefaultMessage());
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ResponseEntity<ApiResponse<Object>> onConstraintViolation(ConstraintViolationException e) {
        return badRequest(e.getConstraintViolations().stream()
                .map(v -> v.getPropertyPath() + " " + v.getMessage())
                .sorted()
                .collect(Collectors.joining("; ")));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiResponse<Object>> onUnreadableBody(HttpMessageNotReadableException e) {
        if (e.getCause() instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            String field = mapping.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining("."));
            return badRequest("Field '" + field + "' has a value of the wrong type or out of range.");
        }
        return badRequest("The request body is missing or is not valid JSON.");
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiResponse<Object>> onTypeMismatch(MethodArgumentTypeMismatchException e) {
        String expected = e.getRequiredType() == null ? "a valid value" : describe(e.getRequiredType());
        return badRequest("'" + e.getName() + "' must be " + expected + ".");
    }

    @ExceptionHandler({MissingServletRequestParameterException.class, MissingRequestHeaderException.class,
        MissingServletRequestPartException.class})
    ResponseEntity<ApiResponse<Object>> onMissing(Exception e) {
        return badRequest(e.getMessage());
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ApiResponse<Object>> onMediaType(HttpMediaTypeNotSupportedException e) {
        return ResponseEntity.status(HttpStatus.UNSUPPORTED_MEDIA_TYPE).body(ApiResponse.of(Outcome.PARAM_ERROR,
                "Content type " + e.getContentType() + " is not supported here; send application/json.", null));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ApiResponse<Object>> onMethod(HttpRequestMethodNotSupportedException e) {
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED).body(ApiResponse.of(Outcome.PARAM_ERROR,
                "Method " + e.getMethod() + " is not allowed here.", null));
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ApiResponse<Object>> onNoResource(NoResourceFoundException e) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND)
                .body(ApiResponse.of(Outcome.NOT_FOUND, "No such endpoint: /" + e.getResourcePath(), null));
    }

    @ExceptionHandler({RedisException.class, AmqpConnectException.class, DataAccessResourceFailureException.class,
        QueryTimeoutException.class, TransientDataAccessException.class})
    ResponseEntity<ApiResponse<Object>> onInfrastructureDown(Exception e) {
        String reference = reference();
        log.error("Infrastructure failure [{}]: {}", reference, e.getMessage(), e);
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(ApiResponse.of(Outcome.ERROR,
                "A back-end service is unavailable; try again shortly (reference " + reference + ").", null));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ApiResponse<Object>> onUnexpected(Exception e) {
        String reference = reference();
        log.error("Unexpected failure [{}]", reference, e);
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR).body(ApiResponse.of(Outcome.ERROR,
                "Something went wrong on our side (reference " + reference + ").", null));
    }

    private static ResponseEntity<ApiResponse<Object>> badRequest(String message) {
        return ResponseEntity.badRequest().body(ApiResponse.of(Outcome.PARAM_ERROR, message, null));
    }

    private static String describe(Class<?> type) {
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number in range";
        }
        if (type.getName().startsWith("java.time.LocalDate")) {
            return "a date like 2026-05-01";
        }
        if (type.isEnum()) {
            return "one of " + java.util.Arrays.toString(type.getEnumConstants());
        }
        return "a valid " + type.getSimpleName();
    }

    private static String reference() {
        return UUID.randomUUID().toString().substring(0, 8);
    }
}
