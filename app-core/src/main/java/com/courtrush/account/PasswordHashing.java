package com.courtrush.account;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.CourtRushProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;

/**
 * The threads that hash passwords (BCrypt: tens of milliseconds of CPU each). Sign-ins and password
 * changes run here, not on the request threads, so a sign-in storm before the opening can take these
 * few threads but never the ones the reserve path needs; when too many wait, more are refused (503,
 * try again in a moment) instead of queueing without end. While an opening's rush is on
 * ({@link RushHours}, {@code courtrush.auth.sign-in-hold}) a hash waits before it starts: the threads
 * would take the cores from the rush, whose requests are short and many.
 */
@Component
class PasswordHashing implements AutoCloseable {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(2);

    /**
     * A sign-in that waited this long for a hashing thread is not hashed any more: its request is about to
     * time out (Tomcat's 30 s), and the hash would only delay those queued behind it.
     */
    static final Duration LONGEST_QUEUE_WAIT = Duration.ofSeconds(20);

    private final ThreadPoolExecutor pool;
    private final SignInHold hold;

    PasswordHashing(SignInHold hold, MeterRegistry registry, CourtRushProperties properties) {
        this.hold = hold;
        int threads = properties.auth().hashingThreads();
        this.pool = new ThreadPoolExecutor(
                threads,
                threads,
                1,
                TimeUnit.MINUTES,
                new ArrayBlockingQueue<>(properties.auth().hashingQueue()),
                new CustomizableThreadFactory("courtrush-hash-"),
                new ThreadPoolExecutor.AbortPolicy());
        // executor.active / executor.queued {name=courtrush.hashing}: whether sign-ins run at the pool's ceiling
        new ExecutorServiceMetrics(pool, "courtrush.hashing", List.of()).bindTo(registry);
    }

    <T> CompletableFuture<T> run(Supplier<T> work) {
        try {
            long queued = System.nanoTime();
            return CompletableFuture.supplyAsync(
                    () -> {
                        if (System.nanoTime() - queued > LONGEST_QUEUE_WAIT.toNanos()) {
                            throw CourtRushException.unavailable(null, "auth.busy")
                                    .withRetryAfter(RETRY_AFTER);
                        }
                        hold.waitOut();
                        return work.get();
                    },
                    pool);
        } catch (RejectedExecutionException full) {
            throw CourtRushException.unavailable(full, "auth.busy").withRetryAfter(RETRY_AFTER);
        }
    }

    /** At shutdown (after the web server has finished its requests): hashing under way ends first. */
    @Override
    public void close() throws InterruptedException {
        pool.shutdown();
        if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
            pool.shutdownNow();
        }
    }
}
