package com.courtrush.reserve.statistics;

import com.courtrush.core.Outcome;
import com.courtrush.core.Rehearsal;
import com.courtrush.infra.config.NodeName;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.ShareCheck;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
 * Each opening's rush, second by second, as totals of every node: the decisions by outcome, the
 * students who tried (a set: exact), the time of the last grant, grants recorded and their
 * persistence lag, places given back, and the places left. This node counts in memory — adders
 * and a concurrent set, no lock: every request of the crowd counts here, and a lock per opening
 * (what it had) made the request threads queue behind each other — and, once a second, writes in
 * one round trip what changed: per second and
 * field, its own running value under its own name ({@code "<second>:<FIELD>:<node>"}), which readers
 * add up over the nodes ({@code RushHistory}). Writing a value, not adding to one, makes a write
 * Redis applied but did not confirm (a timeout under load) harmless to repeat — adding counted such
 * seconds twice. The series stays for the setting {@code RUSH_HISTORY_DAYS} (SPEC §20); what could not be written is written when Redis
 * answers again, for up to {@link #HELD_AT_MOST}.
 */
@Component
public class RushSeries {

    /** Fields of one second, besides the outcomes' names. */
    public static final String LEFT = "LEFT";

    public static final String LAST_GRANT_MS = "LASTMS";
    public static final String RECORDED = "REC";
    public static final String LAGGED = "LAGN";
    public static final String LAG_SUM_MS = "LAGSUM";
    public static final String LAG_MAX_MS = "LAGMAX";
    public static final String RELEASED = "REL";
    /** Requests that entered the opening's fair draw. */
    public static final String ENTERED = "ENT";
    /** Places the fair draw gave (the draw's grants; not requests of that second). */
    public static final String DRAWN = "DRAWN";
    /** SHARE_USED refusals by the rule broken: this, then the rule's name. */
    public static final String SHARE_PREFIX = "RULE_"; // not "SHARE_": the outcome SHARE_USED is a field too

    private static final Logger log = LoggerFactory.getLogger(RushSeries.class);
    private static final Duration HELD_AT_MOST = Duration.ofMinutes(10);

    /**
     * Opening → second → this node's running counts. A second is counted into only while it is the
     * current one; it is forgotten once written and two seconds old (or after the hold).
     */
    private final ConcurrentHashMap<Long, ConcurrentHashMap<Long, LiveCounts>> counted = new ConcurrentHashMap<>();

    private final String node;
    private final RedissonClient redisson;
    private final SlotCatalog catalog;
    private final AppSettings settings;
    private final Clock clock;
    private boolean failing;

    RushSeries(RedissonClient redisson, SlotCatalog catalog, AppSettings settings, Clock clock, NodeName node) {
        this.settings = settings;
        this.node = node.toString();
        this.redisson = redisson;
        this.catalog = catalog;
        this.clock = clock;
    }

    /** A reserve request of {@code userId} was answered {@code outcome}. */
    void decided(long sessionId, long userId, Outcome outcome) {
        LiveCounts counts = live(sessionId);
        counts.outcomes[outcome.ordinal()].increment();
        counts.students.add(userId);
        counts.dirty = true;
    }

    /** A reserve request was refused SHARE_USED for {@code rule} (its outcome is counted by {@link #decided}). */
    public void shareRefused(long sessionId, ShareCheck.Rule rule) {
        LiveCounts counts = live(sessionId);
        counts.shareRules[rule.ordinal()].increment();
        counts.dirty = true;
    }

    /** A reserve request of {@code userId} entered the opening's fair draw. */
    void entered(long sessionId, long userId) {
        LiveCounts counts = live(sessionId);
        counts.entered.increment();
        counts.students.add(userId);
        counts.dirty = true;
    }

    /** The opening's fair draw gave {@code places} places at {@code redisMs} (Redis clock). */
    public void drawn(long sessionId, int places, long redisMs) {
        LiveCounts counts = live(sessionId);
        counts.drawn.add(places);
        if (places > 0) {
            counts.lastGrantMs.accumulateAndGet(redisMs, Math::max);
        }
        counts.dirty = true;
    }

    /** Redis granted a place at {@code redisMs} (its clock). */
    public void granted(long sessionId, long redisMs) {
        LiveCounts counts = live(sessionId);
        counts.lastGrantMs.accumulateAndGet(redisMs, Math::max);
        counts.dirty = true;
    }

    /** A grant decided at {@code grantedAtMs} was committed to the database just now. */
    void recorded(long sessionId, long grantedAtMs) {
        long lag = grantedAtMs > 0 ? Math.max(0, clock.millis() - grantedAtMs) : -1;
        LiveCounts counts = live(sessionId);
        counts.recorded.increment();
        if (lag >= 0) {
            counts.lagged.increment();
            counts.lagSumMs.add(lag);
            counts.lagMaxMs.accumulateAndGet(lag, Math::max);
        }
        counts.dirty = true;
    }

    /** A place of the opening went back on sale (cancel, payment timeout, refund, staff). */
    public void released(long sessionId) {
        LiveCounts counts = live(sessionId);
        counts.released.increment();
        counts.dirty = true;
    }

    /** The current second's counts of an opening (made when the first count of the second comes). */
    private LiveCounts live(long sessionId) {
        long second = clock.millis() / 1000;
        ConcurrentHashMap<Long, LiveCounts> seconds = counted.get(sessionId);
        if (seconds == null) {
            seconds = counted.computeIfAbsent(sessionId, id -> new ConcurrentHashMap<>());
        }
        LiveCounts counts = seconds.get(second);
        return counts != null ? counts : seconds.computeIfAbsent(second, s -> new LiveCounts());
    }

    /** Writes what changed since the last write, with the places left now; one round trip for all openings. */
    @Scheduled(fixedDelay = 1_000, initialDelay = 1_000)
    public void flush() {
        long oldest = clock.millis() / 1000 - HELD_AT_MOST.toSeconds();
        Map<Long, Map<Long, LiveCounts.Snapshot>> changed = new TreeMap<>();
        counted.forEach((sessionId, seconds) -> {
            Map<Long, LiveCounts.Snapshot> copies = new TreeMap<>();
            seconds.forEach((second, counts) -> {
                if (second < oldest) {
                    seconds.remove(second, counts); // given up after the hold
                } else if (counts.dirty) {
                    // cleared before the values are read: a count made meanwhile marks it again, for the next write
                    counts.dirty = false;
                    copies.put(second, counts.snapshot());
                }
            });
            if (!copies.isEmpty()) {
                changed.put(sessionId, copies);
            }
        });
        // requests naming an opening that does not exist leave nothing behind, here or in Redis (checked once a
        // second against the local catalog, not on every request)
        // nor does the engine's rehearsal (decision 28): counted like a rush, as it runs the same code, never kept
        for (Long sessionId : List.copyOf(changed.keySet())) {
            if (Rehearsal.isRehearsal(sessionId) || catalog.session(sessionId).isEmpty()) {
                changed.remove(sessionId);
                counted.remove(sessionId);
            }
        }
        if (changed.isEmpty()) {
            return;
        }
        try {
            Map<Long, Integer> left = placesLeft(changed.keySet());
            long now = clock.millis() / 1000;
            RBatch batch = redisson.createBatch();
            changed.forEach((sessionId, seconds) -> write(batch, sessionId, seconds, now, left.get(sessionId)));
            if (!changed.isEmpty()) {
                batch.execute();
            }
            forgetWritten(now - 2);
            if (failing) {
                failing = false;
                log.info("Rush series are written to Redis again");
            }
        } catch (RuntimeException e) {
            markChangedAgain(changed);
            if (!failing) {
                failing = true;
                log.warn(
                        "Rush series could not be written to Redis; this node keeps its counts (up to {} min) and "
                                + "writes them when Redis answers: {}",
                        HELD_AT_MOST.toMinutes(),
                        e.toString());
            }
        }
    }

    private void write(RBatch batch, long sessionId, Map<Long, LiveCounts.Snapshot> seconds, long now, Integer left) {
        Map<String, String> fields = new HashMap<>();
        Set<String> students = new HashSet<>();
        seconds.forEach((second, counts) -> {
            counts.fields(second, node, fields);
            counts.students.forEach(id -> students.add(id.toString()));
        });
        if (left != null) {
            fields.put(now + ":" + LEFT, left.toString());
        }
        RMapAsync<String, String> series = batch.getMap(RedisKeys.rushSeries(sessionId), StringCodec.INSTANCE);
        Duration kept = Duration.ofDays(settings.getInt(SettingKey.RUSH_HISTORY_DAYS, 1));
        series.putAllAsync(fields);
        series.expireAsync(kept);
        if (!students.isEmpty()) {
            List<String> ids = new ArrayList<>(students);
            for (int from = 0; from < ids.size(); from += 1_000) {
                batch.getSet(RedisKeys.rushStudents(sessionId), StringCodec.INSTANCE)
                        .addAllAsync(ids.subList(from, Math.min(ids.size(), from + 1_000)));
            }
            batch.getSet(RedisKeys.rushStudents(sessionId), StringCodec.INSTANCE)
                    .expireAsync(kept);
        }
    }

    /** Seconds before {@code before} written and unchanged since: counts only go to the current second. */
    private void forgetWritten(long before) {
        counted.forEach((sessionId, seconds) -> seconds.forEach((second, counts) -> {
            if (second < before && !counts.dirty) {
                seconds.remove(second, counts);
            }
        }));
    }

    /** The seconds a failed write carried are written again next time (with whatever they count by then). */
    private void markChangedAgain(Map<Long, Map<Long, LiveCounts.Snapshot>> changed) {
        changed.forEach((sessionId, seconds) -> {
            Map<Long, LiveCounts> now = counted.get(sessionId);
            if (now != null) {
                seconds.keySet().forEach(second -> {
                    LiveCounts counts = now.get(second);
                    if (counts != null) {
                        counts.dirty = true;
                    }
                });
            }
        });
    }

    /** The places left on sale of each opening Redis holds, in one batched read. */
    private Map<Long, Integer> placesLeft(Set<Long> openings) {
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
                    permits.add(batch.getBucket(RedisKeys.semaphore(sessionId, slot.slotId()))
                            .getAsync());
                }
            }
            reads.put(sessionId, permits);
        }
        batch.execute();
        Map<Long, Integer> left = new TreeMap<>();
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
        return left;
    }
}
