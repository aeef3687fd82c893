package com.courtrush.infra.embedded;

import com.courtrush.infra.config.InfraConfigException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a crashed engine leaves behind. Its redis-server is a child process that outlives a JVM
 * killed with SIGKILL (or a console that lost power and came back): it would keep serving, and
 * writing, the same append-only file as the next engine's. At start the pid file in the data
 * directory names it; it is stopped only if that process really is a redis-server started on this
 * data directory's configuration (a recycled pid belonging to anything else is left alone).
 * Earlier versions unpacked the binary and the configuration into the temporary folder, where a
 * crash left them: those are removed too.
 */
final class LeftoverRedis {

    private static final Logger log = LoggerFactory.getLogger(LeftoverRedis.class);
    private static final Duration POLITE_STOP = Duration.ofSeconds(10);
    private static final Duration FORCED_STOP = Duration.ofSeconds(5);
    /** Another program's embedded Redis may be starting from the temporary folder right now. */
    private static final Duration TEMPORARY_LEFTOVER_AGE = Duration.ofMinutes(10);

    private LeftoverRedis() {}

    /** Stops the redis-server an earlier run left serving these files, if there is one. */
    static void stopIfRunning(RedisFiles files) {
        Optional<ProcessHandle> leftover = find(files);
        if (leftover.isEmpty()) {
            return;
        }
        ProcessHandle process = leftover.get();
        log.warn(
                "A redis-server (pid {}) left running by an earlier run that did not stop cleanly still serves {}; "
                        + "stopping it before starting a new one",
                process.pid(),
                files.dir());
        // SIGTERM: redis-server writes its append-only file to disk and exits
        process.destroy();
        if (!awaitExit(process, POLITE_STOP)) {
            log.warn(
                    "The leftover redis-server (pid {}) did not stop within {} s; killing it",
                    process.pid(),
                    POLITE_STOP.toSeconds());
            process.destroyForcibly();
            if (!awaitExit(process, FORCED_STOP)) {
                throw new InfraConfigException(
                        "A redis-server left by an earlier run (pid " + process.pid() + ") serves " + files.dir()
                                + " and could not be stopped.",
                        "Stop process " + process.pid() + " and start again.",
                        null);
            }
        }
        log.info("The leftover redis-server (pid {}) stopped", process.pid());
    }

    /** The live process named by the pid file, if it is a redis-server run on this directory's configuration. */
    static Optional<ProcessHandle> find(RedisFiles files) {
        Optional<Long> pid = readPid(files.pidFile());
        if (pid.isEmpty() || pid.get() == ProcessHandle.current().pid()) {
            return Optional.empty();
        }
        String config = files.config().toString();
        String binaries = files.dir().resolve("bin").toString();
        return ProcessHandle.of(pid.get())
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info()
                        .commandLine()
                        .map(line -> line.contains("redis-server") && line.contains(config))
                        // Windows tells no command line: the executable unpacked into this data directory
                        .orElseGet(() -> p.info()
                                .command()
                                .map(command -> command.startsWith(binaries) && command.contains("redis-server"))
                                .orElse(false)));
    }

    private static Optional<Long> readPid(Path pidFile) {
        if (!Files.isRegularFile(pidFile)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(Files.readString(pidFile).trim()));
        } catch (IOException | NumberFormatException e) {
            log.warn("The redis-server pid file {} could not be read ({}); ignoring it", pidFile, e.getMessage());
            return Optional.empty();
        }
    }

    private static boolean awaitExit(ProcessHandle process, Duration wait) {
        try {
            process.onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !process.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /**
     * Removes what earlier versions (the embedded-redis library's defaults) left in the temporary
     * folder after a crash: {@code redis-<n>/redis-server-*} binaries and
     * {@code embedded-redis-server_*.conf} files of this user, older than a few minutes.
     */
    static int cleanTemporaryFolder() {
        return cleanTemporaryFolder(Path.of(System.getProperty("java.io.tmpdir")));
    }

    static int cleanTemporaryFolder(Path tmp) {
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tmp, "{redis-*,embedded-redis-server_*.conf}")) {
            for (Path entry : entries) {
                if (isOldLeftover(entry) && remove(entry)) {
                    removed++;
                }
            }
        } catch (IOException | RuntimeException e) {
            log.warn("Could not look for leftover redis-server files in {}: {}", tmp, e.getMessage());
        }
        if (removed > 0) {
            log.info("Removed {} redis-server file(s) left in {} by earlier runs that crashed", removed, tmp);
        }
        return removed;
    }

    private static boolean isOldLeftover(Path entry) throws IOException {
        if (Files.isSymbolicLink(entry) || !isMine(entry) || !olderThan(entry, TEMPORARY_LEFTOVER_AGE)) {
            return false;
        }
        if (Files.isRegularFile(entry)) {
            return entry.getFileName().toString().startsWith("embedded-redis-server_");
        }
        if (!Files.isDirectory(entry) || !entry.getFileName().toString().matches("redis-\\d+")) {
            return false;
        }
        try (Stream<Path> inside = Files.list(entry)) {
            // exactly what the library puts there: one redis-server binary
            return inside.allMatch(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                    && p.getFileName().toString().startsWith("redis-server-"));
        }
    }

    private static boolean isMine(Path entry) throws IOException {
        // Windows names an owner with its domain and a backslash first
        String owner = Files.getOwner(entry, LinkOption.NOFOLLOW_LINKS).getName();
        return owner.substring(owner.lastIndexOf('\\') + 1).equals(System.getProperty("user.name"));
    }

    private static boolean olderThan(Path entry, Duration age) throws IOException {
        FileTime modified = Files.getLastModifiedTime(entry, LinkOption.NOFOLLOW_LINKS);
        return modified.toInstant().isBefore(Instant.now().minus(age));
    }

    private static boolean remove(Path entry) {
        try {
            if (Files.isDirectory(entry)) {
                try (Stream<Path> inside = Files.list(entry)) {
                    for (Path file : (Iterable<Path>) inside::iterator) {
                        Files.deleteIfExists(file);
                    }
                }
            }
            Files.deleteIfExists(entry);
            return true;
        } catch (IOException e) {
            log.warn("Could not remove the leftover {}: {}", entry, e.getMessage());
            return false;
        }
    }
}
