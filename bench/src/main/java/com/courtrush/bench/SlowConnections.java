package com.courtrush.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Slow clients beside the crowd ({@code --slow-clients}): half send request headers, half a login
 * body, one byte a second from this one address, as a script on a laptop or phones on bad Wi-Fi do.
 * One the server ends is opened again, so the count holds all through the measurement.
 */
final class SlowConnections implements AutoCloseable {

    private static final String HEADERS = "GET /ping HTTP/1.1\r\nHost: bench\r\nX-Slow: ";
    private static final String BODY = "POST /auth/login HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
            + "Content-Length: 200\r\n\r\n{";

    private final InetSocketAddress server;
    private final List<Held> held = new ArrayList<>();
    private final ScheduledExecutorService trickler = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "bench-slow-clients");
        thread.setDaemon(true);
        return thread;
    });
    private long ended;
    private long answered408;
    private long failedToOpen;
    private double endedAfterSecondsSum;

    private SlowConnections(InetSocketAddress server) {
        this.server = server;
    }

    static SlowConnections open(String host, int port, int count) {
        SlowConnections slow = new SlowConnections(new InetSocketAddress(host, port));
        for (int i = 0; i < count; i++) {
            slow.held.add(slow.connect(i % 2 == 0));
        }
        slow.trickler.scheduleWithFixedDelay(slow::trickle, 1, 1, TimeUnit.SECONDS);
        return slow;
    }

    private Held connect(boolean headers) {
        try {
            SocketChannel channel = SocketChannel.open(server);
            channel.write(ByteBuffer.wrap((headers ? HEADERS : BODY).getBytes(StandardCharsets.US_ASCII)));
            channel.configureBlocking(false);
            return new Held(headers, channel, System.nanoTime());
        } catch (IOException e) {
            failedToOpen++;
            return new Held(headers, null, System.nanoTime());
        }
    }

    private synchronized void trickle() {
        for (int i = 0; i < held.size(); i++) {
            Held connection = held.get(i);
            if (connection.channel() == null || !connection.trickle()) {
                if (connection.channel() != null) {
                    ended++;
                    endedAfterSecondsSum += (System.nanoTime() - connection.openedNanos()) / 1e9;
                    if (connection.answer.startsWith("HTTP/1.1 408")) {
                        answered408++;
                    }
                }
                held.set(i, connect(connection.headers()));
            }
        }
    }

    /** What the server did with them, for the report. */
    synchronized String summary() {
        return String.format(
                Locale.ROOT,
                "%d held (half headers, half bodies, a byte a second); the server ended %d"
                        + " (%d with 408), %.1f s after opening on average; %d could not connect",
                held.size(),
                ended,
                answered408,
                ended == 0 ? 0 : endedAfterSecondsSum / ended,
                failedToOpen);
    }

    @Override
    public synchronized void close() {
        trickler.shutdownNow();
        for (Held connection : held) {
            connection.close();
        }
    }

    private static final class Held {
        private final boolean headers;
        private final SocketChannel channel;
        private final long openedNanos;
        private String answer = "";

        Held(boolean headers, SocketChannel channel, long openedNanos) {
            this.headers = headers;
            this.channel = channel;
            this.openedNanos = openedNanos;
        }

        boolean headers() {
            return headers;
        }

        SocketChannel channel() {
            return channel;
        }

        long openedNanos() {
            return openedNanos;
        }

        /** One more byte; false once the server has answered or closed it. */
        boolean trickle() {
            try {
                ByteBuffer reply = ByteBuffer.allocate(256);
                int read = channel.read(reply);
                if (read != 0) {
                    answer = new String(reply.array(), 0, reply.position(), StandardCharsets.ISO_8859_1);
                    close();
                    return false;
                }
                channel.write(ByteBuffer.wrap(new byte[] {(byte) (headers ? 'a' : ' ')}));
                return true;
            } catch (IOException closedByServer) {
                close();
                return false;
            }
        }

        void close() {
            try {
                channel.close();
            } catch (IOException e) {
                throw new BenchException("Closing a slow connection failed: " + e.getMessage());
            }
        }
    }
}
