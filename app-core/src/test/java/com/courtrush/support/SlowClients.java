package com.courtrush.support;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Connections from one address that send a request slowly, as a laptop with a script or a phone on
 * bad Wi-Fi does: request headers, or a body, one byte a second — faster than any idle timeout, so
 * only a deadline ends them. Each remembers when the server ended it and what it answered.
 */
public final class SlowClients implements AutoCloseable {

    public enum Kind {
        HEADERS,
        BODY
    }

    public static final class Connection {
        private final Kind kind;
        private final SocketChannel channel;
        private final long openedNanos = System.nanoTime();
        private volatile long endedNanos;
        private volatile String answer;

        Connection(Kind kind, SocketChannel channel) {
            this.kind = kind;
            this.channel = channel;
        }

        public Kind kind() {
            return kind;
        }

        public boolean ended() {
            return endedNanos != 0;
        }

        /** Seconds from opening to the server ending it. */
        public double endedAfterSeconds() {
            return (endedNanos - openedNanos) / 1e9;
        }

        /** The status line the server sent before ending it, or "" for none. */
        public String answer() {
            return answer == null ? "" : answer;
        }

        private void trickle() {
            if (ended()) {
                return;
            }
            try {
                ByteBuffer reply = ByteBuffer.allocate(512);
                int read = channel.read(reply);
                if (read != 0) {
                    if (read > 0) {
                        String text = new String(reply.array(), 0, reply.position(), StandardCharsets.ISO_8859_1);
                        answer = text.lines().findFirst().orElse("");
                    }
                    end();
                    return;
                }
                channel.write(ByteBuffer.wrap(
                        kind == Kind.HEADERS
                                ? "a".getBytes(StandardCharsets.US_ASCII)
                                : " ".getBytes(StandardCharsets.US_ASCII)));
            } catch (IOException closedByServer) {
                end();
            }
        }

        private void end() {
            endedNanos = System.nanoTime();
            try {
                channel.close();
            } catch (IOException e) {
                throw new IllegalStateException("Closing a slow connection failed", e);
            }
        }
    }

    private final List<Connection> connections = new ArrayList<>();
    private final ScheduledExecutorService trickler = Executors.newSingleThreadScheduledExecutor();

    private SlowClients() {}

    /** Opens the connections, sends each its start, and trickles a byte a second into each. */
    public static SlowClients open(int port, int slowHeaders, int slowBodies) throws IOException {
        SlowClients clients = new SlowClients();
        for (int i = 0; i < slowHeaders + slowBodies; i++) {
            clients.connect(port, i < slowHeaders ? Kind.HEADERS : Kind.BODY);
        }
        clients.trickler.scheduleWithFixedDelay(
                () -> clients.connections.forEach(Connection::trickle), 1, 1, TimeUnit.SECONDS);
        return clients;
    }

    private void connect(int port, Kind kind) throws IOException {
        SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
        String start = kind == Kind.HEADERS
                ? "GET /ping HTTP/1.1\r\nHost: courtrush\r\nX-Slow: "
                : "POST /auth/login HTTP/1.1\r\nHost: courtrush\r\nContent-Type: application/json\r\n"
                        + "Content-Length: 200\r\n\r\n{";
        channel.write(ByteBuffer.wrap(start.getBytes(StandardCharsets.US_ASCII)));
        channel.configureBlocking(false);
        connections.add(new Connection(kind, channel));
    }

    public List<Connection> connections() {
        return List.copyOf(connections);
    }

    public long stillOpen() {
        return connections.stream().filter(connection -> !connection.ended()).count();
    }

    @Override
    public void close() throws InterruptedException {
        trickler.shutdownNow();
        trickler.awaitTermination(5, TimeUnit.SECONDS);
        for (Connection connection : connections) {
            if (!connection.ended()) {
                connection.end();
            }
        }
    }
}
