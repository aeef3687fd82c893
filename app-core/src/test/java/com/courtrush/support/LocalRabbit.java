package com.courtrush.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A RabbitMQ cluster of this machine's own {@code rabbitmq-server}, as a gym that outgrows one broker runs
 * it: nodes with names, ports, data directories and config files of their own, started detached and
 * joined to the first with {@code rabbitmqctl join_cluster}. Never the machine's own node
 * ({@code rabbit@localhost} on 5672, which the other tests use): every name carries this run's id.
 * The nodes stop on {@link #close()} and, at the latest, when the JVM exits.
 */
public final class LocalRabbit implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(LocalRabbit.class);

    private static final Duration READY = Duration.ofSeconds(90);

    private final Path dir;
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    private final List<Node> nodes = new ArrayList<>();

    private LocalRabbit() {
        try {
            this.dir = Files.createTempDirectory("courtrush-rabbit-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "local-rabbit-stop"));
    }

    /**
     * Whether the tests of a broker cluster run here: {@code rabbitmq-server} and {@code rabbitmqctl} are
     * installed, or {@code CI=true}, where their absence fails the run instead of skipping it.
     */
    public static boolean installedOrRequired() {
        boolean installed = java.util.stream.Stream.of(System.getenv("PATH").split(java.io.File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, "rabbitmq-server"))
                        && Files.isExecutable(Path.of(dir, "rabbitmqctl")));
        return installed || "true".equalsIgnoreCase(System.getenv("CI"));
    }

    /** {@code size} nodes started together and joined into one cluster, every one running. */
    public static LocalRabbit cluster(int size) {
        LocalRabbit rabbit = new LocalRabbit();
        try {
            for (int i = 1; i <= size; i++) {
                rabbit.start("crmq" + i + "-" + rabbit.run);
            }
            for (Node node : rabbit.nodes) {
                rabbit.ctl(node, "wait", node.dir().resolve("pid").toString(), "--timeout", "" + READY.toSeconds());
            }
            Node first = rabbit.nodes.get(0);
            for (Node node : rabbit.nodes.subList(1, size)) {
                rabbit.ctl(node, "stop_app");
                rabbit.join(node, first);
                rabbit.ctl(node, "start_app");
            }
            String status = rabbit.ctl(first, "cluster_status", "--formatter", "json");
            int from = status.indexOf("\"running_nodes\":[");
            String running = from < 0 ? "" : status.substring(from, status.indexOf(']', from));
            for (Node node : rabbit.nodes) {
                if (!running.contains(node.name())) {
                    throw new IllegalStateException(node.name() + " is not running in the cluster: " + status);
                }
            }
            return rabbit;
        } catch (RuntimeException e) {
            rabbit.close();
            throw e;
        }
    }

    /** The nodes, in the order started (the first is the one the others joined). */
    public List<Node> nodes() {
        return List.copyOf(nodes);
    }

    /** {@code spring.rabbitmq.addresses}: every node, the first first. */
    public String addresses() {
        return nodes.stream().map(n -> "127.0.0.1:" + n.amqpPort()).collect(Collectors.joining(","));
    }

    /**
     * The node that leads a quorum queue now, asked of a node that is still running — again for up to twenty seconds
     * while it names none (a queue just declared, or an election under way on a busy machine).
     */
    public Node leaderOf(String queue) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            Node asked = nodes.stream().filter(this::running).findFirst().orElseThrow();
            for (String line : ctl(asked, "-q", "list_queues", "--no-table-headers", "name", "leader")
                    .split("\n")) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length == 2 && fields[0].equals(queue) && !fields[1].isBlank()) {
                    return nodes.stream()
                            .filter(n -> n.name().equals(fields[1]))
                            .findFirst()
                            .orElseThrow(() -> new IllegalStateException("leader " + fields[1] + " is none of ours"));
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(queue + " has no leader on " + asked.name() + " after 20 s");
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** The queue's type and members, as the broker lists them. */
    public String describe(String queue) {
        Node asked = nodes.stream().filter(this::running).findFirst().orElseThrow();
        return ctl(asked, "-q", "list_queues", "--no-table-headers", "name", "type", "leader", "members", "messages")
                .lines()
                .filter(line -> line.startsWith(queue + "\t") || line.startsWith(queue + " "))
                .findFirst()
                .orElse(queue + " not listed");
    }

    /** Kills a node at once (SIGKILL to its Erlang VM), as a crashed machine would stop. */
    public void kill(Node node) {
        long pid = node.pid();
        exec(List.of("kill", "-KILL", Long.toString(pid)), Map.of());
        ProcessHandle.of(pid)
                .ifPresent(p -> p.onExit().orTimeout(10, TimeUnit.SECONDS).join());
    }

    /** Whether a node's Erlang VM still runs. */
    public boolean running(Node node) {
        return ProcessHandle.of(node.pid()).map(ProcessHandle::isAlive).orElse(false);
    }

    @Override
    public synchronized void close() {
        for (Node node : nodes) {
            if (Files.exists(node.dir().resolve("pid")) && running(node)) {
                try {
                    exec(List.of("rabbitmqctl", "-n", node.name(), "stop"), Map.of());
                } catch (RuntimeException e) {
                    exec(List.of("kill", "-KILL", Long.toString(node.pid())), Map.of());
                }
            }
        }
        nodes.clear();
    }

    private void start(String name) {
        Path home = dir.resolve(name);
        int amqp = freePort();
        int dist = freePort();
        try {
            Files.createDirectories(home.resolve("mnesia"));
            Files.createDirectories(home.resolve("log"));
            Files.writeString(home.resolve("plugins"), "[].\n");
            Files.writeString(home.resolve("rabbitmq.conf"), "listeners.tcp.local = 127.0.0.1:" + amqp + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if ("root".equals(System.getProperty("user.name"))) {
            // as root, rabbitmq-server runs as the rabbitmq user: its folders must be its own
            exec(List.of("chown", "-R", "rabbitmq:rabbitmq", dir.toString()), Map.of());
        }
        Node node = new Node(name + "@localhost", amqp, home);
        Map<String, String> env = new HashMap<>();
        env.put("RABBITMQ_NODENAME", node.name());
        env.put("RABBITMQ_NODE_PORT", Integer.toString(amqp));
        env.put("RABBITMQ_DIST_PORT", Integer.toString(dist));
        env.put("RABBITMQ_MNESIA_BASE", home.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", home.resolve("log").toString());
        env.put("RABBITMQ_PID_FILE", home.resolve("pid").toString());
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", home.resolve("plugins").toString());
        env.put("RABBITMQ_FEATURE_FLAGS_FILE", home.resolve("ff").toString());
        env.put("RABBITMQ_CONFIG_FILE", home.resolve("rabbitmq").toString());
        exec(List.of("rabbitmq-server", "-detached"), env);
        nodes.add(node);
    }

    /**
     * Joins {@code node} to {@code first}'s cluster — again, up to three times two seconds apart, when the CLI could
     * not reach a first node that was up and running (exit 69: seen once on a loaded CI machine, its RPC timed out).
     */
    private void join(Node node, Node first) {
        for (int attempt = 1; ; attempt++) {
            try {
                ctl(node, "join_cluster", first.name());
                return;
            } catch (IllegalStateException e) {
                if (attempt == 3 || !e.getMessage().contains("failed (69)")) {
                    throw e;
                }
                log.warn(
                        "Joining {} to {} failed, try {} of 3: {}", node.name(), first.name(), attempt, e.getMessage());
                try {
                    Thread.sleep(2_000);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(interrupted);
                }
            }
        }
    }

    private String ctl(Node node, String... arguments) {
        List<String> command = new ArrayList<>(List.of("rabbitmqctl", "-n", node.name()));
        command.addAll(List.of(arguments));
        return exec(command, Map.of());
    }

    private String exec(List<String> command, Map<String, String> env) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().putAll(env);
            Process process = builder.start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(READY.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(command + " did not end within " + READY.toSeconds() + " s");
            }
            String text = new String(out, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(
                        command + " failed (" + process.exitValue() + "): " + text + " (node logs in " + dir + ")");
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + command, e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One broker node. */
    public record Node(String name, int amqpPort, Path dir) {

        /** Its Erlang VM's process id, from the pid file the node wrote. */
        long pid() {
            try {
                return Long.parseLong(Files.readString(dir.resolve("pid")).trim());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
