package com.courtrush.monitor;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;

/**
 * {@code db} in actuator health, answered within {@link #WAIT} whatever the database does: Spring
 * Boot's own check asks the driver whether a pooled connection is valid without a time limit, and a
 * frozen database held {@code /actuator/health} (and the console's status bar) for as long as it
 * was frozen. The check runs on one thread of its own; while an earlier one is still stuck, the
 * answer is DOWN at once.
 */
@Component("db")
class DatabaseHealthIndicator extends AbstractHealthIndicator implements DisposableBean {

    static final Duration WAIT = Duration.ofSeconds(3);

    private final JdbcTemplate jdbc;
    private final ExecutorService checker =
            Executors.newSingleThreadExecutor(new CustomizableThreadFactory("courtrush-db-health-"));
    private final AtomicReference<CompletableFuture<Integer>> running = new AtomicReference<>();

    DatabaseHealthIndicator(DataSource dataSource) {
        super("Database health check failed");
        this.jdbc = new JdbcTemplate(dataSource);
        // the driver cancels the query after this long; a frozen socket is cut by the driver's socket timeout
        this.jdbc.setQueryTimeout(Math.toIntExact(WAIT.toSeconds()));
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        CompletableFuture<Integer> previous = running.get();
        if (previous != null && !previous.isDone()) {
            builder.down().withDetail("error", "the previous check is still waiting for the database");
            return;
        }
        CompletableFuture<Integer> check = new CompletableFuture<>();
        if (!running.compareAndSet(previous, check)) {
            builder.down().withDetail("error", "another check is waiting for the database");
            return;
        }
        checker.execute(() -> {
            try {
                check.complete(jdbc.queryForObject("select 1", Integer.class));
            } catch (RuntimeException e) {
                check.completeExceptionally(e);
            }
        });
        long started = System.nanoTime();
        try {
            check.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            builder.up().withDetail("latencyMicros", (System.nanoTime() - started) / 1000);
        } catch (TimeoutException e) {
            builder.down().withDetail("error", "no answer within " + WAIT.toSeconds() + " s");
        } catch (ExecutionException e) {
            builder.down(e.getCause() instanceof Exception cause ? cause : e);
        }
    }

    /** A check in hand finishes (its statement times out): never an interrupt inside JDBC (decision 34). */
    @Override
    public void destroy() {
        checker.shutdown();
    }
}
