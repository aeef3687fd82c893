package com.courtrush.infra.config;

import com.courtrush.core.Outages;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;

/**
 * Short work the engine does in the background, off the request threads and never on a client
 * library's I/O thread (where blocking can stall every other call): its caches reading an entry
 * again (Caffeine's {@code refreshAfterWrite}) and a place given back when Redis granted it after
 * its request had been answered 503. Two threads, kept. Caffeine's default is the common fork-join
 * pool, and on a machine of two cores that pool has one thread, so the JDK hands every such task a
 * new thread of its own ({@code CompletableFuture}'s thread-per-task fallback): at a flash opening,
 * one thread started per request. Caffeine refreshes a key once at a time, so the queue holds at
 * most one task per cached key.
 */
@Component
public class BackgroundWork implements Executor, DisposableBean {

    private static final int THREADS = 2;
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(BackgroundWork.class);

    private final ThreadPoolExecutor pool =
            new ThreadPoolExecutor(THREADS, THREADS, 1, TimeUnit.MINUTES, new LinkedBlockingQueue<>(), daemons());

    @Override
    public void execute(Runnable work) {
        pool.execute(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                // said once, here, in the log: never a thread's uncaught exception (which the console shows as a
                // dialog per failure)
                log.error("A background task failed: {}", Outages.describe(e), e);
            }
        });
    }

    private static CustomizableThreadFactory daemons() {
        CustomizableThreadFactory threads = new CustomizableThreadFactory("courtrush-background-");
        threads.setDaemon(true);
        return threads;
    }

    /**
     * Lets the task in hand finish (a compensation writes to the database) and drops the rest: never an interrupt,
     * which would reach a thread inside JDBC (decision 34).
     */
    @Override
    public void destroy() throws InterruptedException {
        pool.shutdown();
        if (!pool.awaitTermination(STOP_WAIT.toSeconds(), TimeUnit.SECONDS)) {
            log.warn(
                    "Background tasks still running {} s after the stop; left to finish as the JVM exits",
                    STOP_WAIT.toSeconds());
        }
    }
}
