package com.courtrush.infra.embedded;

import com.courtrush.infra.config.InfraConfigException;
import com.courtrush.infra.lifecycle.EngineStop;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How one redis-server is started on a data directory's files until it says it is ready: spawned on a port (a free
 * one, tried a few times, or the configured one), its output read for its verdict, its append-only file set aside when
 * Redis says it cannot read it, and every way out of a failed start ending the process it spawned. {@link
 * EmbeddedRedis} starts one this way at the engine's start and again when one exits by itself.
 */
final class RedisStarts {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedRedis.class);
    private static final int START_ATTEMPTS = 3;
    /** How long a redis-server ended by a signal waits for the engine's own stop, which the same signal brings. */
    private static final Duration SIGNALLED_STOP = Duration.ofSeconds(3);

    static final String STEP = "starting the embedded redis-server";

    private RedisStarts() {}

    /** What a failed start throws: a file Redis still cannot read, said as a start that failed. */
    static RuntimeException asFailure(RuntimeException e, int configuredPort) {
        return e instanceof UnreadableAppendOnlyFile still ? cannotStart(configuredPort, still.output) : e;
    }

    /** A redis-server that said it is ready, and its port. */
    record Started(RedisServerProcess server, int port) {}

    /**
     * {@link #startOn}; when Redis says it cannot read its append-only file, the file is set aside and it starts
     * empty: Redis's state can be rebuilt from the database, so a file it cannot read must not stop the engine.
     */
    static Started startReadable(
            RedisFiles files,
            File binary,
            int configuredPort,
            String password,
            EngineStop stop,
            Consumer<RedisServerProcess> spawned) {
        try {
            return startOn(files, binary, configuredPort, password, stop, spawned);
        } catch (UnreadableAppendOnlyFile unreadable) {
            Path aside = files.setAsideAppendOnlyFile();
            log.warn(
                    "The embedded redis-server cannot read its append-only file ({}); the file was set aside as {} "
                            + "and Redis starts empty — the openings are rebuilt from the database",
                    unreadable.output.tail(),
                    aside);
            return startOn(files, binary, configuredPort, password, stop, spawned);
        }
    }

    private static Started startOn(
            RedisFiles files,
            File binary,
            int configuredPort,
            String password,
            EngineStop stop,
            Consumer<RedisServerProcess> spawned) {
        RedisOutput last = null;
        int attempts = configuredPort > 0 ? 1 : START_ATTEMPTS;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            stop.check(STEP);
            int port = configuredPort > 0 ? configuredPort : freeLoopbackPort();
            RedisServerProcess server = spawn(files, binary, port, password);
            spawned.accept(server);
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
                return new Started(server, port);
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

    static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new InfraConfigException(
                    "No free loopback port for the embedded Redis.", "Check the host's network configuration.", e);
        }
    }
}
