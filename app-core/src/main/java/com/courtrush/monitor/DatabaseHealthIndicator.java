package com.courtrush.monitor;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
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
    private final ExecutorService checker = Executors.newSingleThreadExecutor(
            new CustomizableThreadFactory("courtrush-db-health-"));
    private final AtomicReference<CompletableFuture<Integer>> running = new AtomicReference<>();

    DatabaseHealthIndicator(JdbcTemplate jdbc) {
        super("Database health check failed");
        this.jdbc = jdbc;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        CompletableFuture<Integer> check = running.get();
        if (check == null || check.isDone()) {
            check = CompletableFuture.supplyAsync(() -> jdbc.queryForObject("select 1", Integer.class), checker);
            running.set(check);
        } else {
            builder.down().withDetail("error", "the previous check has been waiting for the database since");
            return;
        }
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

    @Override
    public void destroy() {
        checker.shutdownNow();
    }
}
