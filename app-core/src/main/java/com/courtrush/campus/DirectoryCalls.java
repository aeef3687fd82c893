package com.courtrush.campus;

import com.courtrush.account.SignInHold;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.CourtRushProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.HttpURLConnection;
import java.net.URLConnection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apereo.cas.client.ssl.HttpURLConnectionFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.ResourceAccessException;

/**
 * Every call to the university's identity service goes through here (SPEC §18): on a few threads of its own with
 * a short queue, each connection with a connect and a read timeout. A directory that is down or slow therefore
 * holds no request thread (the web request waits asynchronously, at most {@link #ANSWER_WITHIN}) and none of the
 * engine's own: past the queue, a sign-in is refused at once (503) while local accounts sign in as ever.
 */
@Component
class DirectoryCalls implements AutoCloseable {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    static final Duration READ_TIMEOUT = Duration.ofSeconds(5);
    /** Longest a sign-in waits for the directory in all (discovery, token, keys): then it is told "down". */
    static final Duration ANSWER_WITHIN = Duration.ofSeconds(12);

    private static final int THREADS = 4;
    private static final int QUEUE = 64;

    /**
     * A password check that waited this long for a thread is not made any more (503, as a hash that waited as long):
     * its request is about to time out, and the check would only delay those behind it.
     */
    static final Duration LONGEST_CHECK_WAIT = Duration.ofSeconds(20);

    private final ThreadPoolExecutor pool;
    private final ThreadPoolExecutor checks;
    private final SignInHold hold;

    DirectoryCalls(MeterRegistry registry, SignInHold hold, CourtRushProperties properties) {
        this.hold = hold;
        this.pool = new ThreadPoolExecutor(
                THREADS,
                THREADS,
                1,
                TimeUnit.MINUTES,
                new ArrayBlockingQueue<>(QUEUE),
                new CustomizableThreadFactory("courtrush-directory-"),
                new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
        // executor.active / executor.queued {name=courtrush.directory}: how busy the university's sign-in keeps us
        new ExecutorServiceMetrics(pool, "courtrush.directory", List.of()).bindTo(registry);
        int threads = properties.auth().directoryThreads();
        this.checks = new ThreadPoolExecutor(
                threads,
                threads,
                1,
                TimeUnit.MINUTES,
                new ArrayBlockingQueue<>(properties.auth().directoryQueue()),
                new CustomizableThreadFactory("courtrush-ldap-"),
                new ThreadPoolExecutor.AbortPolicy());
        checks.allowCoreThreadTimeOut(true);
        // {name=courtrush.directory.checks}: the LDAP sign-ins of a storm, as courtrush.hashing counts the hashes
        new ExecutorServiceMetrics(checks, "courtrush.directory.checks", List.of()).bindTo(registry);
    }

    /**
     * Runs a password check at the directory (an LDAP sign-in) on a thread of its own pool, whose queue holds a
     * storm's worth as the hashing pool's does: the check waits out an opening's rush before it starts (the sign-in
     * hold), and one that waited {@link #LONGEST_CHECK_WAIT} is refused ({@code campus.busy}, 503), as is one past
     * the queue. The directory's own slowness is bounded by the connections' timeouts.
     */
    <T> CompletableFuture<T> check(Supplier<T> work) {
        long queued = System.nanoTime();
        try {
            return CompletableFuture.supplyAsync(
                    () -> {
                        if (System.nanoTime() - queued > LONGEST_CHECK_WAIT.toNanos()) {
                            throw CourtRushException.unavailable(null, "campus.busy");
                        }
                        hold.waitOut();
                        return work.get();
                    },
                    checks);
        } catch (RejectedExecutionException full) {
            return CompletableFuture.failedFuture(CourtRushException.unavailable(full, "campus.busy"));
        }
    }

    /** Runs {@code work} on a directory thread; failed at once (503, {@code campus.busy}) when too many wait. */
    <T> CompletableFuture<T> run(Supplier<T> work) {
        try {
            return CompletableFuture.supplyAsync(work, pool).orTimeout(ANSWER_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException full) {
            return CompletableFuture.failedFuture(CourtRushException.unavailable(full, "campus.busy"));
        }
    }

    /** For Spring's HTTP clients (discovery, token, keys): both timeouts set. */
    static SimpleClientHttpRequestFactory requestFactory() {
        SimpleClientHttpRequestFactory factory = new SimpleClientHttpRequestFactory();
        factory.setConnectTimeout(CONNECT_TIMEOUT);
        factory.setReadTimeout(READ_TIMEOUT);
        return factory;
    }

    /** For Apereo's CAS client, whose default connections wait without end. */
    static HttpURLConnectionFactory casConnections() {
        return new TimedConnections();
    }

    /** Whether a failure came from not reaching the directory (down, slow, refused), not from what it answered. */
    static boolean unreachable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException
                    || cause instanceof ResourceAccessException
                    || cause instanceof java.util.concurrent.TimeoutException
                    || cause instanceof InterruptedIOException) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        pool.shutdownNow();
        checks.shutdownNow();
    }

    /** Apereo's connection factory with timeouts. */
    private static final class TimedConnections implements HttpURLConnectionFactory {

        private static final long serialVersionUID = 1L;

        @Override
        public HttpURLConnection buildHttpURLConnection(URLConnection connection) {
            connection.setConnectTimeout((int) CONNECT_TIMEOUT.toMillis());
            connection.setReadTimeout((int) READ_TIMEOUT.toMillis());
            return (HttpURLConnection) connection;
        }
    }
}
