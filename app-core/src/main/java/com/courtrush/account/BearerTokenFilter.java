package com.courtrush.account;

import com.courtrush.account.api.Caller;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Reads {@code Authorization: Bearer <token>}. A valid token authenticates the request; an invalid
 * one is answered 401 at once (also on public endpoints, so a client learns its token is dead). An
 * asynchronous answer's second dispatch is not authenticated again: its request was, and a password
 * change has just ended the very token it came with.
 */
final class BearerTokenFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(BearerTokenFilter.class);

    private static final String PREFIX = "Bearer ";

    private final TokenService tokens;
    private final SecurityErrorWriter errors;
    private final RecentStudents recent;

    BearerTokenFilter(TokenService tokens, SecurityErrorWriter errors, RecentStudents recent) {
        this.tokens = tokens;
        this.errors = errors;
        this.recent = recent;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String token = tokenOf(request.getHeader(HttpHeaders.AUTHORIZATION));
        if (token != null) {
            Caller caller;
            try {
                caller = token.isEmpty() ? null : tokens.authenticate(token);
            } catch (DataAccessException e) {
                log.warn("Cannot check a token: the database did not answer ({})", e.getMessage());
                errors.unavailable(request, response);
                return;
            }
            if (caller == null) {
                errors.unauthorized(request, response, "http.badToken");
                return;
            }
            recent.seen(caller);
            SecurityContextHolder.getContext().setAuthentication(new CallerAuthentication(caller));
        }
        chain.doFilter(request, response);
    }

    /** The token of {@code Authorization: Bearer <token>} (empty when there is none after it); null for another header. */
    static String tokenOf(String header) {
        return header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                ? header.substring(PREFIX.length()).trim()
                : null;
    }
}
