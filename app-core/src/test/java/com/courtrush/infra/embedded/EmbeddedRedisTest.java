package com.courtrush.infra.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.infra.lifecycle.EngineStop;
import com.courtrush.infra.lifecycle.StoppedWhileStarting;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The redis-server's start ends in one of three ways, each leaving nothing behind but the server it
 * returns: a file Redis says it cannot read is set aside and Redis starts empty; a stop while Redis
 * loads its file ends Redis at once, leaves the file as it was and sets nothing aside; a stop before
 * the start spawns nothing. The bundled redis-server, on a data directory of the test's own.
 */
class EmbeddedRedisTest {

    private static final String PASSWORD = "embedded-redis-test";

    @Test
    void aFileRedisSaysItCannotReadIsSetAsideAndRedisStartsEmpty(@TempDir Path dataDir) throws IOException {
        Path aof = Files.createDirectories(dataDir.resolve("redis")).resolve("appendonly.aof");
        Files.writeString(aof, "garbage that is not an append-only file\n");

        try (EmbeddedRedis redis = EmbeddedRedis.start(dataDir, 0, PASSWORD, new EngineStop())) {
            assertThat(redis.port()).isPositive();
            assertThat(asideFiles(dataDir))
                    .singleElement()
                    .satisfies(aside -> assertThat(aside).hasContent("garbage that is not an append-only file"));
        }
        assertThat(serving(dataDir))
                .as("processes on this data directory after the close")
                .isEmpty();
    }

    @Test
    void aStopWhileRedisLoadsItsFileEndsRedisAtOnceAndLeavesTheFileAsItWas(@TempDir Path dataDir) throws Exception {
        Path aof = Files.createDirectories(dataDir.resolve("redis")).resolve("appendonly.aof");
        writeKeys(aof, 1_000_000); // a second or more to load
        long size = Files.size(aof);
        FileTime modified = Files.getLastModifiedTime(aof);
        EngineStop stop = new EngineStop();
        // the stop comes once the redis-server is there, loading
        CompletableFuture<Void> stopper = CompletableFuture.runAsync(() -> {
            Awaitility.await("the redis-server spawned")
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(5))
                    .until(() -> serving(dataDir).stream()
                            .anyMatch(p -> p.info().commandLine().orElse("").contains("redis-server")));
            stop.request("the test stops it");
        });

        EmbeddedRedis[] started = new EmbeddedRedis[1];
        try {
            assertThatThrownBy(() -> started[0] = EmbeddedRedis.start(dataDir, 0, PASSWORD, stop))
                    .isInstanceOf(StoppedWhileStarting.class)
                    .hasMessageContaining("the test stops it")
                    .hasMessageContaining("stopped before it was ready");
        } finally {
            if (started[0] != null) {
                started[0].close(); // loaded before the stop came (a fast machine): not left to the next test
            }
        }
        stopper.get();

        assertThat(serving(dataDir)).as("the redis-server and its watch").isEmpty();
        assertThat(asideFiles(dataDir)).as("files set aside").isEmpty();
        assertThat(aof).hasSize(size);
        assertThat(Files.getLastModifiedTime(aof)).isEqualTo(modified);
        // and the next start has the files to itself, and all of it
        try (EmbeddedRedis redis = EmbeddedRedis.start(dataDir, 0, PASSWORD, new EngineStop())) {
            assertThat(redis.port()).isPositive();
        }
        assertThat(asideFiles(dataDir)).isEmpty();
    }

    @Test
    void aStopBeforeTheStartSpawnsNothing(@TempDir Path dataDir) {
        EngineStop stop = new EngineStop();
        stop.request("stopped first");

        assertThatThrownBy(() -> EmbeddedRedis.start(dataDir, 0, PASSWORD, stop))
                .isInstanceOf(StoppedWhileStarting.class)
                .hasMessageContaining("stopped first");
        assertThat(dataDir.resolve("redis")).doesNotExist();
    }

    /** This JVM's descendants on this data directory's configuration: redis-servers and their watches. */
    private static List<ProcessHandle> serving(Path dataDir) {
        String config = RedisFiles.in(dataDir).config().toString();
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(config))
                .toList();
    }

    private static List<Path> asideFiles(Path dataDir) throws IOException {
        try (Stream<Path> files = Files.list(dataDir.resolve("redis"))) {
            return files.filter(f -> f.getFileName().toString().startsWith("appendonly.aof.unreadable-"))
                    .toList();
        }
    }

    /** An append-only file of {@code count} SET commands, as Redis writes them. */
    static void writeKeys(Path aof, int count) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(aof), 1 << 20)) {
            for (int i = 0; i < count; i++) {
                String key = "bulk:%08d".formatted(i);
                out.write(("*3\r\n$3\r\nSET\r\n$" + key.length() + "\r\n" + key + "\r\n$5\r\nvalue\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
            }
        }
    }
}
