package com.courtrush.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * What each test class cost (issue 71): its wall time and the processor time of this test JVM and of the processes it
 * started and reaped meanwhile (packaged servers, redis-servers, Chromium, Keycloak) — the JVM's own and its
 * children's user and system time from {@code /proc/self/stat}, so a class is charged for what it ran even when
 * another JVM runs beside it. One line per class in {@code target/class-costs.csv}, which .ci/TestTimes.java reads.
 */
public final class ClassCosts implements TestExecutionListener {

    private static final Path FILE = Path.of("target", "class-costs.csv");
    private static final double TICKS = 100.0; // USER_HZ on Linux

    private final Map<String, long[]> started = new ConcurrentHashMap<>();

    @Override
    public void executionStarted(TestIdentifier test) {
        if (test.getSource().orElse(null) instanceof ClassSource && !inASuite(test)) {
            started.put(test.getUniqueId(), new long[] {System.nanoTime(), cpuTicks()});
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        long[] at = started.remove(test.getUniqueId());
        if (at == null || !(test.getSource().orElse(null) instanceof ClassSource source)) {
            return;
        }
        double wall = (System.nanoTime() - at[0]) / 1e9;
        double cpu = at[1] < 0 ? -1 : (cpuTicks() - at[1]) / TICKS;
        String line = String.format(Locale.ROOT, "%s,%.1f,%.1f%n", source.getClassName(), wall, cpu);
        try {
            Files.createDirectories(FILE.getParent());
            Files.writeString(FILE, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("The class costs cannot be written to " + FILE, e);
        }
    }

    /** A class a suite runs: its cost is the suite's, which is counted as one class (its shared set-up too). */
    private static boolean inASuite(TestIdentifier test) {
        List<UniqueId.Segment> segments = test.getUniqueIdObject().getSegments();
        return segments.subList(0, segments.size() - 1).stream()
                .anyMatch(segment -> segment.getType().equals("suite"));
    }

    /** utime + stime + cutime + cstime of this process, in clock ticks; -1 where /proc does not say. */
    static long cpuTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // the fields after the command's closing parenthesis: state is the 3rd field, utime the 14th
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11])
                    + Long.parseLong(fields[12])
                    + Long.parseLong(fields[13])
                    + Long.parseLong(fields[14]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
