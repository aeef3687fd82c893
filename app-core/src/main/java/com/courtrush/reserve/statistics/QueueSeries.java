package com.courtrush.reserve.statistics;

import com.courtrush.infra.config.NodeName;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.api.QueueFlow;
import com.courtrush.reserve.api.QueueHistory;
import com.courtrush.reserve.api.QueueSecond;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
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
 * dead-lettered. Each node counts in memory and, once a second, writes in one round trip what
 * changed — its own running values under its own name, which readers add up over the nodes, so a
 * write Redis applied but did not confirm is harmless to repeat ({@link RushSeries} does the same).
 * Seconds live in per-minute hashes kept two hours ({@code bf:queues:series:<minute>}), the day's
 * totals in {@code bf:queues:totals:<date>} kept two days — the Queues screen shows the same on every
 * node, after a language switch or a restart.
 */
@Component
public class QueueSeries {

    /** How many seconds {@link #read} answers. */
    public static final int HISTORY_SECONDS = 300;

    private static final Duration SECONDS_KEPT = Duration.ofHours(2);
    private static final Duration TOTALS_KEPT = Duration.ofHours(48);
    private static final Duration HELD_AT_MOST = Duration.ofMinutes(10);
    private static final int FLOWS = QueueFlow.values().length;
    private static final Logger log = LoggerFactory.getLogger(QueueSeries.class);

    /** Second → this node's running counts (and whether they changed since written); changed only in compute. */
    private final ConcurrentHashMap<Long, long[]> bySecond = new ConcurrentHashMap<>();
    /** Day → this node's running totals, likewise. */
    private final ConcurrentHashMap<LocalDate, long[]> byDay = new ConcurrentHashMap<>();

    private final String node;
    private final RedissonClient redisson;
    private final Clock clock;
    private boolean failing;

    QueueSeries(RedissonClient redisson, Clock clock, NodeName node) {
        this.node = node.toString();
        this.redisson = redisson;
        this.clock = clock;
    }

    void add(QueueFlow flow) {
        long second = clock.millis() / 1000;
        bySecond.compute(second, (s, counts) -> count(counts, flow));
        byDay.compute(dayOf(second), (d, counts) -> count(counts, flow));
    }

    /** Counts in the first {@link #FLOWS} places; the last place is 1 while not yet written. */
    private static long[] count(long[] counts, QueueFlow flow) {
        long[] now = counts == null ? new long[FLOWS + 1] : counts;
        now[flow.ordinal()]++;
        now[FLOWS] = 1;
        return now;
    }

    /** Writes what changed since the last write, in one round trip. */
    @Scheduled(fixedDelay = 1_000, initialDelay = 1_000)
    public void flush() {
        long oldest = clock.millis() / 1000 - HELD_AT_MOST.toSeconds();
        Map<Long, long[]> seconds = changed(bySecond, second -> second < oldest);
        LocalDate today = dayOf(clock.millis() / 1000);
        Map<LocalDate, long[]> days = changed(byDay, day -> day.isBefore(today.minusDays(1)));
        if (seconds.isEmpty() && days.isEmpty()) {
            return;
        }
        try {
            RBatch batch = redisson.createBatch();
            Map<Long, Map<String, String>> byMinute = new TreeMap<>();
            seconds.forEach((second, counts) -> {
                Map<String, String> fields = byMinute.computeIfAbsent(second / 60, m -> new HashMap<>());
                for (QueueFlow flow : QueueFlow.values()) {
                    if (counts[flow.ordinal()] > 0) {
                        fields.put(second + ":" + flow.name() + ":" + node, Long.toString(counts[flow.ordinal()]));
                    }
                }
            });
            byMinute.forEach((minute, fields) -> {
                RMapAsync<String, String> map = batch.getMap(RedisKeys.queueSeries(minute), StringCodec.INSTANCE);
                map.putAllAsync(fields);
                map.expireAsync(SECONDS_KEPT);
            });
            days.forEach((day, counts) -> {
                Map<String, String> fields = new HashMap<>();
                for (QueueFlow flow : QueueFlow.values()) {
                    fields.put(flow.name() + ":" + node, Long.toString(counts[flow.ordinal()]));
                }
                RMapAsync<String, String> map = batch.getMap(RedisKeys.queueTotals(day), StringCodec.INSTANCE);
                map.putAllAsync(fields);
                map.expireAsync(TOTALS_KEPT);
            });
            batch.execute();
            if (failing) {
                failing = false;
                log.info("Queue series are written to Redis again");
            }
        } catch (RuntimeException e) {
            seconds.keySet().forEach(second -> bySecond.computeIfPresent(second, QueueSeries::changedAgain));
            days.keySet().forEach(day -> byDay.computeIfPresent(day, QueueSeries::changedAgain));
            if (!failing) {
                failing = true;
                log.warn(
                        "Queue series could not be written to Redis; this node keeps its counts (up to {} min): {}",
                        HELD_AT_MOST.toMinutes(),
                        e.toString());
            }
        }
    }

