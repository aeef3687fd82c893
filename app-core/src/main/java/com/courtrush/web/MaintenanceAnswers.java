package com.courtrush.web;

import com.courtrush.core.EngineMessages;
import com.courtrush.core.Outcome;
import com.courtrush.infra.lifecycle.Maintenance;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * While this node is in {@link Maintenance} (its embedded database closed to be compacted), every request that needs
 * the engine is answered at once — 503, when to ask again, and in the caller's language that the system is tidying
 * its database — before anything asks the database (a token's check would): the page and the desk say it in words,
 * nobody waits for a connection the pool does not give. The page itself, its assets and {@code /ping} are served as
 * always.
 */
@Configuration(proxyBeanMethods = false)
class MaintenanceAnswers {

    @Bean
    FilterRegistrationBean<Answers> maintenanceFilter(Maintenance maintenance, ObjectMapper json) {
        FilterRegistrationBean<Answers> registration = new FilterRegistrationBean<>(new Answers(maintenance, json));
        registration.setName("maintenanceAnswers");
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 2); // after BodyLimits and the reserve lane
        registration.setAsyncSupported(true);
        return registration;
    }

    static final class Answers extends OncePerRequestFilter {

        private final Maintenance maintenance;
        private final ObjectMapper json;

        Answers(Maintenance maintenance, ObjectMapper json) {
            this.maintenance = maintenance;
            this.json = json;
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            Optional<Maintenance.Window> window = maintenance.now();
            if (window.isEmpty() || servedAsAlways(request.getRequestURI())) {
                chain.doFilter(request, response);
                return;
            }
            long seconds = Math.max(
                    1, Duration.between(Instant.now(), window.get().until()).toSeconds() + 1);
            response.setStatus(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            response.setCharacterEncoding("UTF-8");
            json.writeValue(
                    response.getOutputStream(),
                    ApiResponse.of(
                            Outcome.ERROR,
                            EngineMessages.format(RequestLocales.of(request), "http.maintenance", seconds),
                            null));
        }

        static boolean servedAsAlways(String path) {
            return path.equals("/")
                    || path.equals("/index.html")
                    || path.equals("/favicon.ico")
                    || path.startsWith("/assets/")
                    || path.equals("/ping")
                    || path.startsWith("/actuator");
        }
    }
}
