package com.courtrush.infra.config;

import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/** Background jobs (opening clock, reconciler, token mirror) run on Spring's task scheduler. */
@Configuration(proxyBeanMethods = false)
@EnableScheduling
class SchedulingConfig {}
