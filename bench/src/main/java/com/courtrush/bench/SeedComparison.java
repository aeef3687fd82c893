package com.courtrush.bench;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.redisson.Bucket4jRedisson;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.redisson.Redisson;
import org.redisson.api.RScript;
import org.redisson.api.RSemaphore;
import org.redisson.api.RedissonClient;
import org.redisson.client.NettyHook;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.QueueCommand;
import org.redisson.config.Config;

/**
 * The seed's reserve decision (seed 003: a per-student Bucket4j bucket in Redis, then the slot's
 * opening, the gate, {@code SADD} to the dedup set, {@code RSemaphore.tryAcquire} — the dedup undone
 * when it fails — and the pending record, each its own call) next to CourtRush's one-script decision
 * ({@code lua/reserve.lua} as the server runs it, read from its jar), against the same Redis, from the
 * same client configuration as the floor, with the same threads, one after the other: decisions per
 * second, round trips per decision (requests the client wrote to Redis, counted on its connections as
 * the server counts its own), commands Redis ran per decision (a script's own count too), and whether
 * either sold a slot beyond its places. The product never runs the seed's design: it exists here only to be measured.
 * Every decision is a new student (each student's limit of 5 a minute never refuses), at random among
 * the opening's slots, so both sell out in the first moments and then answer sold out, as at 13:00.
 */
final class SeedComparison {

    private static final int PER_STUDENT_PER_MINUTE = 5;
    private static final String SEED = "benchseed:";
    private static final String OURS = "benchcr:";

    private final RedissonClient redisson;
    private final LongAdder requests;
    private final RedisStats stats;
    private final int clients;
    private final int seconds;
    private final int slots;
    private final int capacity;
    private final PrintStream out;

    private SeedComparison(
            RedissonClient redisson,
            LongAdder requests,
            RedisStats stats,
            int clients,
            int seconds,
            int slots,
            int capacity,
            PrintStream out) {
        this.redisson = redisson;
        this.requests = requests;
        this.stats = stats;
        this.clients = clients;
        this.seconds = seconds;
        this.slots = slots;
        this.capacity = capacity;
        this.out = out;
    }

    static Report.SeedComparison measure(
            String host,
            int port,
            String password,
            int database,
            RedisStats stats,
            Path serverJar,
            int clients,
            int seconds,
            int slots,
            int capacity,
            PrintStream out)
            throws IOException, InterruptedException {
        Config config = RedisFloor.clientConfig(host, port, password, database);
        LongAdder requests = new LongAdder();
        config.setNettyHook(new RequestCounter(requests));
        RedissonClient redisson = Redisson.create(config);
        try {
            SeedComparison comparison =
                    new SeedComparison(redisson, requests, stats, clients, seconds, slots, capacity, out);
            Report.Design seed = comparison.seedDesign();
            Report.Design ours = comparison.oneScript(reserveScript(serverJar));
            return new Report.SeedComparison(
                    clients,
                    seconds,
                    slots,
                    capacity,
                    seed,
                    ours,
                    seed.decisionsPerSecond() == 0 ? 0 : ours.decisionsPerSecond() / seed.decisionsPerSecond());
        } finally {
            redisson.getKeys().deleteByPattern(SEED + "*");
            redisson.getKeys().deleteByPattern(OURS + "*");
            redisson.shutdown();
        }
    }

    /** Seed 003's decision, call by call, as its flow is written. */
    private Report.Design seedDesign() throws InterruptedException {
        ProxyManager<String> buckets = Bucket4jRedisson.casBasedBuilder(((Redisson) redisson).getCommandExecutor())
                .build();
        BucketConfiguration perMinute = BucketConfiguration.builder()
                .addLimit(limit -> limit.capacity(PER_STUDENT_PER_MINUTE)
                        .refillGreedy(PER_STUDENT_PER_MINUTE, Duration.ofMinutes(1)))
                .build();
        redisson.getBucket(SEED + "gate:1").set("1");
        for (int s = 0; s < slots; s++) {
            redisson.getBucket(SEED + "slot:session:" + s).set("1");
            redisson.getSemaphore(SEED + "sem:" + s).trySetPermits(capacity);
        }
        AtomicLong students = new AtomicLong();
        AtomicIntegerArray sold = new AtomicIntegerArray(slots);
        LoadLoop.Shot decide = () -> {
            long user = students.incrementAndGet();
            int slot = ThreadLocalRandom.current().nextInt(slots);
            if (!"1".equals(redisson.getBucket(SEED + "slot:session:" + slot).get())) {
                return Answer.OTHER;
            }
            if (!buckets.builder().build(SEED + "rate:" + user, () -> perMinute).tryConsume(1)) {
                return Answer.TOO_MANY_REQUESTS;
            }
            if (!"1".equals(redisson.getBucket(SEED + "gate:1").get())) {
                return Answer.UNGATED;
            }
            if (!redisson.getSet(SEED + "dedup:" + slot).add(Long.toString(user))) {
                return Answer.DUP_REQ;
            }
            RSemaphore stock = redisson.getSemaphore(SEED + "sem:" + slot);
            if (!stock.tryAcquire()) {
                redisson.getSet(SEED + "dedup:" + slot).remove(Long.toString(user));
                return Answer.OUT_OF_STOCK;
            }
            redisson.getBucket(SEED + "reserve:pending:" + user).set(user + ":" + slot, Duration.ofMinutes(5));
            sold.incrementAndGet(slot);
            return Answer.ACCEPTED;
        };
        return run("seed 003, call by call", decide, sold, SEED);
    }

