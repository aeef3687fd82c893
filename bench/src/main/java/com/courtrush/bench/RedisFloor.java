package com.courtrush.bench;

import java.io.PrintStream;
import java.time.Duration;
import org.redisson.Redisson;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * The physical floor under a reserve decision on this machine: the same number of threads as the
 * crowd's clients calling a trivial Lua script on the server's Redis through Redisson, configured
 * as the server configures it (script cache, 64 connections), from this JVM. A request that is
 * the baseline endpoint plus one such call cannot be faster than both together.
 */
final class RedisFloor {

    private static final String SCRIPT = "return 1";

    private RedisFloor() {}

    /** The client configuration the floor (and the seed's comparison) use: the server's own, as far as it matters. */
    static Config clientConfig(String host, int port, String password, int database) {
        Config config = new Config();
        config.setCodec(StringCodec.INSTANCE);
        config.setUseScriptCache(true);
        config.useSingleServer()
                .setAddress("redis://" + host + ":" + port)
                .setPassword(password)
                .setDatabase(database)
                .setConnectionMinimumIdleSize(16)
                .setConnectionPoolSize(64);
        return config;
    }

    static Report.RedisFloor measure(
            String host, int port, String password, int database, int clients, int seconds, PrintStream out)
            throws InterruptedException {
        Config config = clientConfig(host, port, password, database);
        RedissonClient redisson = Redisson.create(config);
        try {
            RScript script = redisson.getScript();
            LoadLoop.Shot call = () -> {
                Object reply = script.eval(RScript.Mode.READ_ONLY, SCRIPT, RScript.ReturnType.INTEGER);
                return Long.valueOf(1).equals(reply) ? Answer.SCRIPT_REPLY : Answer.OTHER;
            };
            long now = WallClock.epochMicros();
            LoadLoop.run("redis warm-up", clients, now, now + 2_000_000L, Long.MAX_VALUE, call, out);
            Duration cpuBefore = FlashBench.ownCpu();
            long from = WallClock.epochMicros();
            long to = from + seconds * 1_000_000L;
            LoadLoop.Run run = LoadLoop.run("redis floor", clients, from, to, Long.MAX_VALUE, call, out);
            double cores = (FlashBench.ownCpu().minus(cpuBefore).toNanos() / 1e9) / seconds;
            Analysis stats = new Analysis(run.samples());
            return new Report.RedisFloor(
                    clients,
                    stats.rate(from, to, a -> a == Answer.SCRIPT_REPLY),
                    stats.latency(from, to, a -> true),
                    cores);
        } finally {
            redisson.shutdown();
        }
    }
}
