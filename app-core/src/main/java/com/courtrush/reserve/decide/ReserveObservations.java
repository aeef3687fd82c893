package com.courtrush.reserve.decide;

import com.courtrush.reserve.statistics.ReserveMetrics;
import io.micrometer.observation.ObservationPredicate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * {@code POST /reserve/} is timed once, by {@code courtrush.reserve.requests} (by outcome, with its
 * histogram: {@link ReserveMetrics}), not also by Spring's {@code http.server.requests}: at the flash
 * opening that second observation — a meter looked up by its tags on every answer — took about a
 * tenth of the request threads' CPU (JFR, issue 31).
 */
@Configuration(proxyBeanMethods = false)
class ReserveObservations {

    @Bean
    ObservationPredicate reserveTimedOnce() {
        return (name, context) -> !(context instanceof ServerRequestObservationContext request
                && ReserveController.PATHS.contains(request.getCarrier().getRequestURI()));
    }
}
