package com.courtrush.infra.embedded;

import com.courtrush.infra.config.InfraConfigException;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.Redis;
import redis.embedded.RedisInstance;

/**
 * A real {@code redis-server} child process from the embedded-redis jar, on a free loopback port
 * (or the configured one, {@code courtrush.infra.embedded-redis-port}). It keeps its state in
 * {@code <data-dir>/redis}: an append-only file written to disk every second (what a crash can
 * lose is at most that second: a restarted Redis is told by its run id and the openings re-synced
 * from the database), rewritten when it doubles; a file it cannot read is set aside and Redis
 * starts empty, to be rebuilt from the database. Its binary, its configuration (with the
 * password) and its pid file live there too, so a crash leaves nothing in the temporary folder,
 * and a redis-server that outlived a crashed engine is found and stopped before a new one starts
 * on the same files ({@link LeftoverRedis}).
 */
public final class EmbeddedRedis implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedRedis.class);
    private static final int START_ATTEMPTS = 3;
    /** How long the library's JVM shutdown hook leaves the redis-server to the application's close. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(30);

    private final OwnedRedisServer server;
    private final int port;
    private final String password;
    private final FileLock owner;
    private final Optional<RedisExitWatch> watch;

    private EmbeddedRedis(
            OwnedRedisServer server, int port, String password, FileLock owner, Optional<RedisExitWatch> watch) {
        this.server = server;
        this.port = port;
        this.password = password;
        this.owner = owner;
        this.watch = watch;
    }

    /**
     * Starts on {@code configuredPort}, or on a free port (retrying a few) when it is 0. It listens on
     * loopback only and requires {@code configuredPassword}, or a random one when that is blank: other
     * local users must not be able to rewrite stock, revocations or cut-offs.
     */
    public static EmbeddedRedis start(Path dataDir, int configuredPort, String configuredPassword) {
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
                return startOn(files, binary, owner, configuredPort, password);
            } catch (InfraConfigException failed) {
                // Redis's state can be rebuilt from the database: a file it cannot read must not stop the engine
                if (!files.setAsideAppendOnlyFile()) {
                    throw failed;
                }
                log.warn(
                        "The embedded redis-server did not start with its append-only file; the file was set aside "
                                + "and Redis starts empty — the openings are rebuilt from the database",
                        failed);
                return startOn(files, binary, owner, configuredPort, password);
            }
        } catch (RuntimeException e) {
            RedisFiles.release(owner);
            throw e;
        }
    }

    private static EmbeddedRedis startOn(
            RedisFiles files, File binary, FileLock owner, int configuredPort, String password) {
        IOException last = null;
        int attempts = configuredPort > 0 ? 1 : START_ATTEMPTS;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            int port = configuredPort > 0 ? configuredPort : freeLoopbackPort();
            OwnedRedisServer server = null;
            try {
                Path config = files.writeConfig(port, password);
                server = new OwnedRedisServer(port, List.of(binary.getAbsolutePath(), config.toString()));
                server.start();
                log.info(
                        "Embedded redis-server listening on 127.0.0.1:{} (password required), appending to {}",
                        port,
                        files.dir());
                Optional<RedisExitWatch> watch = LeftoverRedis.find(files).flatMap(RedisExitWatch::start);
                if (watch.isEmpty()) {
                    log.info("The embedded redis-server is not watched (no POSIX shell): if this process is killed, "
                            + "the next start stops it");
                }
                return new EmbeddedRedis(server, port, password, owner, watch);
            } catch (IOException | RuntimeException e) {
                last = e instanceof IOException io ? io : new IOException(e);
                if (server != null) {
                    // a failed start leaves the library's shutdown hook registered: release it now, or it
                    // would wait the whole grace for a close that never comes
                    closeFailedStart(server, port);
                }
                log.warn(
                        "Embedded redis-server did not start on port {} (attempt {}/{}): {}",
                        port,
                        attempt,
                        attempts,
                        e.getMessage());
            }
        }
        throw new InfraConfigException(
                "The embedded redis-server could not start.",
                "Check that the host can run the bundled redis-server (on Linux it needs libssl.so.3)"
                        + (configuredPort > 0 ? " and that port " + configuredPort + " is free" : "")
                        + ", or use courtrush.infra.mode=external with a Redis server.",
                last);
    }

    private static void closeFailedStart(OwnedRedisServer server, int port) {
        try {
            server.close();
        } catch (IOException e) {
            log.warn("The redis-server that failed to start on port {} did not stop cleanly", port, e);
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

    @Override
    public void close() {
        watch.ifPresent(RedisExitWatch::close);
        try {
            server.close();
            log.info("Embedded redis-server on port {} stopped", port);
        } catch (IOException e) {
            log.warn("Embedded redis-server on port {} did not stop cleanly", port, e);
        } finally {
            RedisFiles.release(owner);
        }
    }

    /**
     * The library's redis-server, stopped when the application closes. The library also stops it
     * from a JVM shutdown hook of its own, which on SIGTERM or Ctrl+C ran beside Spring's: Redis went
     * away while the scheduled jobs and the listeners still used it (errors in the log). Here that
     * hook waits for the application's close and only stops the server itself if the close has not
     * come within {@link #CLOSE_GRACE}, so no redis-server outlives a JVM that exits normally.
     */
    private static final class OwnedRedisServer extends RedisInstance {

        private final CountDownLatch closed = new CountDownLatch(1);

        OwnedRedisServer(int port, List<String> args) {
            super(port, args, Redis.SERVER_READY_PATTERN, true, null, null);
        }

        void close() throws IOException {
            try {
                super.stop();
            } finally {
                closed.countDown();
            }
        }

        /**
         * Called by the library's shutdown hook (and by nothing else here). Not synchronized: the
         * wait must not hold the lock that {@link #close()}'s stop takes.
         */
        @Override
        public void stop() throws IOException {
            try {
                if (!closed.await(CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    log.warn(
                            "The application did not close within {} s of the JVM's shutdown; stopping its "
                                    + "redis-server on port {} now",
                            CLOSE_GRACE.toSeconds(),
                            ports().get(0));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            super.stop();
        }
    }
}
