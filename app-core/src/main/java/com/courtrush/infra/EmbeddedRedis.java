package com.courtrush.infra;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.RedisServer;

/**
 * A real {@code redis-server} child process from the embedded-redis jar, on a free loopback port
 * (or the configured one, {@code courtrush.infra.embedded-redis-port}), keeping nothing on disk:
 * the engine rebuilds Redis from the database at start-up.
 */
public final class EmbeddedRedis implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedRedis.class);
    private static final int START_ATTEMPTS = 3;

    private final RedisServer server;
    private final int port;

    private EmbeddedRedis(RedisServer server, int port) {
        this.server = server;
        this.port = port;
    }

    /** Starts on {@code configuredPort}, or on a free port (retrying a few) when it is 0. */
    public static EmbeddedRedis start(int configuredPort) {
        IOException last = null;
        int attempts = configuredPort > 0 ? 1 : START_ATTEMPTS;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            int port = configuredPort > 0 ? configuredPort : freeLoopbackPort();
            try {
                RedisServer server = RedisServer.newRedisServer()
                        .port(port)
                        .bind("127.0.0.1")
                        .setting("save \"\"")
                        .setting("appendonly no")
                        .setting("protected-mode yes")
                        .onShutdownForceStop(true)
                        .build();
                server.start();
                log.info("Embedded redis-server listening on 127.0.0.1:{}", port);
                return new EmbeddedRedis(server, port);
            } catch (IOException | RuntimeException e) {
                last = e instanceof IOException io ? io : new IOException(e);
                log.warn("Embedded redis-server did not start on port {} (attempt {}/{}): {}", port, attempt,
                        attempts, e.getMessage());
            }
        }
        throw new InfraConfigException("The embedded redis-server could not start.",
                "Check that the host can run the bundled redis-server (on Linux it needs libssl.so.3)"
                        + (configuredPort > 0 ? " and that port " + configuredPort + " is free" : "")
                        + ", or use courtrush.infra.mode=external with a Redis server.", last);
    }

    static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new InfraConfigException("No free loopback port for the embedded Redis.",
                    "Check the host's network configuration.", e);
        }
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        try {
            server.stop();
            log.info("Embedded redis-server on port {} stopped", port);
        } catch (IOException e) {
            log.warn("Embedded redis-server on port {} did not stop cleanly", port, e);
        }
    }
}
