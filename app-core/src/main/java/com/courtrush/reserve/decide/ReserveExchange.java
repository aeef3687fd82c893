package com.courtrush.reserve.decide;

import com.courtrush.web.ApiResponse;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validator;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.server.ServletServerHttpRequest;

/**
 * Reads the body of {@code POST /reserve/} and writes its answer, for the endpoint the whole crowd
 * calls thousands of times a second. The body is read with one prepared Jackson reader and checked
 * with a plain test (only a body that fails it goes through Bean Validation, for the usual
 * messages); the answer is written as JSON with its length in one piece. Both use the
 * application's {@link ObjectMapper}, so the JSON is the same as every other endpoint's, and bad
 * input raises the exceptions Spring MVC would, so its answers are the same too. What this skips
 * is Spring MVC's per-request converter lookup, content negotiation and flushing, which cost more
 * than the reserve decision itself.
 */
final class ReserveExchange {

    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final Validator validator;

    ReserveExchange(ObjectMapper mapper, Validator validator) {
        this.reader = mapper.readerFor(ReserveRequest.class);
        this.writer = mapper.writerFor(ApiResponse.class);
        this.validator = validator;
    }

    ReserveRequest read(HttpServletRequest http) throws IOException {
        byte[] body = http.getInputStream().readAllBytes();
        ReserveRequest request;
        try {
            request = body.length == 0 ? null : reader.readValue(body);
        } catch (IOException e) {
            throw new HttpMessageNotReadableException(
                    "Unreadable reserve request: " + e.getMessage(), e, new ServletServerHttpRequest(http));
        }
        if (request == null) {
            throw new HttpMessageNotReadableException(
                    "Required request body is missing", new ServletServerHttpRequest(http));
        }
        if (!positive(request.sessionId()) || !positive(request.slotId()) || !fallbacksFit(request.fallbackSlotIds())) {
            Set<ConstraintViolation<ReserveRequest>> violations = validator.validate(request);
            if (!violations.isEmpty()) {
                throw new ConstraintViolationException(violations);
            }
        }
        return request;
    }

    void write(ResponseEntity<? extends ApiResponse<?>> answer, HttpServletResponse response) throws IOException {
        byte[] json = writer.writeValueAsBytes(answer.getBody());
        response.setStatus(answer.getStatusCode().value());
        HttpHeaders headers = answer.getHeaders();
        if (!headers.isEmpty()) { // only a Retry-After, now and then: skip building the read-only view
            headers.forEach((name, values) -> values.forEach(value -> response.addHeader(name, value)));
        }
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setContentLength(json.length);
        response.getOutputStream().write(json);
    }

    private static boolean positive(Long id) {
        return id != null && id > 0;
    }

    private static boolean fallbacksFit(List<Long> fallbacks) {
        return fallbacks == null
                || (fallbacks.size() <= ReserveService.MAX_FALLBACKS
                        && fallbacks.stream().allMatch(ReserveExchange::positive));
    }
}
