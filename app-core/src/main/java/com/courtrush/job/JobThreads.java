package com.courtrush.job;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;

/**
 * The threads staff jobs run on, on the node that accepted them: {@link #THREADS}, and at most {@link #WAITING} jobs
 * waiting for one; past that a start is refused (one job of a kind runs at a time, so that takes more kinds than
 * there are). Off the request threads and the scheduler's, so a sweep of minutes holds neither.
 */
@Component
class JobThreads implements DisposableBean {

    static final int THREADS = 2;
    static final int WAITING = 4;
    /** The name the threads start with (the query-cost tests label a job's statements by it). */
    static final String NAME = "courtrush-job-";

    private static final Duration STOP_WAIT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(JobThreads.class);

    private final ThreadPoolExecutor pool =
            new ThreadPoolExecutor(THREADS, THREADS, 1, TimeUnit.MINUTES, new ArrayBlockingQueue<>(WAITING), daemons());

    /** Runs {@code job} when a thread is free; {@link RejectedExecutionException} when too many wait already. */
    void execute(Runnable job) {
        pool.execute(() -> {
            try {
                job.run();
            } catch (RuntimeException e) {
                // said once, here: the job's end could not be kept (Redis away); its claim lapses and it reads LOST
                log.error("A staff job ended but where it ended could not be kept; it will read LOST", e);
            }
        });
    }

    private static CustomizableThreadFactory daemons() {
        CustomizableThreadFactory threads = new CustomizableThreadFactory(NAME);
        threads.setDaemon(true);
        return threads;
    }

    /**
     * Lets the jobs in hand finish for a while and drops those waiting: never an interrupt, which would reach a thread
     * inside JDBC (decision 34). A job cut short by the stop stops saying it runs, and reads LOST.
     */
    @Override
    public void destroy() throws InterruptedException {
        pool.shutdown();
        pool.getQueue().clear();
        if (!pool.awaitTermination(STOP_WAIT.toSeconds(), TimeUnit.SECONDS)) {
            log.warn(
                    "Staff jobs still running {} s after the stop; left to the JVM's exit (they will read LOST)",
                    STOP_WAIT.toSeconds());
        }
    }
}
