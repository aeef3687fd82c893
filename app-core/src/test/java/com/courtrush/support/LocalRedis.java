package com.courtrush.support;

import io.netty.resolver.DefaultAddressResolverGroup;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.redisson.client.RedisClient;
import org.redisson.client.RedisClientConfig;
import org.redisson.client.RedisConnection;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.RedisCommands;

/**
 * Redis topologies a machine with only a JDK can run: {@code redis-server} processes started from the
 * binary the embedded-redis jar ships, on free loopback ports, in a temporary directory — a Cluster of
 * masters joined with CLUSTER MEET / ADDSLOTS, or a master with a replica watched by Sentinels. Each
 * topology writes the Redisson YAML an operator would ({@code courtrush.infra.redis-config-file}).
 * The processes stop on {@link #close()} and, at the latest, when the JVM exits.
 */
public final class LocalRedis implements AutoCloseable {

    public static final String SENTINEL_MASTER = "courtrush";
    private static final int SLOTS = 16384;
    private static final Duration READY = Duration.ofSeconds(30);
    /** What docs/deployment.md recommends: a command Redis does not answer within 1 s is a 503, not a wait. */
    private static final String FAIL_FAST = "  timeout: 1000\n  connectTimeout: 1000\n  retryAttempts: 0\n";

    private final Path dir;
    private final File binary;
    private final List<Node> nodes = new ArrayList<>();
    private Path configFile;
    private int mastersBuilt;

