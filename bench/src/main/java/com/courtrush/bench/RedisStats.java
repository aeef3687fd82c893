package com.courtrush.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;
import org.redisson.config.Config;

/**
 * Reads {@code INFO commandstats} from the Redis the server uses. Note that Redis also counts the
 * commands a Lua script runs inside it, so these are Redis's work, not the client's round trips;
 * the script calls ({@code evalsha}, {@code eval}) are the round trips of the reserve decision.
 */
final class RedisStats implements AutoCloseable {

    private final RedissonClient redisson;

    RedisStats(String host, int port, String password) {
        Config config = new Config();
        config.useSingleServer()
                .setAddress("redis://" + host + ":" + port)
                .setPassword(password)
                .setConnectionMinimumIdleSize(1)
                .setConnectionPoolSize(2);
        this.redisson = Redisson.create(config);
    }

    /**
     * Whether the Redis at this address asks for a password: an engine built before its embedded
     * redis-server took one (the bench measures older engines with {@code --jar}, to bisect) runs it
     * without, and refuses an AUTH.
     */
    static boolean asksForPassword(String host, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 5_000);
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            StringBuilder reply = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\r'; c = in.read()) {
                reply.append((char) c);
            }
            return reply.toString().startsWith("-NOAUTH");
        }
    }

    /** Calls per command so far, e.g. {@code evalsha -> 12345}. */
    Map<String, Long> calls() {
        Map<String, String> info =
                redisson.getRedisNodes(RedisNodes.SINGLE).getInstance().info(RedisNode.InfoSection.COMMANDSTATS);
        Map<String, Long> calls = new TreeMap<>();
        info.forEach((name, value) -> {
            if (name.startsWith("cmdstat_")) {
                for (String part : value.split(",")) {
                    if (part.startsWith("calls=")) {
                        calls.put(name.substring("cmdstat_".length()), Long.parseLong(part.substring(6)));
                    }
                }
            }
        });
        return calls;
    }

    static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new TreeMap<>();
        after.forEach((name, calls) -> {
            long d = calls - before.getOrDefault(name, 0L);
            if (d > 0) {
                delta.put(name, d);
            }
        });
        return delta;
    }

    @Override
    public void close() {
        redisson.shutdown();
    }
}
