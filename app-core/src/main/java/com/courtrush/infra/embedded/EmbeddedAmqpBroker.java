package com.courtrush.infra.embedded;

import com.courtrush.infra.amqp.AmqpTopology;
import com.courtrush.infra.config.InfraConfigException;
import com.courtrush.infra.lifecycle.EngineStop;
import com.courtrush.infra.lifecycle.PartRestarted;
import com.courtrush.infra.lifecycle.StoppedWhileStarting;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.qpid.server.model.Broker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An in-process AMQP 0-9-1 broker (Apache Qpid Broker-J) on a free loopback port, with a password
 * made for this run. Its virtual host is durable: queues, bindings and persistent messages live in
 * a Berkeley DB Java Edition store in {@code <data-dir>/qpid/bdb}, and a publish is confirmed once
 * its message is committed there and the store's log forced to disk — one force for every commit
 * waiting at that moment (group commit, decision 19) — so a grant answered 202 survives a crash of
 * the engine and a power loss. The broker's own configuration (port, user) is made anew at each
 * start. Qpid dead-letters differently from RabbitMQ; {@link AmqpTopology} declares the queues so
 * that both brokers dead-letter them.
 *
 * <p>A store that fails while the engine runs (a disk error, a full disk: Berkeley DB then refuses every write, and
 * Qpid leaves its connections open with publishes that are never confirmed) is noticed within a second by a watch,
 * and the broker started again on the same store and password, and on the same port unless what is left of the
 * failed broker still holds it; the engine's AMQP clients connect again ({@link #onRestart}).
 */
public final class EmbeddedAmqpBroker implements AutoCloseable {

    public static final String USERNAME = "courtrush";
    public static final String VIRTUAL_HOST = "default";

    private static final Logger log = LoggerFactory.getLogger(EmbeddedAmqpBroker.class);
    /** Berkeley DB's cache, in the heap: the queue holds grants for milliseconds, so a small one is plenty. */
    static final long STORE_CACHE_BYTES = 16L * 1024 * 1024;
    /** How often the watch asks the store whether it still works. */
    private static final Duration WATCH_EVERY = Duration.ofSeconds(1);
    /** How long a failed broker's shutdown may take before the new one is started beside what is left of it. */
    private static final Duration MOST_FOR_A_SHUTDOWN = Duration.ofSeconds(1);

    private final Path workDir;
    /** The port it listens on; another one after a restart that found it still held by the failed broker. */
    private volatile int port;

    private final String password;
    private final EngineStop stop;
    /** Serves a restart and the close: a broker started while the engine closes is shut down, not handed out. */
    private final Object turn = new Object();

    private volatile QpidRun run;
    private volatile boolean closed;
    private ScheduledExecutorService watch;

    private EmbeddedAmqpBroker(QpidRun run, Path workDir, String password, EngineStop stop) {
        this.run = run;
        this.workDir = workDir;
        this.port = run.port();
        this.password = password;
        this.stop = stop;
    }

    /** A broker outside any engine (tests): only the JVM's shutdown stops its start. */
    public static EmbeddedAmqpBroker start(Path dataDir) {
        return start(dataDir, new EngineStop());
    }

    /**
     * Starts the broker, unless {@code stop} is requested before it has started: then what has started of it
     * is shut down and {@link StoppedWhileStarting} thrown (Qpid's start itself is not cut short: a few
     * seconds).
     */
    public static EmbeddedAmqpBroker start(Path dataDir, EngineStop stop) {
        stop.check("starting the embedded AMQP broker");
        Path workDir = dataDir.resolve("qpid");
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        try {
            QpidRun run = QpidRun.start(workDir, 0, password, stop);
            log.info("Embedded AMQP broker (Qpid Broker-J) listening on 127.0.0.1:{}", run.port());
            return new EmbeddedAmqpBroker(run, workDir, password, stop);
        } catch (Exception e) {
            if (stop.requested()) {
                // also a failure the stop caused: a JVM shutting down refuses Qpid its shutdown hook
                throw e instanceof StoppedWhileStarting stopped
                        ? stopped
                        : stop.stopped("starting the embedded AMQP broker (shut down again)", e);
            }
            throw new InfraConfigException(
                    "The embedded AMQP broker could not start: " + e.getMessage(),
                    "Check that " + workDir + " is writable, or use courtrush.infra.mode=external with RabbitMQ.",
                    e);
        }
    }

