package com.courtrush.reserve.grant;

import com.courtrush.infra.CourtRushProperties;
import com.courtrush.infra.RedisKeys;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.api.RBatch;
import org.redisson.api.RMapAsync;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The reserve queues' traffic second by second and the day's totals, as every node counted it:
 * grants published (confirmed by the broker), refused by it, recorded by the consumers, and
 * dead-lettered. Each node counts in memory and adds its counts to Redis once a second (one batch);
 * a second's counts live in a per-day hash ({@code bf:queues:series:<epochDay>}) and the day's
 * totals in {@code bf:queues:totals:<date>}, both kept {@link #KEPT} — so the Queues screen shows
 * the same history on every node, after a language switch or a restart.
 */
@Component
public class QueueSeries {

    /** What moves through the queues. */
    public enum Flow { PUBLISHED, REFUSED, CONSUMED, DEAD_LETTERED }

    /** How many seconds {@link #read} answers. */
    public static final int HISTORY_SECONDS = 300;
    private static final Duration KEPT = Duration.ofHours(48);
    private static final Duration HELD_AT_MOST = Duration.ofMinutes(10);
    private static final Logger log = LoggerFactory.getLogger(QueueSeries.class);

    private final ConcurrentHashMap<Long, long[]> pending = new ConcurrentHashMap<>();
    private final RedissonClient redisson;
    private final Clock clock;
    private final ZoneId zone;
    private boolean failing;

    QueueSeries(RedissonClient redisson, Clock clock, CourtRushProperties properties) {
        this.redisson = redisson;
        this.clock = clock;
        this.zone = properties.zone();
    }

    void add(Flow flow) {
        pending.compute(clock.millis() / 1000, (second, counts) -> {
            long[] now = counts == null ? new long[Flow.values().length] : counts;
            now[flow.ordinal()]++;
            return now;
        });
    }

    /** Adds what this node counted to the shared series and the day's totals. */
    @Scheduled(fixedDelay = 1_000, initialDelay = 1_000)
    public void flush() {
        Map<Long, long[]> taken = new TreeMap<>();
        for (Long second : List.copyOf(pending.keySet())) {
            long[] counts = pending.remove(second);
            if (counts != null) {
                taken.put(second, counts);
            }
        }
        if (taken.isEmpty()) {
            return;
        }
        try {
            RBatch batch = redisson.createBatch();
            taken.forEach((second, counts) -> {
                RMapAsync<String, String> series = batch.getMap(RedisKeys.queueSeries(second / 86_400),
                        StringCodec.INSTANCE);
                RMapAsync<String, String> totals = batch.getMap(RedisKeys.queueTotals(dayOf(second)),
                        StringCodec.INSTANCE);
                for (Flow flow : Flow.values()) {
                    long n = counts[flow.ordinal()];
                    if (n > 0) {
                        series.addAndGetAsync(second + ":" + flow.name(), n);
                        totals.addAndGetAsync(flow.name(), n);
                    }
                }
                series.expireAsync(KEPT);
                totals.expireAsync(KEPT);
            });
            batch.execute();
            if (failing) {
                failing = false;
                log.info("Queue series are written to Redis again");
            }
        } catch (RuntimeException e) {
            long oldest = clock.millis() / 1000 - HELD_AT_MOST.toSeconds();
            taken.forEach((second, counts) -> {
                if (second >= oldest) {
                    pending.merge(second, counts, QueueSeries::sum);
                }
            });
            if (!failing) {
                failing = true;
                log.warn("Queue series could not be written to Redis; this node keeps its counts (up to {} min): {}",
                        HELD_AT_MOST.toMinutes(), e.toString());
            }
        }
    }

    private static long[] sum(long[] a, long[] b) {
        long[] total = a.clone();
        for (int i = 0; i < total.length; i++) {
            total[i] += b[i];
        }
        return total;
    }

    private LocalDate dayOf(long epochSecond) {
        return Instant.ofEpochSecond(epochSecond).atZone(zone).toLocalDate();
    }

    /** The last {@link #HISTORY_SECONDS} complete seconds (oldest first) and today's totals, all nodes together. */
    public History read() {
        long last = clock.millis() / 1000 - 1;
        long first = last - HISTORY_SECONDS + 1;
        RBatch batch = redisson.createBatch();
        Map<Long, CompletionStage<Map<String, String>>> byDay = new TreeMap<>();
        for (long day = first / 86_400; day <= last / 86_400; day++) {
            List<String> fields = new ArrayList<>();
            for (long second = Math.max(first, day * 86_400); second <= Math.min(last, day * 86_400 + 86_399);
                    second++) {
                for (Flow flow : Flow.values()) {
                    fields.add(second + ":" + flow.name());
                }
            }
            byDay.put(day, batch.<String, String>getMap(RedisKeys.queueSeries(day), StringCodec.INSTANCE)
                    .getAllAsync(new HashSet<>(fields)));
        }
        CompletionStage<Map<String, String>> totals = batch.<String, String>getMap(
                RedisKeys.queueTotals(dayOf(last + 1)), StringCodec.INSTANCE).readAllMapAsync();
        batch.execute();
        Map<String, String> values = new HashMap<>();
        byDay.values().forEach(read -> values.putAll(read.toCompletableFuture().join()));
        List<Second> seconds = new ArrayList<>(HISTORY_SECONDS);
        for (long second = first; second <= last; second++) {
            seconds.add(new Second(second, count(values, second, Flow.PUBLISHED), count(values, second, Flow.REFUSED),
                    count(values, second, Flow.CONSUMED), count(values, second, Flow.DEAD_LETTERED)));
        }
        Map<Flow, Long> today = new EnumMap<>(Flow.class);
        Map<String, String> day = totals.toCompletableFuture().join();
        for (Flow flow : Flow.values()) {
            today.put(flow, Long.parseLong(day.getOrDefault(flow.name(), "0")));
        }
        return new History(seconds, today);
    }

    private static long count(Map<String, String> values, long second, Flow flow) {
        String value = values.get(second + ":" + flow.name());
        return value == null ? 0 : Long.parseLong(value);
    }

    /** One second of the queues, all nodes together. */
    public record Second(long epochSecond, long published, long refused, long consumed, long deadLettered) {
    }

    /** The last seconds, oldest first, and today's totals by flow. */
    public record History(List<Second> seconds, Map<Flow, Long> today) {
    }
}
