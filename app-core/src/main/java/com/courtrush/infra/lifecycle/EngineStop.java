package com.courtrush.infra.lifecycle;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One engine's stop, requested by its owner ({@link EngineLifecycle}: the JVM shutting down, the
 * console closing) or implied by the JVM's shutdown. Start-up steps {@linkplain #check check} it
 * before they start something, so that nothing new starts once the engine is stopping, and a step
 * that waits on something it started (a redis-server loading its append-only file) registers
 * {@linkplain #onRequest how to end that wait}. One per Spring context, as the bean {@value #BEAN}.
 */
public final class EngineStop {

    public static final String BEAN = "courtrushEngineStop";

    private static final Logger log = LoggerFactory.getLogger(EngineStop.class);
    private static final String JVM_SHUTDOWN = "the JVM is shutting down";
    /** Registered and removed at once: the JVM refuses it while it shuts down, and says so exactly then. */
    private static final Thread PROBE = new Thread(() -> {}, "courtrush-shutdown-probe");

    private final AtomicReference<String> reason = new AtomicReference<>();
    private final List<Runnable> aborts = new CopyOnWriteArrayList<>();

    /** Asks the engine to stop; the first reason stands. Ends the waits registered by {@link #onRequest}. */
    public void request(String why) {
        if (reason.compareAndSet(null, why)) {
            aborts.forEach(EngineStop::runQuietly);
        }
    }

    /** Whether the engine is asked to stop: by its owner, or because the JVM is shutting down. */
    public boolean requested() {
        return reason.get() != null || jvmShuttingDown();
    }

    /** Why it was asked to stop; null when it was not. */
    public String reason() {
        String why = reason.get();
        return why != null || !jvmShuttingDown() ? why : JVM_SHUTDOWN;
    }

    /** Throws {@link StoppedWhileStarting} if the engine is asked to stop; {@code step} says where the start was. */
    public void check(String step) {
        if (requested()) {
            throw stopped(step, null);
        }
    }

    /** What a step throws when it ends because the engine is stopping ({@code cause}: what ending it caused). */
    public StoppedWhileStarting stopped(String step, Throwable cause) {
        String why = reason();
        return new StoppedWhileStarting(why == null ? "asked to stop" : why, step, cause);
    }

    /**
     * Runs {@code abort} when the stop is requested — at once if it already is — until the returned
     * registration is closed. An abort runs on the requesting thread: it must be quick and not throw.
     */
    public Registration onRequest(Runnable abort) {
        aborts.add(abort);
        Registration registration = () -> aborts.remove(abort);
        if (requested()) {
            runQuietly(abort);
        }
        return registration;
    }

    /** An abort registered by {@link #onRequest}; closing it removes it. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private static void runQuietly(Runnable abort) {
        try {
            abort.run();
        } catch (RuntimeException e) {
            log.warn("Ending a start-up step for the stop failed: {}", e.toString());
        }
    }

    /** True once the JVM has begun to shut down (its shutdown hooks running): exact, whoever started it. */
    static boolean jvmShuttingDown() {
        synchronized (PROBE) {
            try {
                Runtime.getRuntime().addShutdownHook(PROBE);
            } catch (IllegalStateException shutdownInProgress) {
                return true;
            } catch (IllegalArgumentException alreadyRegistered) {
                // left registered by a shutdown that began between adding and removing it: it still is one
                return true;
            }
            try {
                Runtime.getRuntime().removeShutdownHook(PROBE);
                return false;
            } catch (IllegalStateException shutdownInProgress) {
                return true;
            }
        }
    }
}
