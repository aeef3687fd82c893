package com.courtrush.desktop.shell;

import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalysisReporter;

/**
 * Receives Spring Boot's failure analysis when the engine cannot start (port taken, data directory
 * in use, services unreachable...), so the console can show it in a dialog instead of a dead
 * window. Registered in {@code META-INF/spring.factories}; Boot instantiates it, hence the holder.
 */
public final class StartupFailures implements FailureAnalysisReporter {

    private static final AtomicReference<FailureAnalysis> LAST = new AtomicReference<>();

    @Override
    public void report(FailureAnalysis analysis) {
        LAST.set(analysis);
    }

    /** The analysis of the last failed start, or null. */
    public static FailureAnalysis last() {
        return LAST.getAndSet(null);
    }
}
