package com.courtrush.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Paths whose callers read even a refused request in their own protocol, not the envelope: WeChat Pay reads its
 * notification endpoint's every answer as its protocol says (a 2xx, or {@code {"code":"FAIL",…}} to send it again). The
 * feature that serves such a path answers what {@link BodyLimits} refuses there, before anything else reads it.
 */
public interface OwnAnswers {

    /** Whether the request is to one of these paths. */
    boolean covers(HttpServletRequest request);

    /**
     * Answers a request whose body was not taken: too large ({@code 413}), not arrived by its deadline ({@code 408}),
     * or one body too many held at once ({@code 503}). The connection is closed after it.
     */
    void bodyRefused(HttpServletRequest request, HttpServletResponse response, int status) throws IOException;
}
