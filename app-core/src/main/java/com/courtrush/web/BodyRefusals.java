package com.courtrush.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;
import org.springframework.http.MediaType;

/**
 * How {@link BodyLimits} answers a body it will not take: at once, the connection closed (the rest of the body is
 * never read), in the envelope — or in the caller's own protocol on a path that has one ({@link OwnAnswers}).
 */
final class BodyRefusals {

    /** Looked up at each refusal (rare): the features that declare paths are set up after the filters. */
    private final Supplier<List<OwnAnswers>> own;

    BodyRefusals(Supplier<List<OwnAnswers>> own) {
        this.own = own;
    }

    void answer(HttpServletRequest request, HttpServletResponse response, int status) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.setHeader("Connection", "close");
        if (status == HttpServletResponse.SC_SERVICE_UNAVAILABLE) {
            response.setHeader("Retry-After", "1");
        }
        for (OwnAnswers path : own.get()) {
            if (path.covers(request)) {
                path.bodyRefused(request, response, status);
                return;
            }
        }
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(ErrorEnvelopes.json(status, RequestLocales.of(request)));
    }
}
