package com.courtrush.reserve.decide;

import com.courtrush.account.RequestAccess;
import com.courtrush.account.SecurityHeaders;
import com.courtrush.infra.lifecycle.Maintenance;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.util.function.SingletonSupplier;

/**
 * Puts {@link ReserveLane} on the reserve paths only, right after {@code BodyLimits} (the first filter) and
 * before every other: the character encoding and observation filters, Spring Security's chain, Spring MVC.
 */
@Configuration(proxyBeanMethods = false)
class ReserveLaneConfig {

    /**
     * The lane's collaborators are looked up at its first request, not when the filter is registered: a filter is
     * made as the web server is, before the engine's other beans, and these pull in Redis, the broker and the
     * database — which start in their own turn (and a stop during the start ends cleanly there, decision 24).
     */
    @Bean
    FilterRegistrationBean<ReserveLane> reserveLane(
            ObjectProvider<RequestAccess> access,
            ObjectProvider<SecurityHeaders> headers,
            ObjectProvider<ReserveController> controller,
            Maintenance maintenance) {
        FilterRegistrationBean<ReserveLane> registration = new FilterRegistrationBean<>(new ReserveLane(
                SingletonSupplier.of(access::getObject),
                SingletonSupplier.of(headers::getObject),
                SingletonSupplier.of(controller::getObject),
                maintenance));
        registration.setName("reserveLane");
        registration.setUrlPatterns(ReserveController.PATHS);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        registration.setAsyncSupported(true);
        return registration;
    }
}
