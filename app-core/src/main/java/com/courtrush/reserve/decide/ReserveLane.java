package com.courtrush.reserve.decide;

import com.courtrush.account.RequestAccess;
import com.courtrush.account.SecurityHeaders;
import com.courtrush.infra.lifecycle.Maintenance;
import com.courtrush.web.RequestLocales;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.Supplier;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.http.HttpHeaders;

/**
 * Serves {@code POST /reserve/}, the request a whole crowd sends at the flash opening, ahead of Spring
 * Security's filter chain and Spring MVC, which cost more of such a request than deciding it (decision 29).
 * It is not a second door: it runs after {@code BodyLimits} (413 before reading, a slow body read without a
 * thread), lets a request through only where the security chain's own firewall, token check and
 * authorization rules would ({@link RequestAccess}), writes the chain's security headers, and answers with
 * {@link ReserveController}'s own method and its failures as the exception handler does. Anything else — a
 * request with no token or a refused one, another content type, a query string, an unusual path, a second
 * dispatch — goes down the chain as before, to be answered there, so the security rules and every error
 * answer stay where they are.
 */
final class ReserveLane implements Filter {

    /** Headers the reserve handler reads besides the token: the firewall checks each, as in the chain. */
    private static final String[] READ_HEADERS = {
        ReserveController.BOOKING_PASS, HttpHeaders.ACCEPT_LANGUAGE, HttpHeaders.CONTENT_TYPE
    };

    private static final String JSON = "application/json";

    private final Supplier<RequestAccess> access;
    private final Supplier<SecurityHeaders> headers;
    private final Supplier<ReserveController> controller;
    private final Maintenance maintenance;

    /**
     * Each collaborator is asked for at the first request it serves (they are made after the filter). While an
     * upgrade is announced the lane takes nothing: its requests go down the chain, answered "maintenance" there.
     */
    ReserveLane(
            Supplier<RequestAccess> access,
            Supplier<SecurityHeaders> headers,
            Supplier<ReserveController> controller,
            Maintenance maintenance) {
        this.access = access;
        this.headers = headers;
        this.controller = controller;
        this.maintenance = maintenance;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request instanceof HttpServletRequest http
                && response instanceof HttpServletResponse answer
                && takes(http)
                && !maintenance.upgrading()) {
            RequestAccess.Admitted admitted = access.get().admit(http, READ_HEADERS);
            if (admitted != null) {
                serve(admitted, answer);
                return;
            }
        }
        chain.doFilter(request, response);
    }

    /** A reserve request as the page sends it: the chain's mapping would give it to the controller unchanged. */
    static boolean takes(HttpServletRequest http) {
        return http.getDispatcherType() == DispatcherType.REQUEST
                && "POST".equals(http.getMethod())
                && http.getQueryString() == null
                && http.getContextPath().isEmpty()
                && ReserveController.PATHS.contains(http.getRequestURI())
                && isJson(http.getContentType());
    }

    /** {@code application/json}, with parameters or none (the controller consumes exactly that). */
    static boolean isJson(String contentType) {
        return contentType != null
                && contentType.regionMatches(true, 0, JSON, 0, JSON.length())
                && (contentType.length() == JSON.length()
                        || contentType.charAt(JSON.length()) == ';'
                        || contentType.charAt(JSON.length()) == ' ');
    }

    private void serve(RequestAccess.Admitted admitted, HttpServletResponse response) throws IOException {
        HttpServletRequest http = admitted.request();
        headers.get().write(http, response);
        // as Spring's request context would: a text in an answer is written in the caller's language
        LocaleContextHolder.setLocale(RequestLocales.of(http));
        try {
            controller.get().reserveInLane(admitted.caller(), http, response);
        } finally {
            LocaleContextHolder.resetLocaleContext();
        }
    }
}