    /** CourtRush's decision: the server's reserve script, one call per decision ({@link ReserveScriptCall}). */
    private Report.Design oneScript(String source) throws InterruptedException {
        ReserveScriptCall.checkAgainst(source);
        RScript script = redisson.getScript(StringCodec.INSTANCE);
        String sha = script.scriptLoad(source);
        long expireAt = System.currentTimeMillis() / 1000 + 3600;
        ReserveScriptCall opening = new ReserveScriptCall(OURS, 0, 0, PER_STUDENT_PER_MINUTE, expireAt);
        redisson.getBucket(opening.key("gate")).set("1");
        redisson.getBucket(opening.key("warm")).set("bench");
        for (int s = 0; s < slots; s++) {
            redisson.getBucket(new ReserveScriptCall(OURS, 0, s, PER_STUDENT_PER_MINUTE, expireAt).key("sem:{slotId}"))
                    .set(Integer.toString(capacity));
        }
        AtomicLong students = new AtomicLong();
        AtomicIntegerArray sold = new AtomicIntegerArray(slots);
        LoadLoop.Shot decide = () -> {
            int slot = ThreadLocalRandom.current().nextInt(slots);
            ReserveScriptCall call =
                    new ReserveScriptCall(OURS, students.incrementAndGet(), slot, PER_STUDENT_PER_MINUTE, expireAt);
            List<Object> reply =
                    script.evalSha(RScript.Mode.READ_WRITE, sha, RScript.ReturnType.MULTI, call.keys(), call.args());
            String verdict = String.valueOf(reply.get(0));
            if (verdict.equals("ACCEPTED")) {
                sold.incrementAndGet(slot);
                return Answer.ACCEPTED;
            }
            return switch (verdict) {
                case "OUT_OF_STOCK" -> Answer.OUT_OF_STOCK;
                case "DUP_REQ" -> Answer.DUP_REQ;
                case "TOO_MANY_REQUESTS" -> Answer.TOO_MANY_REQUESTS;
                case "UNGATED" -> Answer.UNGATED;
                default -> Answer.OTHER;
            };
        };
        return run("CourtRush, one script", decide, sold, OURS);
    }

    /**
     * Two seconds to warm the JIT up (the places are sold in them, by all the threads at once), then the
     * measured seconds; a slot is oversold if more students were told they have it, or hold it in Redis,
     * than it has places.
     */
    private Report.Design run(String name, LoadLoop.Shot decide, AtomicIntegerArray sold, String prefix)
            throws InterruptedException {
        long now = WallClock.epochMicros();
        LoadLoop.run(name + " (warm-up)", clients, now, now + 2_000_000L, Long.MAX_VALUE, decide, out);
        Map<String, Long> before = stats.calls();
        long requestsBefore = requests.sum();
        long from = WallClock.epochMicros();
        long to = from + seconds * 1_000_000L;
        LoadLoop.Run run = LoadLoop.run(name, clients, from, to, Long.MAX_VALUE, decide, out);
        long sent = requests.sum() - requestsBefore;
        Map<String, Long> commands = RedisStats.delta(before, stats.calls());
        Analysis analysis = new Analysis(run.samples());
        Analysis.Rate rate = analysis.rate(from, to, a -> a != Answer.IO_ERROR && a != Answer.OTHER);
        long calls = commands.values().stream().mapToLong(Long::longValue).sum();
        long oversold = 0;
        for (int s = 0; s < slots; s++) {
            int holders = redisson.getSet(prefix + "dedup:" + s).size();
            oversold += Math.max(0, Math.max(sold.get(s), holders) - capacity);
        }
        long decisions = Math.max(1, rate.requests());
        return new Report.Design(
                name,
                rate.perSecond(),
                rate.requests(),
                sent / (double) decisions,
                calls / (double) decisions,
                analysis.latency(from, to, a -> true),
                analysis.answers(from, to),
                oversold,
                commands);
    }

    /**
     * Counts the requests Redisson writes to Redis — a command, a script call, a batch: one round trip each
     * (the server's {@code RedisRoundTrips} counts its own the same way).
     */
    private record RequestCounter(LongAdder requests) implements NettyHook {

        @Override
        public void afterBoostrapInitialization(Bootstrap bootstrap) {
            // nothing to change on the bootstrap
        }

        @Override
        public void afterChannelInitialization(Channel channel) {
            channel.pipeline().addLast(new ChannelOutboundHandlerAdapter() {
                @Override
                public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
                    if (msg instanceof QueueCommand) {
                        requests.increment();
                    }
                    super.write(ctx, msg, promise);
                }
            });
        }
    }

    /**
     * The reserve script the server runs, read from the server's jar: as {@code ReserveCall} loads it, the fair
     * share's functions ({@code lua/lib/share.lua}, where the jar has them) before the script.
     */
    private static String reserveScript(Path serverJar) throws IOException {
        try (ZipFile jar = new ZipFile(serverJar.toFile())) {
            StringBuilder source = new StringBuilder();
            ZipEntry share = jar.getEntry("BOOT-INF/classes/lua/lib/share.lua");
            if (share != null) {
                source.append(read(jar, share)).append('\n');
            }
            return source.append(read(jar, jar.getEntry("BOOT-INF/classes/lua/reserve.lua")))
                    .toString();
        }
    }

    private static String read(ZipFile jar, ZipEntry entry) throws IOException {
        try (InputStream in = jar.getInputStream(entry)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
