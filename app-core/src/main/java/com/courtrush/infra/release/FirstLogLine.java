package com.courtrush.infra.release;

import com.courtrush.core.Release;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;

/**
 * The log's first line says which release starts (SPEC §23): right after Spring Boot sets up the logging, before
 * anything else is logged — what an operator reads first in a log sent with a question.
 */
public final class FirstLogLine implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

    private static final Logger log = LoggerFactory.getLogger(FirstLogLine.class);

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        Release release = Release.current();
        log.info(
                "{} starting, built {}, on Java {} (pid {})",
                release.line(),
                release.builtAt().isEmpty() ? "at an unknown time" : release.builtAt(),
                Runtime.version(),
                ProcessHandle.current().pid());
    }

    @Override
    public int getOrder() {
        return LoggingApplicationListener.DEFAULT_ORDER + 1;
    }
}
