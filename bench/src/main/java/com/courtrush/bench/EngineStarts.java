package com.courtrush.bench;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Starts a run's engines as the command line asks (their stack, JVM options and arguments), and knows
 * the Redis they run on: the external one, or the embedded redis-server of the last engine started,
 * with the password the bench gave it.
 */
final class EngineStarts {

    private final FlashBench bench;
    private int redisPort;
    /** The embedded redis-server's password (the bench chooses it, to read Redis's counters); null for external. */
    private String redisPassword;

    private int redisDatabase;

    EngineStarts(FlashBench bench) {
        this.bench = bench;
    }

    /** A server started by {@link #startOne}, its address, and the Redis it runs on. */
    record Started(BenchServer server, String address, int redisPort, String redisPassword, int redisDatabase) {}

    /**
     * Starts one server on the run's stack in {@code dir} (its data in {@code dir/data}, its log {@code
     * dir/server.log}); the Redis it runs on is the one {@link #redisPort()} and its password name from then on.
     */
    Started startOne(Path dir) throws IOException, InterruptedException {
        return startOne(dir, bench.services);
    }

    /** {@link #startOne(Path)} on these external services (the run's own, or {@link ServiceOptions#apart}). */
    Started startOne(Path dir, ServiceOptions services) throws IOException, InterruptedException {
        int port = freePort();
        int embeddedRedisPort = bench.external ? 0 : freePort();
        redisPort = bench.external ? services.redisPort : embeddedRedisPort;
        redisPassword = bench.external ? null : randomHex(24);
        redisDatabase = bench.external ? services.redisDatabase : 0;
        Map<String, String> env = bench.external
                ? Map.of("COURTRUSH_ADMIN_TOKEN", bench.adminToken)
                : Map.of(
                        "COURTRUSH_ADMIN_TOKEN",
                        bench.adminToken,
                        "COURTRUSH_INFRA_EMBEDDED_REDIS_PASSWORD",
                        redisPassword);
        bench.step("starting the server (%s stack) on 127.0.0.1:%d", bench.external ? "external" : "embedded", port);
        BenchServer server = BenchServer.start(
                bench.jar,
                jvmOptions(dir),
                serverArgs(dir, port, embeddedRedisPort, services),
                env,
                dir.resolve("server.log"),
                port,
                Duration.ofMinutes(bench.growth ? 10 : 3),
                bench.console);
        if (!bench.external && !RedisStats.asksForPassword("127.0.0.1", embeddedRedisPort)) {
            redisPassword = null; // an engine from before the embedded Redis took a password
        }
        return new Started(server, "http://127.0.0.1:" + port, redisPort, redisPassword, redisDatabase);
    }

    /** The Redis of {@code engine} is the one {@link #redisPort()} and the rest name from now on (its rush is next). */
    void redisOf(Started engine) {
        redisPort = engine.redisPort();
        redisPassword = engine.redisPassword();
        redisDatabase = engine.redisDatabase();
    }

    private List<String> jvmOptions(Path runDir) {
        List<String> options = new ArrayList<>(bench.serverJvmOptions);
        if (bench.jfr) {
            options.add("-XX:FlightRecorderOptions=stackdepth=256");
            options.add("-XX:StartFlightRecording=settings=profile,dumponexit=true,filename="
                    + runDir.resolve("server.jfr").toAbsolutePath());
        }
        return options;
    }

    private List<String> serverArgs(Path runDir, int port, int embeddedRedisPort, ServiceOptions services) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=" + port,
                "--server.address=127.0.0.1",
                "--courtrush.data-dir=" + runDir.resolve("data").toAbsolutePath(),
                "--courtrush.zone=" + bench.zone));
        if (!bench.mix) {
            // students are imported and log in by the thousand; the cost of hashing is not under test (the mix's is)
            args.add("--courtrush.auth.bcrypt-strength=4");
        }
        if (bench.external) {
            args.addAll(services.engineArgs());
        } else {
            args.add("--courtrush.infra.embedded-redis-port=" + embeddedRedisPort);
        }
        args.addAll(bench.serverArgs);
        return args;
    }

    /** The Redis the server runs on: the external one, or the embedded redis-server the bench started. */
    String redisHost() {
        return bench.external ? bench.services.redisHost : "127.0.0.1";
    }

    int redisPort() {
        return redisPort;
    }

    /** The embedded redis-server's password; null for the external Redis (or an engine from before it had one). */
    String redisPassword() {
        return redisPassword;
    }

    int redisDatabase() {
        return redisDatabase;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    static String randomHex(int bytes) {
        byte[] random = new byte[bytes];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