    /**
     * Watches the store from now on: once it fails, the broker is started again and {@code listener} told when it
     * serves.
     */
    public void onRestart(Consumer<PartRestarted> listener) {
        synchronized (turn) {
            if (closed || watch != null) {
                return;
            }
            watch = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "courtrush-broker-watch");
                thread.setDaemon(true);
                return thread;
            });
            watch.scheduleWithFixedDelay(
                    () -> {
                        try {
                            check(listener);
                        } catch (RuntimeException e) {
                            // a task that throws is never run again: the watch logs and goes on
                            log.error("The watch on the embedded AMQP broker's store failed; it goes on watching", e);
                        }
                    },
                    WATCH_EVERY.toMillis(),
                    WATCH_EVERY.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
    }

    /** Why the message store cannot keep messages now, or empty while it can. */
    public Optional<String> storeFailure() {
        return run.storeFailure();
    }

    private void check(Consumer<PartRestarted> listener) {
        Optional<String> failure = run.storeFailure();
        if (failure.isEmpty()) {
            return;
        }
        Instant failed = Instant.now();
        long began = System.nanoTime();
        log.error("The embedded AMQP broker's message store failed ({}); starting the broker again", failure.get());
        RestartBackoff backoff = new RestartBackoff();
        QpidRun failedRun = run;
        failedRun.releaseAfterAFailure();
        shutDownWithin(failedRun);
        for (int attempt = 1; ; attempt++) {
            try {
                QpidRun again = QpidRun.start(workDir, isFree(port) ? port : 0, password, stop);
                synchronized (turn) {
                    if (closed) {
                        again.shutdown();
                        return;
                    }
                    run = again;
                    port = again.port();
                }
                Duration down = Duration.ofNanos(System.nanoTime() - began);
                log.warn(
                        "The embedded AMQP broker is serving again on port {}, {} ms after its store failed, at "
                                + "attempt {}",
                        port,
                        down.toMillis(),
                        attempt);
                listener.accept(new PartRestarted("AMQP broker", failed, down, attempt));
                return;
            } catch (Exception e) {
                if (closed || stop.requested()) {
                    return;
                }
                log.error(
                        "Starting the embedded AMQP broker again failed (attempt {}): {}; trying again in {} ms",
                        attempt,
                        e.getMessage(),
                        backoff.nextMillis());
            }
            if (!backoff.await()) {
                return;
            }
        }
    }

    /**
     * Shuts a failed broker down, waiting at most {@link #MOST_FOR_A_SHUTDOWN}: a broker whose store failed may have
     * lost a thread to it, and its shutdown then waits for ever on that thread's connection.
     */
    private static void shutDownWithin(QpidRun failed) {
        Thread shutdown = new Thread(
                () -> {
                    try {
                        failed.shutdown();
                    } catch (RuntimeException e) {
                        log.warn("The failed embedded AMQP broker did not shut down cleanly", e);
                    }
                },
                "courtrush-broker-shutdown");
        shutdown.setDaemon(true);
        shutdown.start();
        try {
            shutdown.join(MOST_FOR_A_SHUTDOWN.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (shutdown.isAlive()) {
            log.warn(
                    "The failed embedded AMQP broker has not shut down after {} s; starting the new one beside it",
                    MOST_FOR_A_SHUTDOWN.toSeconds());
        }
    }

    /** Whether nothing listens on {@code port} of the loopback address (a failed broker may still hold it). */
    private static boolean isFree(int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException held) {
            return false;
        }
    }

    /** The port it listens on now: another after a restart if the failed broker still held this one. */
    public int port() {
        return port;
    }

    /** Qpid's own model of the broker running now (tests fail its store through it). */
    Broker<?> qpid() {
        return run.broker();
    }

    /**
     * Times the message store has forced its log to disk so far (Berkeley DB's {@code nLogFSyncs}):
     * about one per group of commits waiting together, not one per message; -1 when the store is not
     * Berkeley DB's.
     */
    public long logForces() {
        return run.logForces();
    }

    public String password() {
        return password;
    }

    @Override
    public void close() {
        QpidRun last;
        synchronized (turn) {
            closed = true;
            if (watch != null) {
                watch.shutdownNow();
            }
            last = run;
        }
        last.shutdown();
        log.info("Embedded AMQP broker on port {} stopped", port);
    }
}
