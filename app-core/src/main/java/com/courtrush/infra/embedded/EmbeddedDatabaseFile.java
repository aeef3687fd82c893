package com.courtrush.infra.embedded;

import com.courtrush.infra.config.DataDirectory;
import com.courtrush.infra.config.EmbeddedDatabaseUrl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Keeps the embedded H2 database's file small (SPEC §20). H2 writes each change as new pages at the file's end and
 * reuses freed space only in part: a year of a gym's bookings written here left a 1.35 GB file that held 91 MB of
 * data, and a backup and a start read all of it. H2 gives the space back only when the database is closed ({@code
 * SHUTDOWN COMPACT} rewrites it whole: 3.3 s for that file), so the engine compacts it while nothing else has it open:
 * before the connection pool opens it at a start, and after the pool closed it at a clean stop — when the file has
 * grown to {@link #GROWTH} times its size after the last compaction, and is over {@code courtrush.history.compact-over}
 * (32 MB). The size after each
 * compaction is kept beside the file ({@code courtrush.compacted}).
 *
 * <p>The connection pool depends on this bean (see {@link EmbeddedInfraConfig}), so the start's compaction runs before
 * the pool is made and the stop's after it is closed; a running engine compacts it at night with the pool held off
 * ({@code retention.FileCompaction}). The file written anew is private to the user again (0600), like the rest of the
 * data directory.
 */
public final class EmbeddedDatabaseFile implements DisposableBean {

    static final double GROWTH = 1.5;

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabaseFile.class);

    private final String url;
    private final Path file;
    private final Path marker;
    private final long smallest;

    /** Compacting files over {@code smallest} bytes ({@code courtrush.history.compact-over}; a test's small ones). */
    EmbeddedDatabaseFile(String url, Path file, long smallest) {
        this.url = url;
        this.file = file;
        this.marker = file.resolveSibling("courtrush.compacted");
        this.smallest = smallest;
        compactIfGrown("start");
    }

    @Override
    public void destroy() {
        compactIfGrown("stop");
    }

    /** A compaction: the file's bytes before and after, and how long it took (the database closed meanwhile). */
    public record Compacted(long before, long after, Duration took) {}

    /** The file's bytes now (0 when there is none, or it cannot be read). */
    public long size() {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            log.warn("The embedded database {} could not be measured: {}", file, e.toString());
            return 0;
        }
    }

    /** Whether the file has grown past what it was after the last compaction (and is worth compacting). */
    public boolean grown() {
        try {
            if (!EmbeddedDatabaseUrl.isFile(url) || !Files.isRegularFile(file)) {
                return false;
            }
            long size = Files.size(file);
            long before = lastCompacted();
            return size >= smallest && (before == 0 || size >= before * GROWTH);
        } catch (IOException e) {
            log.warn("The embedded database {} could not be measured: {}", file, e.toString());
            return false;
        }
    }

    /**
     * Whether compacting the file now is worth a few seconds' maintenance: it has {@link #grown}, or it is over {@code
     * compact-over} and at most {@code 1 / }{@link #GROWTH} of it is live ({@code liveShare}, H2's own count, read by
     * the running engine: a sweep frees space without growing the file).
     */
    public boolean worthCompacting(double liveShare) {
        long size = size();
        return grown() || (size >= smallest && liveShare <= 1 / GROWTH);
    }

    /**
     * Compacts the file when it has {@link #grown}: nothing else may hold the database open (a start before the pool,
     * a stop after it, or a pool held off). Empty when it had not grown or could not be compacted (said in the log).
     */
    public Optional<Compacted> compactIfGrown(String when) {
        return grown() ? compact(when) : Optional.empty();
    }

    /**
     * Compacts the file whatever its size (a manager asked, or the engine found most of it free): nothing else may hold
     * the database open. Empty when there is no file or it could not be compacted (said in the log).
     */
    public Optional<Compacted> compact(String when) {
        if (!EmbeddedDatabaseUrl.isFile(url) || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            long size = Files.size(file);
            long started = System.nanoTime();
            try (Connection connection = DriverManager.getConnection(url, "sa", "");
                    Statement statement = connection.createStatement()) {
                statement.execute("SHUTDOWN COMPACT");
            }
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            DataDirectory.tighten(file.getParent()); // written anew under the umask: private again
            long after = Files.size(file);
            DataDirectory.writePrivately(marker, Long.toString(after));
            log.info(
                    "Embedded database compacted at the {}: {} MB → {} MB in {} ms",
                    when,
                    size >> 20,
                    after >> 20,
                    took.toMillis());
            return Optional.of(new Compacted(size, after, took));
        } catch (SQLException | IOException e) {
            // the database works as it is, only larger: said once, tried again at the next chance
            log.warn("The embedded database {} was not compacted at the {}: {}", file, when, e.toString());
            return Optional.empty();
        }
    }

    private long lastCompacted() throws IOException {
        if (!Files.isRegularFile(marker)) {
            return 0;
        }
        try {
            return Long.parseLong(
                    Files.readString(marker, StandardCharsets.UTF_8).strip());
        } catch (NumberFormatException unreadable) {
            return 0;
        }
    }
}
