package com.courtrush.infra.embedded;

import com.courtrush.infra.lifecycle.EngineStop;
import com.courtrush.infra.lifecycle.PartRestarted;
import com.courtrush.infra.lifecycle.StoppedWhileStarting;
import java.io.File;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real {@code redis-server} child process from the embedded-redis jar, on a free loopback port
 * (or the configured one, {@code courtrush.infra.embedded-redis-port}). It keeps its state in
 * {@code <data-dir>/redis}: an append-only file written to disk every second (what a crash can
 * lose is at most that second: a restarted Redis is told by its run id and the openings re-synced
 * from the database), rewritten when it doubles; a file Redis says it cannot read is set aside and
 * Redis starts empty, to be rebuilt from the database. Its binary, its configuration (with the
 * password) and its pid file live there too, so a crash leaves nothing in the temporary folder,
 * and a redis-server that outlived a crashed engine is found and stopped before a new one starts
 * on the same files ({@link LeftoverRedis}). One that exits by itself (killed by the system, a crash) is started again
 * on the same port, files and password within moments, and the engine goes on ({@link #onRestart}).
 *
 * <p>The process is this class's own ({@link RedisServerProcess}), not the library's: the library
 * registered a JVM shutdown hook only after spawning it, which a JVM already shutting down refuses,
 * and the process was left running, one more at each retry. Here every way out of a start ends the
 * process it spawned, and a stop of the engine meanwhile neither retries nor sets a file aside ({@link RedisStarts}).
 */
public final class EmbeddedRedis implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedRedis.class);

    private final RedisFiles files;
    private final File binary;
    private final int port;
    private final String password;
    private final FileLock owner;
    private final EngineStop stop;
    /** Serves a restart and the close: a redis-server started while the engine closes is stopped, not handed out. */
    private final Object turn = new Object();

    private RedisServerProcess server;
    private RedisServerProcess starting;
    private boolean closed;
    private volatile Consumer<PartRestarted> restarted = restart -> {};

    private EmbeddedRedis(
            RedisServerProcess server,
            RedisFiles files,
            File binary,
            int port,
            String password,
            FileLock owner,
            EngineStop stop) {
        this.server = server;
        this.files = files;
        this.binary = binary;
        this.port = port;
        this.password = password;
        this.owner = owner;
        this.stop = stop;
        server.onUnexpectedExit(this::startAgain);
    }

    /** Tells {@code listener} of each restart of a redis-server that exited by itself, once it answers again. */
    public void onRestart(Consumer<PartRestarted> listener) {
        restarted = listener;
    }

    /**
     * Starts on {@code configuredPort}, or on a free port (retrying a few) when it is 0. It listens on
     * loopback only and requires {@code configuredPassword}, or a random one when that is blank: other
     * local users must not be able to rewrite stock, revocations or cut-offs. When {@code stop} is
     * requested meanwhile, the redis-server is stopped — while loading its file, it exits at once,
     * leaving the file as it was — and {@link com.courtrush.infra.lifecycle.StoppedWhileStarting} thrown.
     */
    public static EmbeddedRedis start(Path dataDir, int configuredPort, String configuredPassword, EngineStop stop) {
        stop.check(RedisStarts.STEP);
        String password =
                configuredPassword == null || configuredPassword.isBlank() ? randomPassword() : configuredPassword;
        RedisFiles files = RedisFiles.in(dataDir);
        // only the engine holding this lock may stop a leftover: a live engine's redis-server is no leftover
        FileLock owner = files.lockForThisEngine();
        try {
            LeftoverRedis.stopIfRunning(files);
            LeftoverRedis.cleanTemporaryFolder();
            File binary = files.binary();
            RedisStarts.Started started =
                    RedisStarts.startReadable(files, binary, configuredPort, password, stop, spawned -> {});
            return new EmbeddedRedis(started.server(), files, binary, started.port(), password, owner, stop);
        } catch (RuntimeException e) {
            RedisFiles.release(owner);
            throw RedisStarts.asFailure(e, configuredPort);
        }
    }

    /** The password the redis-server requires (never logged). */
    public String password() {
        return password;
    }

    private static String randomPassword() {
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    public int port() {
        return port;
    }

    /**
     * A redis-server that exited by itself is started again on the same port, files and password, at once and then
     * after longer waits (up to {@link RestartBackoff#MOST}) for as long as it fails, until the engine stops:
     * Redisson reconnects by itself, and the engine tells the new Redis by its run id and rebuilds the openings from
     * the database, as after any restart. Once it answers, {@link #onRestart}'s listener is told.
     */
    private void startAgain() {
        Thread restart = new Thread(this::restartUntilServing, "courtrush-redis-restart");
        restart.setDaemon(true);
        restart.start();
    }

    private void restartUntilServing() {
        Instant exited = Instant.now();
        long began = System.nanoTime();
        RestartBackoff backoff = new RestartBackoff();
        for (int attempt = 1; ; attempt++) {
            synchronized (turn) {
                if (closed || stop.requested()) {
                    return;
                }
            }
            try {
                RedisStarts.Started again =
                        RedisStarts.startReadable(files, binary, port, password, stop, this::starting);
                synchronized (turn) {
                    starting = null;
                    if (closed) {
                        again.server().stop();
                        return;
                    }
                    server = again.server();
                }
                Duration down = Duration.ofNanos(System.nanoTime() - began);
                log.warn(
                        "The embedded redis-server is serving again (pid {}, port {}), {} ms after it exited, at "
                                + "attempt {}",
                        again.server().pid(),
                        port,
                        down.toMillis(),
                        attempt);
                again.server().onUnexpectedExit(this::startAgain);
                restarted.accept(new PartRestarted("redis-server", exited, down, attempt));
                return;
            } catch (StoppedWhileStarting stopping) {
                return;
            } catch (RuntimeException e) {
                synchronized (turn) {
                    if (closed) {
                        return; // the close ended the start it was making
                    }
                }
                log.error(
                        "Starting the embedded redis-server again failed (attempt {}): {}; trying again in {} ms",
                        attempt,
                        e.getMessage(),
                        backoff.nextMillis());
            }
            if (!backoff.await()) {
                return;
            }
        }
    }

    /** A redis-server spawned by a restart, ended by a close that comes while it starts. */
    private void starting(RedisServerProcess spawned) {
        synchronized (turn) {
            starting = spawned;
            if (closed) {
                spawned.terminate();
            }
        }
    }

    /** Stops the redis-server (it writes its append-only file first) and lets another engine have these files. */
    @Override
    public void close() {
        RedisServerProcess running;
        synchronized (turn) {
            closed = true;
            running = server;
            if (starting != null) {
                starting.terminate();
            }
        }
        try {
            running.stop();
            log.info("Embedded redis-server on port {} stopped", port);
        } finally {
            RedisFiles.release(owner);
        }
    }
}
