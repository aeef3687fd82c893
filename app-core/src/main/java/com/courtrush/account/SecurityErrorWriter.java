package com.courtrush.account;

import com.courtrush.web.ApiResponse;
import com.courtrush.web.EngineMessages;
import com.courtrush.web.ErrorEnvelopes;
import com.courtrush.web.RequestLocales;
import jakarta.servlet.http.HttpServletRequest;
import com.courtrush.web.Outcome;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

/** Writes the envelope for 401 and 403 answers produced before any controller runs. */
@Component
class SecurityErrorWriter {

    private final ObjectMapper json;

    SecurityErrorWriter(ObjectMapper json) {
        this.json = json;
    }

    void unauthorized(HttpServletRequest request, HttpServletResponse response, String key) throws IOException {
        write(response, Outcome.UNAUTHORIZED, EngineMessages.format(RequestLocales.of(request), key));
    }

    void forbidden(HttpServletRequest request, HttpServletResponse response, String key) throws IOException {
        write(response, Outcome.FORBIDDEN, EngineMessages.format(RequestLocales.of(request), key));
    }

    /** A token could not be checked (the database did not answer): try again shortly. */
    void unavailable(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Retry-After", "5");
        response.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        json.writeValue(response.getOutputStream(), ErrorEnvelopes.of(503, RequestLocales.of(request)));
    }

    private void write(HttpServletResponse response, Outcome outcome, String message) throws IOException {
        response.setStatus(outcome.status().value());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        if (outcome == Outcome.UNAUTHORIZED) {
            response.setHeader("WWW-Authenticate", "Bearer");
        }
        json.writeValue(response.getOutputStream(), ApiResponse.of(outcome, message, null));
    }
}
