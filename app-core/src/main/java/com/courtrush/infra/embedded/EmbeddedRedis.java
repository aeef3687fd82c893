package com.courtrush.infra.embedded;

import com.courtrush.infra.config.InfraConfigException;
import com.courtrush.infra.lifecycle.EngineStop;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
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
 * on the same files ({@link LeftoverRedis}).
 *
 * <p>The process is this class's own ({@link RedisServerProcess}), not the library's: the library
 * registered a JVM shutdown hook only after spawning it, which a JVM already shutting down refuses,
 * and the process was left running, one more at each retry. Here every way out of a start ends the
 * process it spawned, and a stop of the engine meanwhile neither retries nor sets a file aside.
 */
public final class EmbeddedRedis implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedRedis.class);
    private static final int START_ATTEMPTS = 3;
    /** How long a redis-server ended by a signal waits for the engine's own stop, which the same signal brings. */
    private static final Duration SIGNALLED_STOP = Duration.ofSeconds(3);

    private static final String STEP = "starting the embedded redis-server";

    private final RedisServerProcess server;
    private final int port;
    private final String password;
    private final FileLock owner;

    private EmbeddedRedis(RedisServerProcess server, int port, String password, FileLock owner) {
        this.server = server;
        this.port = port;
        this.password = password;
        this.owner = owner;
    }

    /**
     * Starts on {@code configuredPort}, or on a free port (retrying a few) when it is 0. It listens on
     * loopback only and requires {@code configuredPassword}, or a random one when that is blank: other
     * local users must not be able to rewrite stock, revocations or cut-offs. When {@code stop} is
     * requested meanwhile, the redis-server is stopped — while loading its file, it exits at once,
     * leaving the file as it was — and {@link com.courtrush.infra.lifecycle.StoppedWhileStarting} thrown.
     */
    public static EmbeddedRedis start(Path dataDir, int configuredPort, String configuredPassword, EngineStop stop) {
        stop.check(STEP);
        String password =
                configuredPassword == null || configuredPassword.isBlank() ? randomPassword() : configuredPassword;
        RedisFiles files = RedisFiles.in(dataDir);
        // only the engine holding this lock may stop a leftover: a live engine's redis-server is no leftover
        FileLock owner = files.lockForThisEngine();
        try {
            LeftoverRedis.stopIfRunning(files);
            LeftoverRedis.cleanTemporaryFolder();
            File binary = files.binary();
            try {
                return startOn(files, binary, owner, configuredPort, password, stop);
            } catch (UnreadableAppendOnlyFile unreadable) {
                // Redis's state can be rebuilt from the database: a file it cannot read must not stop the engine
                Path aside = files.setAsideAppendOnlyFile();
                log.warn(
                        "The embedded redis-server cannot read its append-only file ({}); the file was set aside as {} "
                                + "and Redis starts empty — the openings are rebuilt from the database",
                        unreadable.output.tail(),
                        aside);
                return startOn(files, binary, owner, configuredPort, password, stop);
            }
        } catch (RuntimeException e) {
            RedisFiles.release(owner);
            throw e instanceof UnreadableAppendOnlyFile still ? cannotStart(configuredPort, still.output) : e;
        }
    }

    private static EmbeddedRedis startOn(
            RedisFiles files, File binary, FileLock owner, int configuredPort, String password, EngineStop stop) {
        RedisOutput last = null;
        int attempts = configuredPort > 0 ? 1 : START_ATTEMPTS;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            stop.check(STEP);
            int port = configuredPort > 0 ? configuredPort : freeLoopbackPort();
            RedisServerProcess server = spawn(files, binary, port, password);
            Optional<RedisOutput> failed;
            try (EngineStop.Registration ended = stop.onRequest(server::terminate)) {
                failed = server.awaitReady();
            } catch (RuntimeException | Error e) {
                server.stop();
                throw e;
            }
            if (failed.isEmpty() && stop.requested()) {
                // the stop came as it got ready, and may have ended it already: it is not handed out
                server.stop();
                throw stop.stopped(
                        "the embedded redis-server's start (pid " + server.pid() + ", stopped as it got ready)", null);
            }
            if (failed.isEmpty()) {
                log.info(
                        "Embedded redis-server listening on 127.0.0.1:{} (password required), appending to {}",
                        port,
                        files.dir());
                return new EmbeddedRedis(server, port, password, owner);
            }
            server.stop();
            last = failed.get();
            if (stop.requested()) {
                throw stop.stopped(
                        "the embedded redis-server's start (pid " + server.pid()
                                + ", stopped before it was ready; its files are as they were)",
                        null);
            }
            if (last.signalled()) {
                // Ctrl+C or a service manager signalled it beside this JVM, whose own stop follows at once:
                // no retry, nothing set aside
                throw awaitStop(stop, server.pid(), last);
            }
            if (last.appendOnlyFileUnreadable()) {
                throw new UnreadableAppendOnlyFile(last);
            }
            log.warn(
                    "Embedded redis-server did not start on port {} (attempt {}/{}): {}",
                    port,
                    attempt,
                    attempts,
                    last.tail());
        }
        throw cannotStart(configuredPort, last);
    }

    /** Spawns a redis-server on {@code port}, watched from its first moment; says so, and what it loads. */
    private static RedisServerProcess spawn(RedisFiles files, File binary, int port, String password) {
        try {
            files.writeConfig(port, password);
            // what it will load, read before it runs: Redis creates an empty file as it starts
            String loading = loading(files.appendOnlyFile());
            RedisServerProcess server = RedisServerProcess.spawn(binary, files);
            log.info(
                    "Embedded redis-server spawned (pid {}) on port {}, {}{}",
                    server.pid(),
                    port,
                    loading,
                    server.watched()
                            ? ""
                            : "; not watched (no POSIX shell): if this process is killed, the next "
                                    + "start stops it");
            return server;
        } catch (IOException e) {
            throw new InfraConfigException(
                    "The embedded redis-server could not be run from " + binary + ": " + e.getMessage(),
                    "Check that the data directory allows running programs, or use courtrush.infra.mode=external "
                            + "with a Redis server.",
                    e);
        }
    }

    private static String loading(Path appendOnlyFile) {
        try {
            return Files.exists(appendOnlyFile)
                    ? "loading its append-only file (" + Files.size(appendOnlyFile) / 1024 + " KB)"
                    : "with no append-only file yet (Redis starts empty)";
        } catch (IOException e) {
            return "loading its append-only file";
        }
    }

    /**
     * A redis-server a signal from outside ended: the engine's own stop, which the same signal brings, is waited for
     * a moment; when it does not come, the start fails saying so.
     */
    private static RuntimeException awaitStop(EngineStop stop, long pid, RedisOutput output) {
        long until = System.nanoTime() + SIGNALLED_STOP.toNanos();
        while (!stop.requested() && System.nanoTime() - until < 0) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (stop.requested()) {
            return stop.stopped(
                    "the embedded redis-server's start (pid " + pid + ", ended by a signal beside this JVM)", null);
        }
        return new InfraConfigException(
                "The embedded redis-server was stopped by a signal while it started. It said: " + output.tail(),
                "Something on this machine stops it (a service manager, a process group's Ctrl+C): start again, and "
                        + "stop CourtRush itself rather than its redis-server.");
    }

    private static InfraConfigException cannotStart(int configuredPort, RedisOutput output) {
        return new InfraConfigException(
                "The embedded redis-server could not start. It said: " + (output == null ? "nothing" : output.tail()),
                "Check that the host can run the bundled redis-server (on Linux it needs libssl.so.3)"
                        + (configuredPort > 0 ? " and that port " + configuredPort + " is free" : "")
                        + ", or use courtrush.infra.mode=external with a Redis server.");
    }

    /** Redis said it cannot read its append-only file's content: the file may be set aside. */
    private static final class UnreadableAppendOnlyFile extends RuntimeException {

        private final transient RedisOutput output;

        UnreadableAppendOnlyFile(RedisOutput output) {
            super("the embedded redis-server cannot read its append-only file", null, false, false);
            this.output = output;
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

    static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new InfraConfigException(
                    "No free loopback port for the embedded Redis.", "Check the host's network configuration.", e);
        }
    }

    public int port() {
        return port;
    }

    /** Stops the redis-server (it writes its append-only file first) and lets another engine have these files. */
    @Override
    public void close() {
        try {
            server.stop();
            log.info("Embedded redis-server on port {} stopped", port);
        } finally {
            RedisFiles.release(owner);
        }
    }
}
