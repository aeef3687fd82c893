package com.courtrush.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.i18n.ConsolePreferences;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;

/**
 * The console closed while its engine is still starting (issue 45): its close ends the start, and
 * returns once what the start had begun has stopped — the redis-server it had spawned and its watch
 * gone, the data directory free for the next engine of this process, no thread left that keeps a JVM
 * alive, nothing set aside. Before, a
 * console closed on its splash left the engine starting in the background, and running after it.
 */
class ConsoleClosedWhileStartingTest {

    @Test
    void closingTheConsoleWhileItsEngineStartsEndsTheStartAndEverythingItBegan(@TempDir Path dataDir) throws Exception {
        System.setProperty(ConsolePreferences.LOCALE_PROPERTY, "en");
        String config = dataDir.resolve("redis").resolve("redis.conf").toString();
        FxToolkit.registerPrimaryStage();
        Set<Thread> before = liveThreads();
        ConsoleApp app = (ConsoleApp) FxToolkit.setupApplication(
                ConsoleApp.class, "--courtrush.data-dir=" + dataDir, "--server.port=0", "--spring.jmx.enabled=false");
        try {
            Awaitility.await("the engine's redis-server spawned")
                    .atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(10))
                    .until(() -> !serving(config).isEmpty());
        } finally {
            FxToolkit.cleanupApplication(app); // the console's stop(), as closing its window calls it
            System.clearProperty(ConsolePreferences.LOCALE_PROPERTY);
        }

        assertThat(app.engine()).as("the engine never came up").isNull();
        assertThat(serving(config)).as("processes left on %s", config).isEmpty();
        assertThat(Files.readString(dataDir.resolve("logs").resolve("console.log")))
                .contains("CourtRush was stopped while starting (the console was closed)")
                .doesNotContain(" ERROR ");
        try (Stream<Path> files = Files.list(dataDir.resolve("redis"))) {
            assertThat(files.map(file -> file.getFileName().toString()))
                    .noneMatch(file -> file.startsWith("appendonly.aof.unreadable-"));
        }
        assertThat(lockable(dataDir.resolve("redis").resolve("engine.lock")))
                .as("the data directory given up by the stopped engine")
                .isTrue();
        // nothing the start began keeps a JVM alive: Tomcat's, the broker's, Redisson's, the jobs' threads end
        Awaitility.await("the engine's threads ended")
                .atMost(Duration.ofSeconds(20))
                .pollInSameThread()
                .untilAsserted(() -> assertThat(liveThreads())
                        .filteredOn(thread -> !thread.isDaemon() && !before.contains(thread))
                        .extracting(Thread::getName)
                        .as("threads that keep a JVM alive, started since the console was")
                        .isEmpty());
    }

    private static Set<Thread> liveThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .collect(Collectors.toSet());
    }

    /** This JVM's descendants on the configuration: redis-servers and the shells that watch them. */
    private static List<ProcessHandle> serving(String config) {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(config))
                .toList();
    }

    private static boolean lockable(Path lockFile) throws IOException {
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock()) {
            return lock != null;
        }
    }
}
