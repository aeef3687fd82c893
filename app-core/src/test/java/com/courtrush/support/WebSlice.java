package com.courtrush.support;

import com.courtrush.account.SliceSecurity;
import com.courtrush.infra.config.CourtRushProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.autoconfigure.web.servlet.MockMvcBuilderCustomizer;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;
import org.springframework.web.method.HandlerMethod;

/**
 * What every web slice ({@code @WebMvcTest(controllers = ...)}, one per feature) shares: the real
 * security chain with a student and a staff token ({@link SliceSecurity}), the fixed clock, a meter
 * registry, and the record of which handler methods its requests reached — after the slice's tests,
 * {@link HandlersReached} fails if a handler of a controller it declares was never requested.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Import({SliceSecurity.class, WebSlice.Shared.class})
@TestPropertySource(properties = {"courtrush.data-dir=target/contract-test", "courtrush.reserve.confirm-wait=1s"})
@ExtendWith(HandlersReached.class)
public @interface WebSlice {

    String STUDENT = SliceSecurity.STUDENT;
    String STAFF = SliceSecurity.STAFF;

    @TestConfiguration(proxyBeanMethods = false)
    @EnableConfigurationProperties(CourtRushProperties.class)
    class Shared {

        /** 13:00 on 2026-11-22 in Shanghai. */
        @Bean
        Clock clock() {
            return Clock.fixed(Instant.parse("2026-11-22T05:00:00Z"), ZoneId.of("Asia/Shanghai"));
        }

        /** The web slice has no metrics auto-configuration; the body filter counts what it waited for. */
        @Bean
        MeterRegistry meters() {
            return new SimpleMeterRegistry();
        }

        @Bean
        HandlersReached.Record handlersReached() {
            return new HandlersReached.Record();
        }

        @Bean
        MockMvcBuilderCustomizer recordHandlersReached(HandlersReached.Record reached) {
            return builder -> builder.alwaysDo(result -> {
                if (result.getHandler() instanceof HandlerMethod handler) {
                    reached.add(handler.getMethod());
                }
            });
        }
    }
}