    private LocalRedis(String purpose) {
        try {
            this.dir = Files.createTempDirectory("courtrush-" + purpose + "-");
            Path bin = Files.createDirectories(dir.resolve("bin"));
            this.binary = redis.embedded.core.ExecutableProvider.newJarResourceProvider(bin.toFile())
                    .get();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "local-redis-stop"));
    }

    /** A Redis Cluster of {@code masters} masters, the hash slots split evenly, its state ok. */
    public static LocalRedis cluster(int masters) {
        return cluster(masters, 0);
    }

    /**
     * A Redis Cluster of {@code masters} masters, the hash slots split evenly, each with {@code replicas}
     * replicas in sync, its state ok. A master that stops answering for the node timeout (2 s) is replaced
     * by one of its replicas.
     */
    public static LocalRedis cluster(int masters, int replicas) {
        LocalRedis redis = new LocalRedis("cluster");
        redis.mastersBuilt = masters;
        try {
            int size = masters * (1 + replicas);
            for (int i = 0; i < size; i++) {
                redis.start(
                        "node" + i,
                        port -> List.of(
                                "--cluster-enabled",
                                "yes",
                                "--cluster-config-file",
                                "nodes-" + port + ".conf",
                                "--cluster-node-timeout",
                                "2000"));
            }
            Node first = redis.nodes.get(0);
            for (int i = 0; i < size; i++) {
                Node node = redis.nodes.get(i);
                boolean master = i < masters;
                int from = SLOTS * i / masters;
                int to = SLOTS * (i + 1) / masters;
                redis.command(node.port(), c -> {
                    if (node != first) {
                        c.sync(RedisCommands.CLUSTER_MEET, "127.0.0.1", first.port());
                    }
                    if (master) {
                        c.sync(RedisCommands.CLUSTER_ADDSLOTS, range(from, to));
                    }
                    return null;
                });
            }
            for (int i = masters; i < size; i++) {
                Node replica = redis.nodes.get(i);
                Node master = redis.nodes.get(i % masters);
                String masterId = redis.command(master.port(), c -> c.sync(RedisCommands.CLUSTER_MYID));
                // the replica must have heard of its master (gossip) before it can follow it
                redis.await(
                        replica.name() + " following " + master.name(),
                        () -> redis.command(replica.port(), c -> {
                            c.sync(RedisCommands.CLUSTER_REPLICATE, masterId);
                            return true;
                        }));
                redis.await(
                        replica.name() + " in sync",
                        () -> redis.command(
                                replica.port(),
                                c -> "up"
                                        .equals(c.sync(RedisCommands.INFO_REPLICATION)
                                                .get("master_link_status"))));
            }
            for (Node node : redis.nodes) {
                redis.await(
                        "cluster state ok on " + node.port(),
                        () -> redis.command(node.port(), c -> {
                            Map<String, String> info = c.sync(RedisCommands.CLUSTER_INFO);
                            return "ok".equals(info.get("cluster_state"))
                                    && Integer.toString(size).equals(info.get("cluster_known_nodes"));
                        }));
            }
            // Redisson looks at the cluster's shape every second, so a promoted replica is used soon
            redis.writeConfig("clusterServersConfig:\n" + FAIL_FAST + "  scanInterval: 1000\n  nodeAddresses:\n"
                    + redis.nodes.subList(0, masters).stream()
                            .map(n -> "    - \"redis://127.0.0.1:" + n.port() + "\"\n")
                            .reduce("", String::concat));
            return redis;
        } catch (RuntimeException e) {
            redis.close();
            throw e;
        }
    }

    /** The master the cluster was built with for a hash slot (before any failover). */
    public Node builtMasterOf(int slot) {
        List<Node> masters = dataNodes().subList(0, mastersBuilt);
        for (int i = 0; i < masters.size(); i++) {
            if (slot < SLOTS * (i + 1) / masters.size()) {
                return masters.get(i);
            }
        }
        throw new IllegalArgumentException("no hash slot " + slot);
    }

    /** The replicas the cluster was built with for one of its masters. */
    public List<Node> replicasOf(Node master) {
        List<Node> data = dataNodes();
        int index = data.indexOf(master);
        List<Node> replicas = new ArrayList<>();
        for (int i = mastersBuilt; i < data.size(); i++) {
            if (i % mastersBuilt == index) {
                replicas.add(data.get(i));
            }
        }
        return replicas;
    }

    /** Whether a node is a master now (a replica promoted in a failover is). */
    public boolean isMaster(Node node) {
        return "master"
                .equals(command(
                        node.port(), c -> c.sync(RedisCommands.INFO_REPLICATION).get("role")));
    }

    /** A master and a replica, watched by {@code sentinels} Sentinels (quorum: a majority), failing over fast. */
    public static LocalRedis sentinel(int sentinels) {
        LocalRedis redis = new LocalRedis("sentinel");
        try {
            Node master = redis.start("master", port -> List.of());
            Node replica = redis.start(
                    "replica", port -> List.of("--replicaof", "127.0.0.1", Integer.toString(master.port())));
            redis.await(
                    "replica in sync",
                    () -> redis.command(
                            replica.port(),
                            c -> "up"
                                    .equals(c.sync(RedisCommands.INFO_REPLICATION)
                                            .get("master_link_status"))));
            List<Node> watchers = new ArrayList<>();
            for (int i = 0; i < sentinels; i++) {
                watchers.add(redis.startSentinel("sentinel" + i, master.port(), sentinels / 2 + 1));
            }
            redis.await(
                    "sentinels see the replica and each other",
                    () -> watchers.stream()
                            .allMatch(s -> redis.command(s.port(), c -> {
                                Map<String, String> watched =
                                        c.sync(StringCodec.INSTANCE, RedisCommands.SENTINEL_MASTER, SENTINEL_MASTER);
                                return "1".equals(watched.get("num-slaves"))
                                        && Integer.toString(sentinels - 1).equals(watched.get("num-other-sentinels"));
                            })));
            redis.writeConfig("sentinelServersConfig:\n  masterName: \"" + SENTINEL_MASTER + "\"\n"
                    + FAIL_FAST + "  sentinelAddresses:\n"
                    + watchers.stream()
                            .map(n -> "    - \"redis://127.0.0.1:" + n.port() + "\"\n")
                            .reduce("", String::concat));
            return redis;
        } catch (RuntimeException e) {
            redis.close();
            throw e;
        }
    }

    /** One redis-server, as a single node's Redis; the engine fails fast on it as on the others. */
    public static LocalRedis single() {
        LocalRedis redis = new LocalRedis("single");
        try {
            Node node = redis.start("single", port -> List.of());
            redis.writeConfig(
                    "singleServerConfig:\n" + FAIL_FAST + "  address: \"redis://127.0.0.1:" + node.port() + "\"\n");
            return redis;
        } catch (RuntimeException e) {
            redis.close();
            throw e;
        }
    }

    /** Stops a node without closing its connections (SIGSTOP), as a machine that hangs or swaps does. */
    public void pause(Node node) {
        signal(node, "STOP");
    }

    /** Lets a paused node run again (SIGCONT): it carries out what it was sent meanwhile. */
    public void resume(Node node) {
        signal(node, "CONT");
    }

    private static void signal(Node node, String signal) {
        try {
            Process kill = new ProcessBuilder(
                            "kill", "-" + signal, Long.toString(node.process().pid()))
                    .inheritIO()
                    .start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException(
                        "kill -" + signal + " " + node.process().pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted signalling " + node.name(), e);
        }
    }

    /** The Redisson YAML that points a node at this topology. */
    public Path configFile() {
        return configFile;
    }

    /** The data nodes (not Sentinels), in the order started: for Sentinel, master then replica. */
    public List<Node> dataNodes() {
        return nodes.stream().filter(n -> !n.sentinel()).toList();
    }

    /** The port of the master Sentinel reports now (after a failover, the promoted replica's). */
    public int sentinelMasterPort() {
        Node sentinel = nodes.stream().filter(Node::sentinel).findFirst().orElseThrow();
        return command(sentinel.port(), c -> {
            Map<String, String> watched = c.sync(StringCodec.INSTANCE, RedisCommands.SENTINEL_MASTER, SENTINEL_MASTER);
            return Integer.parseInt(watched.get("port"));
        });
    }

    /** Kills a node at once (SIGKILL), as a crashed machine would stop. */
    public void kill(Node node) {
        node.process().destroyForcibly();
        try {
            node.process().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs commands on one node through Redisson's low-level client. */
    public <T> T command(int port, Function<RedisConnection, T> work) {
        RedisClientConfig config = new RedisClientConfig();
        config.setAddress("redis://127.0.0.1:" + port);
        // Redisson's default resolver would look for netty's epoll transport, not on this classpath
        config.setResolverGroup(DefaultAddressResolverGroup.INSTANCE);
        RedisClient client = RedisClient.create(config);
        try {
            RedisConnection connection = client.connect();
            try {
                return work.apply(connection);
            } finally {
                connection.closeAsync();
            }
        } finally {
            client.shutdown();
        }
    }

    /** Empties every data node that is a master (a test's clean start). */
    public void flushMasters() {
        for (Node node : dataNodes()) {
            if (node.process().isAlive()
                    && command(
                            node.port(),
                            c -> "master"
                                    .equals(c.sync(RedisCommands.INFO_REPLICATION)
                                            .get("role")))) {
                command(node.port(), c -> c.sync(RedisCommands.FLUSHALL));
            }
        }
    }

    @Override
    public synchronized void close() {
        for (Node node : nodes) {
            node.process().destroy();
        }
        for (Node node : nodes) {
            try {
                if (!node.process().waitFor(5, TimeUnit.SECONDS)) {
                    node.process().destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                node.process().destroyForcibly();
            }
        }
    }

    private Node start(String name, Function<Integer, List<String>> extra) {
        int port = freePort();
        Path work = createDirectory(name);
        List<String> command = new ArrayList<>(List.of(
                binary.getAbsolutePath(),
                "--port",
                Integer.toString(port),
                "--bind",
                "127.0.0.1",
                "--dir",
                work.toString(),
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "no",
                "--loglevel",
                "warning",
                "--logfile",
                work.resolve("redis.log").toString()));
        command.addAll(extra.apply(port));
        return launch(name, port, command, false);
    }

    private Node startSentinel(String name, int masterPort, int quorum) {
        int port = freePort();
        Path work = createDirectory(name);
        Path config = work.resolve("sentinel.conf");
        write(
                config,
                String.join(
                        "\n",
                        "port " + port,
                        "bind 127.0.0.1",
                        "dir " + work,
                        "logfile " + work.resolve("sentinel.log"),
                        "sentinel monitor " + SENTINEL_MASTER + " 127.0.0.1 " + masterPort + " " + quorum,
                        "sentinel down-after-milliseconds " + SENTINEL_MASTER + " 1000",
                        "sentinel failover-timeout " + SENTINEL_MASTER + " 5000",
                        ""));
        return launch(name, port, List.of(binary.getAbsolutePath(), config.toString(), "--sentinel"), true);
    }

    private Node launch(String name, int port, List<String> command, boolean sentinel) {
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve(name + ".out").toFile())
                    .start();
            Node node = new Node(name, port, process, sentinel);
            nodes.add(node);
            await(
                    name + " answering PING on " + port,
                    () -> command(port, c -> "PONG".equals(c.sync(RedisCommands.PING))));
            return node;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start " + command, e);
        }
    }

    private void await(String what, java.util.function.BooleanSupplier done) {
        Instant until = Instant.now().plus(READY);
        RuntimeException last = null;
        while (Instant.now().isBefore(until)) {
            try {
                if (done.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException e) {
                last = e;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for " + what, e);
            }
        }
        throw new IllegalStateException(
                "Local Redis: no " + what + " within " + READY.toSeconds() + " s (logs in " + dir + ")", last);
    }

    private void writeConfig(String yaml) {
        configFile = dir.resolve("redisson.yaml");
        write(configFile, yaml);
    }

    private Path createDirectory(String name) {
        try {
            return Files.createDirectories(dir.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A free port whose cluster bus port (port + 10000) is free too. */
    private static int freePort() {
        for (int attempt = 0; attempt < 100; attempt++) {
            try (ServerSocket socket = new ServerSocket(0)) {
                int port = socket.getLocalPort();
                if (port + 10000 < 65536) {
                    try (ServerSocket bus = new ServerSocket(port + 10000)) {
                        return port;
                    } catch (IOException busTaken) {
                        // the bus port is in use: try another
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("No free port pair (port, port + 10000) found");
    }

    private static Object[] range(int from, int to) {
        Object[] slots = new Object[to - from];
        for (int slot = from; slot < to; slot++) {
            slots[slot - from] = slot;
        }
        return slots;
    }

    /** One redis-server process. */
    public record Node(String name, int port, Process process, boolean sentinel) {}
}
