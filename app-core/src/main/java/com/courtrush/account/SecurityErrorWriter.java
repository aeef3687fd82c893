package com.courtrush.account;

import com.courtrush.core.EngineMessages;
import com.courtrush.core.Outages;
import com.courtrush.core.Outcome;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.ErrorEnvelopes;
import com.courtrush.web.RequestLocales;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
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
        response.setHeader("WWW-Authenticate", "Bearer");
        write(
                response,
                HttpServletResponse.SC_UNAUTHORIZED,
                ApiResponse.of(Outcome.UNAUTHORIZED, EngineMessages.format(RequestLocales.of(request), key), null));
    }

    void forbidden(HttpServletRequest request, HttpServletResponse response, String key) throws IOException {
        write(
                response,
                HttpServletResponse.SC_FORBIDDEN,
                ApiResponse.of(Outcome.FORBIDDEN, EngineMessages.format(RequestLocales.of(request), key), null));
    }

    /** A token could not be checked (the database did not answer): try again shortly. */
    void unavailable(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Retry-After", Long.toString(Outages.RETRY_AFTER.toSeconds()));
        write(
                response,
                HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                ErrorEnvelopes.of(HttpServletResponse.SC_SERVICE_UNAVAILABLE, RequestLocales.of(request)));
    }

    private void write(HttpServletResponse response, int status, ApiResponse<?> envelope) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        json.writeValue(response.getOutputStream(), envelope);
    }
}
