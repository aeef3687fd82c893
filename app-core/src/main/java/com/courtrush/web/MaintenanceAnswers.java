package com.courtrush.web;

import com.courtrush.core.EngineMessages;
import com.courtrush.core.Outcome;
import com.courtrush.core.WallTimes;
import com.courtrush.infra.lifecycle.Maintenance;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * While this node is in {@link Maintenance} (its embedded database closed to be compacted, or an upgrade announced
 * before it stops), every request that needs the engine is answered at once — 503, when to ask again, in the caller's
 * language what the maintenance is and when the system is back, and {@code data: {maintenance, until}} (the kind, and
 * the gym's wall time it ends by) — before anything asks the database (a token's check would): the page says
 * "maintenance, back at …" and keeps saying it while the node is down, nobody waits for a connection the pool does not
 * give. The page itself, its assets and {@code /ping} are served as always, and during an upgrade a manager's
 * {@code /admin/maintenance} (to call it off). {@code Retry-After} is at most 15 s: the page finds the node back soon.
 */
@Configuration(proxyBeanMethods = false)
class MaintenanceAnswers {

    @Bean
    FilterRegistrationBean<Answers> maintenanceFilter(Maintenance maintenance, ObjectMapper json, Clock clock) {
        FilterRegistrationBean<Answers> registration =
                new FilterRegistrationBean<>(new Answers(maintenance, json, clock));
        registration.setName("maintenanceAnswers");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 2); // after BodyLimits and the reserve lane
        registration.setAsyncSupported(true);
        return registration;
    }

    static final class Answers extends OncePerRequestFilter {

        /** The longest a caller is told to wait before asking again, in seconds. */
        static final long ASK_AGAIN_WITHIN = 15;

        private final Maintenance maintenance;
        private final ObjectMapper json;
        private final Clock clock;

        Answers(Maintenance maintenance, ObjectMapper json, Clock clock) {
            this.maintenance = maintenance;
            this.json = json;
            this.clock = clock;
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            Optional<Maintenance.Window> window = maintenance.now();
            if (window.isEmpty()
                    || servedAsAlways(request.getRequestURI(), window.get().kind())) {
                chain.doFilter(request, response);
                return;
            }
            Maintenance.Window under = window.get();
            long seconds =
                    Math.max(1, Duration.between(clock.instant(), under.until()).toSeconds() + 1);
            LocalDateTime until = maintenance.wallTime(under.until());
            String message = under.kind() == Maintenance.Kind.UPGRADE
                    ? EngineMessages.format(
                            RequestLocales.of(request),
                            "http.maintenance.upgrade",
                            WallTimes.onDay(
                                    until, maintenance.wallTime(under.since()).toLocalDate()))
                    : EngineMessages.format(RequestLocales.of(request), "http.maintenance", seconds);
            response.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            // asked again soon, not at the end: a node upgraded early, or an upgrade called off, is found at once
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(Math.min(seconds, ASK_AGAIN_WITHIN)));
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            response.setCharacterEncoding("UTF-8");
            json.writeValue(
                    response.getOutputStream(),
                    ApiResponse.of(
                            Outcome.ERROR,
                            message,
                            Map.of("maintenance", under.kind().name(), "until", until)));
        }

        /** What is served whatever the maintenance, and during an upgrade a manager's way to call it off. */
        static boolean servedAsAlways(String path, Maintenance.Kind kind) {
            return (kind == Maintenance.Kind.UPGRADE && path.startsWith("/admin/maintenance"))
                    || path.equals("/")
                    || path.equals("/index.html")
                    || path.equals("/favicon.ico")
                    || path.startsWith("/assets/")
                    || path.equals("/ping")
                    || path.startsWith("/actuator");
        }
    }
}
