package com.courtrush.account;

import com.courtrush.infra.CourtRushProperties;
import com.courtrush.web.CourtRushException;
import java.time.Duration;
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
 * try again in a moment) instead of queueing without end.
 */
@Component
class PasswordHashing implements AutoCloseable {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(2);

    private final ThreadPoolExecutor pool;

    PasswordHashing(CourtRushProperties properties) {
        int threads = properties.auth().hashingThreads();
        this.pool = new ThreadPoolExecutor(threads, threads, 1, TimeUnit.MINUTES,
                new ArrayBlockingQueue<>(properties.auth().hashingQueue()),
                new CustomizableThreadFactory("courtrush-hash-"), new ThreadPoolExecutor.AbortPolicy());
    }

    <T> CompletableFuture<T> run(Supplier<T> work) {
        try {
            return CompletableFuture.supplyAsync(work, pool);
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
