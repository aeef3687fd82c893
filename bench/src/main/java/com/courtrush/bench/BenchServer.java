package com.courtrush.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The headless server under test, run as a child process ({@code java -jar app-core.jar}) so that
 * its CPU time and memory are its own. Its output goes to a log file.
 */
final class BenchServer implements AutoCloseable {

    private final ProcessBuilder builder;
    private final Path log;
    private final int port;
    private final Duration timeout;
    private Process process;

    private BenchServer(ProcessBuilder builder, Path log, int port, Duration timeout) {
        this.builder = builder;
        this.log = log;
        this.port = port;
        this.timeout = timeout;
    }

    static BenchServer start(
            Path jar,
            List<String> jvmOptions,
            List<String> args,
            Map<String, String> env,
            Path log,
            int port,
            Duration timeout,
            PrintStream out)
            throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new BenchException("Server jar " + jar + " not found. Build it first: ./mvnw -q -DskipTests package");
        }
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(args);
        Files.createDirectories(log.getParent());
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        BenchServer server = new BenchServer(builder, log, port, timeout);
        server.process = builder.start();
        out.printf("    server pid %d, log %s%n", server.process.pid(), log);
        server.awaitReady(port, timeout);
        return server;
    }

    /**
     * Stops the server gracefully and starts it again with the same command, data and port, as a gym
     * restarts its engine: what it learnt while running (compiled code, caches, connections) is gone, what
     * it stored is not. Its output is added to the same log.
     */
    void restart(PrintStream out) throws IOException, InterruptedException {
        close();
        builder.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        process = builder.start();
        out.printf("    server restarted: pid %d, log %s%n", process.pid(), log);
        awaitReady(port, timeout);
    }

    private void awaitReady(int port, Duration timeout) throws InterruptedException, IOException {
        URI health = URI.create("http://127.0.0.1:" + port + "/actuator/health");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new BenchException("The server exited with code " + process.exitValue()
                        + " while starting. Last lines of " + log + ":\n" + tail(40));
            }
            if (healthy(health)) {
                return;
            }
            Thread.sleep(200);
        }
        close();
        throw new BenchException("The server was not ready within " + timeout.toSeconds() + " s. Last lines of " + log
                + ":\n" + tail(40));
    }

    private static boolean healthy(URI health) {
        try {
            HttpURLConnection connection = (HttpURLConnection) health.toURL().openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(2000);
            try {
                return connection.getResponseCode() == 200;
            } finally {
                connection.disconnect();
            }
        } catch (IOException notYet) {
            return false;
        }
    }

    long pid() {
        return process.pid();
    }

    Path log() {
        return log;
    }

    /** CPU time the server JVM has used so far. */
    Duration cpu() {
        return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** CPU time of the embedded redis-server child, if the server runs one. */
    Optional<Duration> redisCpu() {
        return process.toHandle()
                .descendants()
                .filter(p ->
                        p.info().command().map(c -> c.contains("redis-server")).orElse(false))
                .findFirst()
                .map(p -> p.info().totalCpuDuration().orElse(Duration.ZERO));
    }

    /** The server JVM's peak resident set so far, in MiB (Linux {@code VmHWM}); -1 where unknown. */
    double peakRssMib() {
        return ProcMemory.peakRssMib(process.pid());
    }

    /** The server JVM's resident set now, in MiB; -1 where unknown. */
    double rssMib() {
        return ProcMemory.rssMib(process.pid());
    }

    String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    /** Stops the server gracefully (SIGTERM), or forcibly after 30 s. */
    @Override
    public void close() throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static String javaBinary() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
