package com.courtrush.infra.embedded;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One redis-server child process on a data directory's configuration, from its spawn to its exit.
 * From the moment it is spawned nothing may leave it running: its {@link RedisExitWatch} starts at
 * once (it stops Redis if this JVM dies), a stop of the engine while it starts ends it ({@link
 * #terminate}), and whoever spawned it stops it on every way out of a failed start ({@link #stop}).
 */
final class RedisServerProcess {

    private static final Logger log = LoggerFactory.getLogger(RedisServerProcess.class);
    private static final String READY = "Ready to accept connections";
    /** How Redis marks a warning in its log line ("pid:M date time # message"). */
    private static final String WARNING = " # ";
    /** Redis prints a few dozen lines while it starts; a runaway output is not kept whole. */
    private static final int KEPT_LINES = 1000;
    /** SIGTERM: Redis writes its append-only file and exits (at once while it is still loading it). */
    private static final Duration POLITE_STOP = Duration.ofSeconds(30);
    /**
     * How often SIGTERM is sent again until a starting Redis exits. Redis 6.2 exits at once on a SIGTERM that
     * lands while it loads its file, but one that lands in the few milliseconds between setting up its signal
     * handlers and beginning the load only schedules a shutdown, for after the whole load — a year's file on a
     * busy machine, minutes (seen in CI: still loading 30 s after the stop). The next SIGTERM finds it loading.
     */
    private static final Duration RESIGNAL = Duration.ofMillis(200);

    private final Process process;
    private final Optional<RedisExitWatch> watch;
    /** This engine stops it (or its start was cut short): its exit is no news. */
    private volatile boolean stopping;
    /** It said it accepts connections: one SIGTERM stops it, after it has written its file. */
    private volatile boolean ready;
    /** What runs when it exits while no one stopped it (its owner starts another); said once. */
    private volatile Runnable unexpectedExit = () -> {};

    private final AtomicBoolean exitTold = new AtomicBoolean();

    RedisServerProcess(Process process, Optional<RedisExitWatch> watch) {
        this.process = process;
        this.watch = watch;
    }

    /** Spawns {@code binary} on {@code files}' configuration, watched from its first moment. */
    static RedisServerProcess spawn(File binary, RedisFiles files) throws IOException {
        Process process = new ProcessBuilder(
                        binary.getAbsolutePath(), files.config().toString())
                .directory(binary.getParentFile())
                .redirectErrorStream(true)
                .start();
        return new RedisServerProcess(process, RedisExitWatch.start(process.toHandle(), files));
    }

    long pid() {
        return process.pid();
    }

    boolean watched() {
        return watch.isPresent();
    }

    /**
     * Reads Redis's output until it accepts connections (then the rest is logged at debug level);
     * empty when it does, else what it printed before its output ended — it exited.
     */
    Optional<RedisOutput> awaitReady() {
        BufferedReader output = process.inputReader();
        List<String> lines = new ArrayList<>();
        try {
            for (String line = output.readLine(); line != null; line = output.readLine()) {
                if (lines.size() < KEPT_LINES) {
                    lines.add(line);
                }
                if (line.contains(READY)) {
                    ready = true;
                    logTheRest(output);
                    process.onExit().thenRun(this::exited);
                    return Optional.empty();
                }
            }
        } catch (IOException e) {
            lines.add("(its output could not be read: " + e.getMessage() + ")");
        }
        return Optional.of(new RedisOutput(lines));
    }

    private void logTheRest(BufferedReader output) {
        Thread reader = new Thread(
                () -> {
                    try {
                        for (String line = output.readLine(); line != null; line = output.readLine()) {
                            if (line.contains(WARNING)) {
                                log.warn("redis-server: {}", line); // a failed write of its file, a crash report
                            } else {
                                log.debug("redis-server: {}", line);
                            }
                        }
                    } catch (IOException | UncheckedIOException e) {
                        log.debug("redis-server's output ended: {}", e.getMessage());
                    }
                },
                "courtrush-redis-output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Runs {@code then} if it exits while no one stopped it — at once if it already has. Set once it is ready (its
     * exit before that is its start's failure, which its starter reads).
     */
    void onUnexpectedExit(Runnable then) {
        unexpectedExit = then;
        if (!process.isAlive()) {
            exited();
        }
    }

    /**
     * A redis-server that exits while no one stopped it: said once, its watch ends (its pid may be reused), and its
     * owner is told.
     */
    private void exited() {
        if (stopping || !exitTold.compareAndSet(false, true)) {
            return;
        }
        watch.ifPresent(RedisExitWatch::close);
        log.error(
                "The embedded redis-server (pid {}) exited by itself (exit code {}): the engine answers 503 for what "
                        + "needs Redis until it is started again, which begins now",
                process.pid(),
                process.exitValue());
        unexpectedExit.run();
    }

    /** Asks it to stop (SIGTERM, again until it exits if it is starting) without waiting: ends its start. */
    void terminate() {
        stopping = true;
        process.destroy();
        if (!ready) {
            Thread resignal = new Thread(this::resignalWhileStarting, "courtrush-redis-stop");
            resignal.setDaemon(true);
            resignal.start();
        }
    }

    /** SIGTERM every {@link #RESIGNAL} until it exits or says it is ready, for at most {@link #POLITE_STOP}. */
    private void resignalWhileStarting() {
        long deadline = System.nanoTime() + POLITE_STOP.toNanos();
        try {
            while (!ready
                    && !process.waitFor(RESIGNAL.toMillis(), TimeUnit.MILLISECONDS)
                    && System.nanoTime() < deadline) {
                process.destroy();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops it and waits until it has exited: its watch first (killed before its pipe closes, the watch
     * sends nothing), then SIGTERM (again until it exits if it is starting), then SIGKILL if it has not exited
     * within {@link #POLITE_STOP}.
     */
    void stop() {
        stopping = true;
        watch.ifPresent(RedisExitWatch::close);
        process.destroy();
        resignalWhileStarting();
        try {
            if (!process.waitFor(POLITE_STOP.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn(
                        "The redis-server (pid {}) did not stop within {} s of SIGTERM; killing it",
                        process.pid(),
                        POLITE_STOP.toSeconds());
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
