package com.courtrush.infra;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    /** Unpacks the binary for this OS and architecture into {@code bin/} (replacing an earlier one). */
    File binary() {
        try {
            Path bin = dir.resolve("bin");
            Files.createDirectories(bin);
            return ExecutableProvider.newJarResourceProvider(bin.toFile()).get();
        } catch (IOException | RuntimeException e) {
            throw new InfraConfigException("The embedded redis-server could not be unpacked into " + dir + ": "
                    + e.getMessage(), "Check that the data directory is writable and allows running programs, "
                    + "or use courtrush.infra.mode=external with a Redis server.", e);
        }
    }

    /** The configuration file (private: it holds the password); returns its path. */
    Path writeConfig(int port, String password) throws IOException {
        List<String> lines = List.of(
                "port " + port,
                "bind 127.0.0.1",
                "protected-mode yes",
                "requirepass " + password,
                "daemonize no",
                // keep the command line (binary, this configuration file): a leftover is recognised by it
                "set-proc-title no",
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
                "aof-load-truncated yes");
        Files.createDirectories(dir);
        DataDirectory.writePrivately(config(), String.join("\n", lines) + "\n");
        return config();
    }

    private static String quoted(Path path) {
        return "\"" + path.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
