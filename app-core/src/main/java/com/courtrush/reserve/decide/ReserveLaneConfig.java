package com.courtrush.reserve.decide;

import com.courtrush.account.RequestAccess;
import com.courtrush.account.SecurityHeaders;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Puts {@link ReserveLane} on the reserve paths only, right after {@code BodyLimits} (the first filter) and
 * before every other: the character encoding and observation filters, Spring Security's chain, Spring MVC.
 */
@Configuration(proxyBeanMethods = false)
class ReserveLaneConfig {

    @Bean
    FilterRegistrationBean<ReserveLane> reserveLane(
            RequestAccess access, SecurityHeaders headers, ReserveController controller) {
        FilterRegistrationBean<ReserveLane> registration =
                new FilterRegistrationBean<>(new ReserveLane(access, headers, controller));
        registration.setName("reserveLane");
        registration.setUrlPatterns(ReserveController.PATHS);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        registration.setAsyncSupported(true);
        return registration;
    }
}
