package com.courtrush.web;

import java.io.IOException;
import java.util.Locale;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tomcat's last word on an error the application never saw — a request line or address it cannot
 * parse, headers or a query too large: the envelope instead of Tomcat's HTML page. Set as the host's
 * error report valve ({@link TomcatErrors}).
 */
public class EnvelopeErrorReportValve extends ErrorReportValve {

    private static final Logger log = LoggerFactory.getLogger(EnvelopeErrorReportValve.class);

    @Override
    protected void report(Request request, Response response, Throwable error) {
        int status = response.getStatus();
        if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        if (error != null && !ErrorEnvelopes.isClientError(status)) {
            log.error("Failure the application did not answer, answered {}", status, error);
        }
        try {
            String language = request.getHeader("Accept-Language");
            Locale locale = language == null || language.isBlank() ? Locale.ENGLISH : request.getLocale();
            byte[] body = ErrorEnvelopes.json(status, locale);
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
            response.finishResponse();
        } catch (IOException | IllegalStateException e) {
            log.debug("The error answer {} could not be written (the client may be gone)", status, e);
        }
    }
}
