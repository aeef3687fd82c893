package com.courtrush.infra.embedded;

import com.courtrush.infra.config.DataDirectory;
import com.courtrush.infra.config.InfraConfigException;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;
import redis.embedded.core.ExecutableProvider;

/**
 * Where the embedded redis-server keeps everything: {@code <data-dir>/redis} holds its binary
 * (unpacked from the embedded-redis jar at each start), its configuration, its pid file and its
 * append-only file.
 */
record RedisFiles(Path dir) {

    static final String APPEND_ONLY_FILE = "appendonly.aof";
    /** Written to disk once a second: a crash loses at most the last second, which is then re-synced. */
    static final String APPEND_FSYNC = "everysec";

    static RedisFiles in(Path dataDir) {
        return new RedisFiles(dataDir.resolve("redis").toAbsolutePath());
    }

    Path config() {
        return dir.resolve("redis.conf");
    }

    Path pidFile() {
        return dir.resolve("redis.pid");
    }

    Path appendOnlyFile() {
        return dir.resolve(APPEND_ONLY_FILE);
    }

    /** Windows runs the library's Redis 5 build, which knows fewer settings than the 6.2 builds. */
    static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");

    /**
     * Locks {@code engine.lock} for as long as this engine runs its redis-server on these files. A
     * second engine on the same data directory is refused here, before it could take the first
     * one's redis-server for a leftover.
     */
    FileLock lockForThisEngine() {
        try {
            Files.createDirectories(dir);
            FileChannel channel =
                    FileChannel.open(dir.resolve("engine.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new InfraConfigException(
                        "Another CourtRush engine is running on the data directory " + dir.getParent() + ".",
                        "Stop it first, or start this one with another courtrush.data-dir.");
            }
            return lock;
        } catch (OverlappingFileLockException e) {
            throw new InfraConfigException(
                    "This process already runs an engine on the data directory " + dir.getParent() + ".",
                    "Use another courtrush.data-dir for a second engine.",
                    e);
        } catch (IOException e) {
            throw new InfraConfigException(
                    "Cannot lock " + dir.resolve("engine.lock") + ": " + e.getMessage(),
                    "Check that the data directory is writable.",
                    e);
        }
    }

    static void release(FileLock lock) {
        try {
            lock.channel().close();
        } catch (IOException e) {
            LoggerFactory.getLogger(RedisFiles.class).warn("Could not release {}", lock, e);
        }
    }

    /** Moves the append-only file aside (kept for inspection); returns where it went. */
    Path setAsideAppendOnlyFile() {
        Path aof = appendOnlyFile();
        Path aside = dir.resolve(APPEND_ONLY_FILE + ".unreadable-" + System.currentTimeMillis());
        try {
            Files.move(aof, aside);
            return aside;
        } catch (IOException e) {
            throw new InfraConfigException(
                    "Cannot set aside " + aof + ": " + e.getMessage(), "Move or delete it, then start again.", e);
        }
    }

    /** Unpacks the binary for this OS and architecture into {@code bin/} (replacing an earlier one). */
    File binary() {
        try {
            Path bin = dir.resolve("bin");
            Files.createDirectories(bin);
            return ExecutableProvider.newJarResourceProvider(bin.toFile()).get();
        } catch (IOException | RuntimeException e) {
            throw new InfraConfigException(
                    "The embedded redis-server could not be unpacked into " + dir + ": " + e.getMessage(),
                    "Check that the data directory is writable and allows running programs, "
                            + "or use courtrush.infra.mode=external with a Redis server.",
                    e);
        }
    }

    /** The configuration file (private: it holds the password); returns its path. */
    Path writeConfig(int port, String password) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "port " + port,
                "bind 127.0.0.1",
                "protected-mode yes",
                "requirepass " + quoted(password), // a configured one may hold spaces or quotes
                "daemonize no",
                "pidfile " + quoted(pidFile()),
                "dir " + quoted(dir),
                "save \"\"",
                "appendonly yes",
                "appendfilename " + APPEND_ONLY_FILE,
                "appendfsync " + APPEND_FSYNC,
                // the file is rewritten (compacted) each time it has doubled since the last rewrite
                "auto-aof-rewrite-percentage 100",
                "auto-aof-rewrite-min-size 16mb",
                "aof-use-rdb-preamble yes",
                // a file cut short by a crash mid-write is loaded up to its last whole command
                "aof-load-truncated yes"));
        if (!WINDOWS) {
            // keep the command line (binary, this configuration file): a leftover is recognised by it
            lines.add("set-proc-title no");
        }
        Files.createDirectories(dir);
        DataDirectory.writePrivately(config(), String.join("\n", lines) + "\n");
        return config();
    }

    private static String quoted(Path path) {
        return quoted(path.toString());
    }

    /** A value as Redis's configuration reads one in double quotes (backslashes and quotes escaped). */
    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
