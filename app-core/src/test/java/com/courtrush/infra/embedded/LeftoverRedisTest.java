package com.courtrush.infra.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.infra.config.InfraConfigException;
import java.io.IOException;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What crashed engines of earlier versions left in the temporary folder is removed, and nothing else. */
class LeftoverRedisTest {

    @Test
    void oldRedisBinariesAndConfigurationsLeftInTheTemporaryFolderAreRemovedAndNothingElse(@TempDir Path tmp)
            throws IOException {
        Path oldBinary = leftover(tmp.resolve("redis-123456789"), "redis-server-6.2.6-v5-linux-amd64", hoursAgo(2));
        Path oldConfig = file(tmp.resolve("embedded-redis-server_6379.conf"), hoursAgo(2));
        Path fresh = leftover(tmp.resolve("redis-987654321"), "redis-server-6.2.6-v5-linux-amd64", Instant.now());
        Path someoneElses = leftover(tmp.resolve("redis-555"), "dump.rdb", hoursAgo(2));
        Path unrelated = file(tmp.resolve("redis-notes.txt"), hoursAgo(2));

        assertThat(LeftoverRedis.cleanTemporaryFolder(tmp)).isEqualTo(2);

        assertThat(oldBinary.getParent()).doesNotExist();
        assertThat(oldConfig).doesNotExist();
        assertThat(fresh).as("may belong to an engine starting now").exists();
        assertThat(someoneElses).as("not what the library leaves").exists();
        assertThat(unrelated).exists();
    }

    @Test
    void aPidFileNamingAnotherProgramIsNotTakenForALeftoverRedisServer(@TempDir Path dataDir) throws IOException {
        RedisFiles files = RedisFiles.in(dataDir);
        Files.createDirectories(files.dir());
        // this JVM's pid is alive but is no redis-server; a pid that exists no more is not alive
        Files.writeString(
                files.pidFile(),
                Long.toString(ProcessHandle.current().parent().orElseThrow().pid()));
        assertThat(LeftoverRedis.find(files)).isEmpty();
        Files.writeString(files.pidFile(), "not a pid");
        assertThat(LeftoverRedis.find(files)).isEmpty();
    }

    @Test
    void aSecondEngineOnTheSameDataDirectoryIsRefusedBeforeItCouldTouchTheFirstOnesRedis(@TempDir Path dataDir) {
        RedisFiles files = RedisFiles.in(dataDir);
        FileLock first = files.lockForThisEngine();
        try {
            assertThatThrownBy(files::lockForThisEngine)
                    .isInstanceOf(InfraConfigException.class)
                    .hasMessageContaining(dataDir.toString());
        } finally {
            RedisFiles.release(first);
        }
        RedisFiles.release(files.lockForThisEngine());
    }

    private static Path leftover(Path dir, String name, Instant modified) throws IOException {
        Files.createDirectories(dir);
        Path file = file(dir.resolve(name), modified);
        Files.setLastModifiedTime(dir, FileTime.from(modified));
        return file;
    }

    private static Path file(Path file, Instant modified) throws IOException {
        Files.writeString(file, "x");
        Files.setLastModifiedTime(file, FileTime.from(modified));
        return file;
    }

    private static Instant hoursAgo(int hours) {
        return Instant.now().minus(Duration.ofHours(hours));
    }
}
