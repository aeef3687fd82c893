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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Keeps the embedded H2 database's file small (SPEC §20). H2 writes each change as new pages at the file's end and
 * reuses freed space only in part: a year of a gym's bookings written here left a 1.35 GB file that held 91 MB of
 * data, and a backup and a start read all of it. H2 gives the space back only when the database is closed ({@code
 * SHUTDOWN COMPACT} rewrites it whole: 3.3 s for that file), so the engine compacts it while nothing else has it open:
 * before the connection pool opens it at a start, and after the pool closed it at a clean stop — when the file has
 * grown to {@link #GROWTH} times its size after the last compaction, and is over {@link #SMALLEST}. The size after each
 * compaction is kept beside the file ({@code courtrush.compacted}).
 *
 * <p>The connection pool depends on this bean (see {@link EmbeddedInfraConfig}), so the start's compaction runs before
 * the pool is made and the stop's after it is closed.
 */
public final class EmbeddedDatabaseFile implements DisposableBean {

    static final long SMALLEST = 32L << 20;
    static final double GROWTH = 1.5;

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabaseFile.class);

    private final String url;
    private final Path file;
    private final Path marker;
    private final long smallest;

    EmbeddedDatabaseFile(String url, Path file) {
        this(url, file, SMALLEST);
    }

    /** As the engine's, compacting files over {@code smallest} bytes (a test's small ones). */
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

    /** Compacts the file when it has grown past what it was after the last compaction; answers whether it did. */
    boolean compactIfGrown(String when) {
        try {
            if (!EmbeddedDatabaseUrl.isFile(url) || !Files.isRegularFile(file)) {
                return false;
            }
            long size = Files.size(file);
            long before = lastCompacted();
            if (size < smallest || (before > 0 && size < before * GROWTH)) {
                return false;
            }
            long started = System.nanoTime();
            try (Connection connection = DriverManager.getConnection(url, "sa", "");
                    Statement statement = connection.createStatement()) {
                statement.execute("SHUTDOWN COMPACT");
            }
            long after = Files.size(file);
            DataDirectory.writePrivately(marker, Long.toString(after));
            log.info(
                    "Embedded database compacted at the {}: {} MB → {} MB in {} ms",
                    when,
                    size >> 20,
                    after >> 20,
                    Duration.ofNanos(System.nanoTime() - started).toMillis());
            return true;
        } catch (SQLException | IOException e) {
            // the database works as it is, only larger: said once, tried again at the next start or stop
            log.warn("The embedded database {} was not compacted at the {}: {}", file, when, e.toString());
            return false;
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
