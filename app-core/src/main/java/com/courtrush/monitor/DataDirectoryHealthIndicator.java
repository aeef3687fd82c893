package com.courtrush.monitor;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.monitor.api.DataDirectoryUsage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.stereotype.Component;

/**
 * {@code dataDirectory} in actuator health: what the database, the broker's store, Redis's
 * append-only file and the logs take in the data directory, and what the disk has left. DOWN when
 * less than {@link DataDirectoryUsage#MIN_FREE_BYTES} is free: the stores stop writing soon after, and the staff
 * should know before the next opening. Sizes are summed at most every {@link #CACHE} (the folders
 * are walked).
 */
@Component("dataDirectory")
public class DataDirectoryHealthIndicator extends AbstractHealthIndicator {

    private static final Duration CACHE = Duration.ofSeconds(30);
    private static final String[] PARTS = {"db", "qpid", "redis", "logs"};

    private final Path dir;
    private volatile DataDirectoryUsage cached;
    private volatile long cachedAtNanos;

    DataDirectoryHealthIndicator(CourtRushProperties properties) {
        super("Data directory check failed");
        this.dir = properties.dataDir();
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        DataDirectoryUsage usage = usage();
        builder.status(usage.low() ? "DOWN" : "UP")
                .withDetail("path", dir.toAbsolutePath().toString())
                .withDetail("usedBytes", usage.usedBytes())
                .withDetail("usedBytesByPart", usage.byPart())
                .withDetail("freeBytes", usage.freeBytes())
                .withDetail("minFreeBytes", DataDirectoryUsage.MIN_FREE_BYTES);
    }

    /** What the data directory takes and what its disk has left (summed at most every 30 s). */
    public DataDirectoryUsage usage() {
        DataDirectoryUsage usage = cached;
        if (usage == null || System.nanoTime() - cachedAtNanos > CACHE.toNanos()) {
            usage = measure();
            cached = usage;
            cachedAtNanos = System.nanoTime();
        }
        return usage;
    }

    private DataDirectoryUsage measure() {
        Map<String, Long> byPart = new LinkedHashMap<>();
        for (String part : PARTS) {
            byPart.put(part, sizeOf(dir.resolve(part)));
        }
        long total = sizeOf(dir);
        byPart.put(
                "other",
                Math.max(
                        0,
                        total
                                - byPart.values().stream()
                                        .mapToLong(Long::longValue)
                                        .sum()));
        try {
            return new DataDirectoryUsage(total, byPart, Files.getFileStore(dir).getUsableSpace());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the free space of " + dir, e);
        }
    }

    private static long sizeOf(Path path) {
        if (!Files.exists(path)) {
            return 0;
        }
        AtomicLong bytes = new AtomicLong();
        try {
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile()) {
                        bytes.addAndGet(attributes.size());
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    // a store's temporary file, gone between the listing and the look: it takes nothing now
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot measure " + path, e);
        }
        return bytes.get();
    }
}
