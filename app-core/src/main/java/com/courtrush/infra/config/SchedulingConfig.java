package com.courtrush.infra.config;

import org.springframework.boot.task.ThreadPoolTaskSchedulerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Background jobs (opening clock, reconciler, token mirror) run on Spring's task scheduler. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class SchedulingConfig {

    /** A scheduled job's failure said as {@link JobFailures} says it: an outage in one line, once a minute. */
    @Bean
    ThreadPoolTaskSchedulerCustomizer jobFailuresSaidOnce() {
        return scheduler -> scheduler.setErrorHandler(failure -> JobFailures.failed("A scheduled job", failure));
    }
}
