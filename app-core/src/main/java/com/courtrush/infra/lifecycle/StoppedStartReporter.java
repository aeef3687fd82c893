package com.courtrush.infra.lifecycle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringBootExceptionReporter;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;

/**
 * A start that a stop cut short is reported in one line, not as "Application run failed" with a
 * stack trace nor as a failure to start: nothing is wrong. Any failure of a start that was asked to
 * stop counts (a step ended by the stop may fail in its own words). Registered in {@code
 * META-INF/spring.factories}, before the failure analyzers.
 */
public final class StoppedStartReporter implements SpringBootExceptionReporter, Ordered {

    private static final Logger log = LoggerFactory.getLogger(StoppedStartReporter.class);

    private final ConfigurableApplicationContext context;

    public StoppedStartReporter(ConfigurableApplicationContext context) {
        this.context = context;
    }

    @Override
    public boolean reportException(Throwable failure) {
        StoppedWhileStarting stopped = StoppedWhileStarting.in(failure);
        if (stopped == null) {
            EngineStop stop = StartChecks.stopOf(context);
            if (stop == null || !stop.requested()) {
                return false;
            }
            stopped = stop.stopped("a step that failed meanwhile: " + rootOf(failure), failure);
        }
        log.info("CourtRush was {}; what it had started is stopped", stopped.getMessage());
        return true;
    }

    private static Throwable rootOf(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
