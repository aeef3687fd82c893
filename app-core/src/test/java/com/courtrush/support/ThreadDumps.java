package com.courtrush.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes every thread of this JVM, with whole stacks and the locks they hold or wait for, to
 * {@code target/hang-dumps/}: what a test leaves behind when something it waits for is unusually
 * slow, so an intermittent hang in CI can be read afterwards instead of guessed at.
 */
public final class ThreadDumps {

    private static final Path DIRECTORY = Path.of("target", "hang-dumps");
    private static final AtomicInteger COUNT = new AtomicInteger();

    private ThreadDumps() {}

    /** Writes a dump named after {@code what} and answers its path. */
    public static Path write(String what) {
        StringBuilder dump =
                new StringBuilder(what).append(System.lineSeparator()).append(System.lineSeparator());
        for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            append(dump, thread);
        }
        String name = LocalDateTime.now().format(DateTimeFormatter.ofPattern("HHmmss-SSS")) + "-"
                + COUNT.incrementAndGet() + ".txt";
        try {
            Files.createDirectories(DIRECTORY);
            Path file = DIRECTORY.resolve(name);
            Files.writeString(file, dump);
            return file.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write a thread dump for " + what, e);
        }
    }

    private static void append(StringBuilder dump, ThreadInfo thread) {
        String line = System.lineSeparator();
        dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
        if (thread.getLockName() != null) {
            dump.append(" on ").append(thread.getLockName());
        }
        if (thread.getLockOwnerName() != null) {
            dump.append(" owned by \"").append(thread.getLockOwnerName()).append('"');
        }
        dump.append(line);
        StackTraceElement[] stack = thread.getStackTrace();
        for (int i = 0; i < stack.length; i++) {
            dump.append("    at ").append(stack[i]).append(line);
            for (MonitorInfo monitor : thread.getLockedMonitors()) {
                if (monitor.getLockedStackDepth() == i) {
                    dump.append("    - locked ").append(monitor).append(line);
                }
            }
        }
        for (LockInfo lock : thread.getLockedSynchronizers()) {
            dump.append("    - holds ").append(lock).append(line);
        }
        dump.append(line);
    }
}
