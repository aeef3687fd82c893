package com.courtrush.reserve.grant;

import com.courtrush.infra.LuaScript;
import com.courtrush.infra.RedisKeys;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import com.courtrush.web.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Each opening's rush, second by second, as totals of every node: the decisions by outcome, the
 * students who tried (a set: exact), the time of the last grant, grants recorded and their persistence lag, places
 * given back, and the places left. This node counts in memory (one map update per request) and adds
 * its counts to the opening's series in Redis once a second ({@code lua/rush_series.lua}), where they
 * stay for {@link #KEPT} — a manager arriving after the rush reads it all. What a flush could not
 * write (Redis out) is kept and added with the next one, for up to {@link #HELD_AT_MOST}.
 */
@Component
public class RushSeries {

    /** How long an opening's series is kept after its last write. */
    public static final Duration KEPT = Duration.ofHours(48);
    /** Fields of one second, besides the outcomes' names. */
    public static final String LEFT = "LEFT";
    public static final String LAST_GRANT_MS = "LASTMS";
    public static final String RECORDED = "REC";
    public static final String LAG_SUM_MS = "LAGSUM";
    public static final String LAG_MAX_MS = "LAGMAX";
    public static final String RELEASED = "REL";

    private static final Logger log = LoggerFactory.getLogger(RushSeries.class);
    private static final Duration HELD_AT_MOST = Duration.ofMinutes(10);
    private static final LuaScript SCRIPT = LuaScript.load("rush_series");

    private final ConcurrentHashMap<Long, Map<Long, SecondCounts>> pending = new ConcurrentHashMap<>();
    private final RedissonClient redisson;
    private final SlotCatalog catalog;
    private final Clock clock;
    private boolean failing;

    RushSeries(RedissonClient redisson, SlotCatalog catalog, Clock clock) {
        this.redisson = redisson;
        this.catalog = catalog;
        this.clock = clock;
    }

    /** A reserve request of {@code userId} was answered {@code outcome}. */
    void decided(long sessionId, long userId, Outcome outcome) {
        add(sessionId, counts -> {
            counts.outcomes.merge(outcome, 1L, Long::sum);
            counts.students.add(userId);
        });
    }

    /** Redis granted a place at {@code redisMs} (its clock). */
    void granted(long sessionId, long redisMs) {
        add(sessionId, counts -> counts.lastGrantMs = Math.max(counts.lastGrantMs, redisMs));
    }

    /** A grant decided at {@code grantedAtMs} was committed to the database just now. */
    void recorded(long sessionId, long grantedAtMs) {
        long lag = grantedAtMs > 0 ? Math.max(0, clock.millis() - grantedAtMs) : -1;
        add(sessionId, counts -> {
            counts.recorded++;
            if (lag >= 0) {
                counts.lagSumMs += lag;
                counts.lagMaxMs = Math.max(counts.lagMaxMs, lag);
            }
        });
    }

    /** A place of the opening went back on sale (cancel, payment timeout, refund, staff). */
    public void released(long sessionId) {
        add(sessionId, counts -> counts.released++);
    }

    private void add(long sessionId, Consumer<SecondCounts> change) {
        long second = clock.millis() / 1000;
        // compute holds the opening's entry while it changes, so a flush takes whole counts
        pending.compute(sessionId, (id, seconds) -> {
            Map<Long, SecondCounts> bySecond = seconds == null ? new TreeMap<>() : seconds;
            change.accept(bySecond.computeIfAbsent(second, s -> new SecondCounts()));
            return bySecond;
        });
    }

    /** Adds what this node counted to the openings' series, with the places left now. */
    @Scheduled(fixedDelay = 1_000, initialDelay = 1_000)
    public void flush() {
        List<Long> openings = new ArrayList<>(pending.keySet());
        if (openings.isEmpty()) {
            return;
        }
        Map<Long, Map<Long, SecondCounts>> taken = new TreeMap<>();
        for (long sessionId : openings) {
            Map<Long, SecondCounts> seconds = pending.remove(sessionId);
            if (seconds != null) {
                taken.put(sessionId, seconds);
            }
        }
        try {
            Map<Long, Integer> left = new TreeMap<>();
            Set<Long> known = placesLeft(taken.keySet(), left);
            long now = clock.millis() / 1000;
            RScript script = redisson.getScript();
            // requests naming an opening that does not exist leave no series behind
            taken.keySet().retainAll(known);
            taken.forEach((sessionId, seconds) -> write(script, sessionId, seconds, now, left.get(sessionId)));
            if (failing) {
                failing = false;
                log.info("Rush series are written to Redis again");
            }
        } catch (RuntimeException e) {
            keepForNextFlush(taken);
            if (!failing) {
                failing = true;
                log.warn("Rush series could not be written to Redis; this node keeps its counts (up to {} min) and "
                        + "adds them when Redis answers: {}", HELD_AT_MOST.toMinutes(), e.toString());
            }
        }
    }

    private void write(RScript script, long sessionId, Map<Long, SecondCounts> seconds, long now, Integer left) {
        List<Object> args = new ArrayList<>();
        Set<Long> students = new HashSet<>();
        int operations = 0;
        List<Object> pairs = new ArrayList<>();
        for (Map.Entry<Long, SecondCounts> entry : seconds.entrySet()) {
            operations += entry.getValue().operations(entry.getKey(), pairs);
            students.addAll(entry.getValue().students);
        }
        if (left != null) {
            pairs.add("=" + now + ":" + LEFT);
            pairs.add(left.toString());
            operations++;
        }
        args.add(Long.toString(KEPT.toMillis()));
        args.add(Integer.toString(operations));
        args.addAll(pairs);
        students.forEach(id -> args.add(id.toString()));
        script.eval(RScript.Mode.READ_WRITE, SCRIPT.source(), RScript.ReturnType.INTEGER,
                List.of(RedisKeys.rushSeries(sessionId), RedisKeys.rushStudents(sessionId)), args.toArray());
    }

    /**
     * Puts the places left on sale of each opening Redis holds into {@code left}, in one batched read;
     * answers the openings that exist.
     */
    private Set<Long> placesLeft(Set<Long> openings, Map<Long, Integer> left) {
        RBatch batch = redisson.createBatch();
        Map<Long, List<CompletionStage<Object>>> reads = new TreeMap<>();
        for (long sessionId : openings) {
            Optional<SessionCatalog> opening = catalog.session(sessionId);
            if (opening.isEmpty()) {
                continue;
            }
            List<CompletionStage<Object>> permits = new ArrayList<>();
            for (SlotInfo slot : opening.get().slots()) {
                if (slot.active()) {
                    permits.add(batch.getBucket(RedisKeys.semaphore(slot.slotId())).getAsync());
                }
            }
            reads.put(sessionId, permits);
        }
        batch.execute();
        reads.forEach((sessionId, permits) -> {
            int sum = 0;
            for (CompletionStage<Object> read : permits) {
                Object value = read.toCompletableFuture().join();
                if (value == null) {
                    return; // not warm: no sample
                }
                sum += Integer.parseInt(value.toString());
            }
            left.put(sessionId, sum);
        });
        return reads.keySet();
    }

    private void keepForNextFlush(Map<Long, Map<Long, SecondCounts>> taken) {
        long oldest = clock.millis() / 1000 - HELD_AT_MOST.toSeconds();
        taken.forEach((sessionId, seconds) -> seconds.forEach((second, counts) -> {
            if (second >= oldest) {
                add(sessionId, second, counts);
            }
        }));
    }

    private void add(long sessionId, long second, SecondCounts earlier) {
        pending.compute(sessionId, (id, seconds) -> {
            Map<Long, SecondCounts> bySecond = seconds == null ? new TreeMap<>() : seconds;
            bySecond.merge(second, earlier, SecondCounts::plus);
            return bySecond;
        });
    }

    /** One node's counts of one second of one opening; changed only inside the map's compute. */
    private static final class SecondCounts {
        private final Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        private final Set<Long> students = new HashSet<>();
        private long lastGrantMs;
        private long recorded;
        private long lagSumMs;
        private long lagMaxMs = -1;
        private long released;

        SecondCounts plus(SecondCounts other) {
            other.outcomes.forEach((outcome, n) -> outcomes.merge(outcome, n, Long::sum));
            students.addAll(other.students);
            lastGrantMs = Math.max(lastGrantMs, other.lastGrantMs);
            recorded += other.recorded;
            lagSumMs += other.lagSumMs;
            lagMaxMs = Math.max(lagMaxMs, other.lagMaxMs);
            released += other.released;
            return this;
        }

        /** Adds this second's field operations to {@code pairs}; answers how many. */
        int operations(long second, List<Object> pairs) {
            int before = pairs.size();
            String prefix = second + ":";
            outcomes.forEach((outcome, n) -> add(pairs, "+", prefix + outcome.name(), n));
            if (lastGrantMs > 0) {
                add(pairs, ">", prefix + LAST_GRANT_MS, lastGrantMs);
            }
            if (recorded > 0) {
                add(pairs, "+", prefix + RECORDED, recorded);
                add(pairs, "+", prefix + LAG_SUM_MS, lagSumMs);
            }
            if (lagMaxMs >= 0) {
                add(pairs, ">", prefix + LAG_MAX_MS, lagMaxMs);
            }
            if (released > 0) {
                add(pairs, "+", prefix + RELEASED, released);
            }
            return (pairs.size() - before) / 2;
        }

        private static void add(List<Object> pairs, String op, String field, long value) {
            pairs.add(op + field);
            pairs.add(Long.toString(value));
        }
    }
}
