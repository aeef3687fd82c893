package com.courtrush.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The engine nodes under test: one on the embedded stack, or several on the external services behind
 * the bench's balancer ({@link BenchHttp}). CPU is added up over the nodes, memory is the largest
 * node's; {@link #direct()} holds a client for each node alone, to read its own meters.
 */
final class BenchNodes implements AutoCloseable {

    private final List<BenchServer> servers;
    private final List<String> addresses;
    private final List<BenchHttp> direct = new ArrayList<>();

    BenchNodes(List<BenchServer> servers, List<String> addresses) {
        this.servers = List.copyOf(servers);
        this.addresses = List.copyOf(addresses);
        for (String address : addresses) {
            direct.add(new BenchHttp(address, 8));
        }
    }

    int size() {
        return servers.size();
    }

    BenchServer first() {
        return servers.get(0);
    }

    /** Each node's base address, e.g. {@code http://127.0.0.1:41234}. */
    List<String> addresses() {
        return addresses;
    }

    /** A client for each node alone. */
    List<BenchHttp> direct() {
        return direct;
    }

    /** CPU time the nodes' JVMs have used so far, together. */
    Duration cpu() {
        return servers.stream().map(BenchServer::cpu).reduce(Duration.ZERO, Duration::plus);
    }

    Duration cpu(int node) {
        return servers.get(node).cpu();
    }

    /** The embedded redis-server's CPU time (one node only runs one). */
    Optional<Duration> redisCpu() {
        return first().redisCpu();
    }

    double peakRssMib() {
        return servers.stream().mapToDouble(BenchServer::peakRssMib).max().orElse(-1);
    }

    double peakRssMib(int node) {
        return servers.get(node).peakRssMib();
    }

    double rssMib() {
        return servers.stream().mapToDouble(BenchServer::rssMib).max().orElse(-1);
    }

    Path log() {
        return first().log();
    }

    /** Restarts every node, one after the other (see {@link BenchServer#restart}). */
    void restart(PrintStream out) throws IOException, InterruptedException {
        for (BenchServer server : servers) {
            server.restart(out);
        }
        for (BenchHttp client : direct) {
            client.dropIdleConnections();
        }
    }

    /** Stops every node, whatever closing the clients met. */
    @Override
    public void close() throws InterruptedException {
        try {
            for (BenchHttp client : direct) {
                client.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (BenchServer server : servers) {
                server.close();
            }
        }
    }
}
