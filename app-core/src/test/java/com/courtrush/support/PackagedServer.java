package com.courtrush.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged headless server ({@code target/app-core.jar}, built by {@code mvn package} before the ITs) as an
 * operator runs it: its own JVM on a data directory, any free port, the tests' admin token, its output to a file.
 */
public final class PackagedServer {

    /** What the engine's module built, beside the integration tests' module. */
    public static final Path BUILT = Path.of("..", "app-core", "target");

    public static final Path JAR = BUILT.resolve("app-core.jar");

    /**
     * How long a packaged server may take to say it is ready. A few seconds alone; in CI its core is shared with
     * another test JVM, the console's tests and, for the load tests, busy loops: one start took over two minutes
     * there. Only a start that never comes waits this long.
     */
    public static final Duration START_LIMIT = Duration.ofMinutes(5);

    private static final Pattern PORT = Pattern.compile("Tomcat started on port (\\d+)");

    private PackagedServer() {}

    /** What the server wrote so far. */
    public static String output(Path output) {
        try {
            return Files.exists(output) ? Files.readString(output) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The port its students' connector listens on, from its output (once "Tomcat started"). */
    public static int port(Path output) {
        Matcher port = PORT.matcher(output(output));
        if (!port.find()) {
            throw new AssertionError("no port in the server's output:\n" + output(output));
        }
        return Integer.parseInt(port.group(1));
    }

    /**
     * The core this test JVM loads on purpose: its own among the test JVMs running at once, so that two load tests
     * running at once each load one core rather than both the same (sixteen loops on it, and neither server would
     * start in time).
     */
    public static final int OWN_CORE =
            (ExternalServices.FORK - 1) % Runtime.getRuntime().availableProcessors();

    /** A command's prefix that runs it on {@link #OWN_CORE} alone ({@code taskset}). */
    public static final List<String> ON_OWN_CORE = List.of("taskset", "-c", Integer.toString(OWN_CORE));

    /** The loops of {@link #busyLoops} a core loads: eight, the level at which decision 15's store failed. */
    public static final int LOOPS_PER_CORE = 8;

    /**
     * Starts {@code count} busy loops on {@link #OWN_CORE}, a machine's other work taking that core: a server started
     * on the same core gets the share of it that eight loops a core leave it (issue 70), while the machine's other core
     * goes on running the other tests (issue 71) instead of eight more loops.
     */
    public static List<Process> busyLoops(int count) throws IOException {
        List<Process> loops = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            List<String> loop = new ArrayList<>(ON_OWN_CORE);
            loop.addAll(List.of("sh", "-c", "while :; do :; done"));
            loops.add(new ProcessBuilder(loop).start());
        }
        return loops;
    }

    /** As {@link #start}, on {@link #OWN_CORE} alone: beside {@link #busyLoops}. */
    public static Process startOnOwnCore(Path dataDir, Path output, String... more) throws IOException {
        return start(ON_OWN_CORE, dataDir, output, more);
    }

    /**
     * Starts it on {@code dataDir}, writing its output to {@code output}; {@code more} adds run arguments. It does not
     * rehearse its rush unless {@code more} says so.
     */
    public static Process start(Path dataDir, Path output, String... more) throws IOException {
        return start(List.of(), dataDir, output, more);
    }

    private static Process start(List<String> prefix, Path dataDir, Path output, String... more) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                java,
                "-Xmx384m",
                // as the test JVMs (test.jvm): a server that lives a minute needs neither C2 nor G1's threads
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-jar",
                JAR.toString(),
                "--courtrush.data-dir=" + dataDir,
                "--server.port=0",
                "--courtrush.admin-token=" + TestApi.ADMIN_TOKEN,
                // the gym's hour as the tests' clock reads it when it starts (it cannot follow a later move)
                "--courtrush.zone=" + TestClock.GYM.zoneId()));
        if (Arrays.stream(more).noneMatch(arg -> arg.startsWith("--courtrush.reserve.rehearse="))) {
            // a test's own requests, not a rehearsal beside them (decision 28); the rehearsal's test asks for one
            command.add("--courtrush.reserve.rehearse=false");
        }
        command.addAll(List.of(more));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
    }
}