    /** Copies of the entries not yet written (marking them written), and drops old ones. */
    private static <K> Map<K, long[]> changed(ConcurrentHashMap<K, long[]> counts, Predicate<K> tooOld) {
        Map<K, long[]> copies = new HashMap<>();
        for (K key : List.copyOf(counts.keySet())) {
            counts.computeIfPresent(key, (k, now) -> {
                if (now[FLOWS] == 1 && !tooOld.test(k)) {
                    copies.put(k, now.clone());
                    now[FLOWS] = 0;
                }
                return tooOld.test(k) ? null : now;
            });
        }
        return copies;
    }

    private static <K> long[] changedAgain(K key, long[] counts) {
        counts[FLOWS] = 1;
        return counts;
    }

    private LocalDate dayOf(long epochSecond) {
        return Instant.ofEpochSecond(epochSecond).atZone(clock.getZone()).toLocalDate();
    }

    /** The last {@link #HISTORY_SECONDS} complete seconds (oldest first) and today's totals, all nodes together. */
    public QueueHistory read() {
        long last = clock.millis() / 1000 - 1;
        long first = last - HISTORY_SECONDS + 1;
        RBatch batch = redisson.createBatch();
        List<CompletionStage<Map<String, String>>> minutes = new ArrayList<>();
        for (long minute = first / 60; minute <= last / 60; minute++) {
            minutes.add(batch.<String, String>getMap(RedisKeys.queueSeries(minute), StringCodec.INSTANCE)
                    .readAllMapAsync());
        }
        CompletionStage<Map<String, String>> totals = batch.<String, String>getMap(
                        RedisKeys.queueTotals(dayOf(last + 1)), StringCodec.INSTANCE)
                .readAllMapAsync();
        batch.execute();
        // "<second>:<FLOW>:<node>" added up over the nodes
        Map<Long, long[]> counts = new HashMap<>();
        minutes.forEach(read -> read.toCompletableFuture().join().forEach((field, value) -> {
            String[] parts = field.split(":");
            if (parts.length == 3) {
                counts.computeIfAbsent(Long.parseLong(parts[0]), s -> new long[FLOWS])[
                                QueueFlow.valueOf(parts[1]).ordinal()] +=
                        Long.parseLong(value);
            }
        }));
        List<QueueSecond> seconds = new ArrayList<>(HISTORY_SECONDS);
        for (long second = first; second <= last; second++) {
            long[] n = counts.getOrDefault(second, new long[FLOWS]);
            seconds.add(new QueueSecond(
                    second,
                    n[QueueFlow.PUBLISHED.ordinal()],
                    n[QueueFlow.REFUSED.ordinal()],
                    n[QueueFlow.CONSUMED.ordinal()],
                    n[QueueFlow.DEAD_LETTERED.ordinal()]));
        }
        Map<QueueFlow, Long> today = new EnumMap<>(QueueFlow.class);
        for (QueueFlow flow : QueueFlow.values()) {
            today.put(flow, 0L);
        }
        totals.toCompletableFuture().join().forEach((field, value) -> {
            String flow = field.contains(":") ? field.substring(0, field.indexOf(':')) : field;
            today.merge(QueueFlow.valueOf(flow), Long.parseLong(value), Long::sum);
        });
        return new QueueHistory(seconds, today);
    }
}
