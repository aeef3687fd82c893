package com.courtrush.monitor;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.monitor.api.RushDraw;
import com.courtrush.monitor.api.RushSecond;
import com.courtrush.monitor.api.RushSummary;
import com.courtrush.monitor.api.RushTimeline;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Service;

/**
 * An opening's rush read back, second by second, as every node counted it ({@link RushSeries}),
 * with a summary: when it sold out, how many tried, what they were told, how long recording took,
 * and what was given back later. The console's charts and {@code /admin/monitor/rush/{id}/history}
 * read this, so the rush can be read after it is over, from any node.
 */
@Service
public class RushHistory {

    private final RedissonClient redisson;
    private final SlotCatalog catalog;
    private final ReservationMapper reservations;
    private final Clock clock;

    RushHistory(RedissonClient redisson, SlotCatalog catalog, ReservationMapper reservations, Clock clock) {
        this.redisson = redisson;
        this.catalog = catalog;
        this.reservations = reservations;
        this.clock = clock;
    }

    /** The whole series of an opening and its summary (one Redis round trip and one count). */
    public RushTimeline of(long sessionId) {
        SessionCatalog opening = catalog.session(sessionId)
                .orElseThrow(() -> CourtRushException.notFound("opening.notFound", sessionId));
        RBatch batch = redisson.createBatch();
        CompletionStage<Map<String, String>> fields = batch.<String, String>getMap(
                        RedisKeys.rushSeries(sessionId), StringCodec.INSTANCE)
                .readAllMapAsync();
        CompletionStage<Integer> students = batch.getSet(RedisKeys.rushStudents(sessionId), StringCodec.INSTANCE)
                .sizeAsync();
        CompletionStage<Map<String, String>> draw = batch.<String, String>getMap(
                        RedisKeys.draw(sessionId), StringCodec.INSTANCE)
                .readAllMapAsync();
        batch.execute();
        List<RushSecond> seconds = seconds(fields.toCompletableFuture().join());
        long opensAtMs = opening.session()
                .getFlashTime()
                .atZone(clock.getZone())
                .toInstant()
                .toEpochMilli();
        long timeouts = reservations.selectCount(new LambdaQueryWrapper<Reservation>()
                .eq(Reservation::getSessionId, sessionId)
                .eq(Reservation::getCancelReason, CancelReason.TIMEOUT));
        return new RushTimeline(
                sessionId,
                opensAtMs,
                seconds,
                summaryOf(
                        seconds,
                        opensAtMs,
                        students.toCompletableFuture().join(),
                        timeouts,
                        drawOf(
                                opening.session().getDrawWindowMs(),
                                draw.toCompletableFuture().join())));
    }

    static List<RushSecond> seconds(Map<String, String> fields) {
        // "<second>:<FIELD>:<node>": each node's own value, added up over the nodes (the last grant and the
        // longest lag: the largest); "<second>:LEFT": a sample
        Map<Long, Map<String, Long>> bySecond = new TreeMap<>();
        fields.forEach((field, value) -> {
            String[] parts = field.split(":");
            if (parts.length < 2) {
                return;
            }
            String name = parts[1];
            boolean largest = name.equals(RushSeries.LAST_GRANT_MS) || name.equals(RushSeries.LAG_MAX_MS);
            bySecond.computeIfAbsent(Long.parseLong(parts[0]), s -> new TreeMap<>())
                    .merge(name, Long.parseLong(value), largest ? Math::max : Long::sum);
        });
        List<RushSecond> seconds = new ArrayList<>(bySecond.size());
        bySecond.forEach((second, values) -> {
            Map<Outcome, Long> refusals = new EnumMap<>(Outcome.class);
            for (Outcome outcome : Outcome.values()) {
                Long n = values.get(outcome.name());
                if (n != null && outcome != Outcome.SUCCESS) {
                    refusals.put(outcome, n);
                }
            }
            Map<String, Long> byRule = new TreeMap<>();
            values.forEach((name, n) -> {
                if (name.startsWith(RushSeries.SHARE_PREFIX)) {
                    byRule.put(name.substring(RushSeries.SHARE_PREFIX.length()), n);
                }
            });
            long granted = values.getOrDefault(Outcome.SUCCESS.name(), 0L);
            long entered = values.getOrDefault(RushSeries.ENTERED, 0L);
            long drawn = values.getOrDefault(RushSeries.DRAWN, 0L);
            long grants = granted + drawn;
            long attempts = granted
                    + entered
                    + refusals.values().stream().mapToLong(Long::longValue).sum();
            Long left = values.get(RushSeries.LEFT);
            seconds.add(new RushSecond(
                    second,
                    attempts,
                    grants,
                    refusals,
                    left == null ? null : left.intValue(),
                    values.getOrDefault(RushSeries.LAST_GRANT_MS, 0L),
                    values.getOrDefault(RushSeries.RECORDED, 0L),
                    values.getOrDefault(RushSeries.LAGGED, 0L),
                    values.getOrDefault(RushSeries.LAG_SUM_MS, 0L),
                    values.getOrDefault(RushSeries.LAG_MAX_MS, -1L),
                    values.getOrDefault(RushSeries.RELEASED, 0L),
                    entered,
                    drawn,
                    byRule));
        });
        return Collections.unmodifiableList(seconds);
    }

    /** The opening's fair draw from its hash in Redis; null for an opening without one. */
    static RushDraw drawOf(Integer windowMs, Map<String, String> drawn) {
        if (windowMs == null || windowMs <= 0) {
            return null;
        }
        if (drawn == null || !drawn.containsKey("drawnAt")) {
            return new RushDraw(windowMs, false, 0, 0, 0, null, null, null);
        }
        return new RushDraw(
                windowMs,
                true,
                number(drawn, "entrants"),
                number(drawn, "winners"),
                number(drawn, "expired"),
                number(drawn, "drawnAt") - number(drawn, "windowClosedAt"),
                drawn.get("digest"),
                drawn.get("node"));
    }

    private static long number(Map<String, String> fields, String name) {
        String value = fields.get(name);
        return value == null ? 0 : Long.parseLong(value);
    }

    /** What the rush came to, from its seconds. */
    static RushSummary summaryOf(
            List<RushSecond> seconds, long opensAtMs, long students, long paymentTimeouts, RushDraw draw) {
        Map<Outcome, Long> refusals = new EnumMap<>(Outcome.class);
        Map<String, Long> byRule = new TreeMap<>();
        long attempts = 0;
        long grants = 0;
        long lagged = 0;
        long lagSum = 0;
        long lagMax = -1;
        long released = 0;
        long lastGrantMs = 0;
        Long soldOutAfter = null;
        for (RushSecond second : seconds) {
            attempts += second.attempts();
            grants += second.grants();
            second.refusals().forEach((outcome, n) -> refusals.merge(outcome, n, Long::sum));
            second.shareRefusals().forEach((rule, n) -> byRule.merge(rule, n, Long::sum));
            lagged += second.lagged();
            lagSum += second.lagSumMs();
            lagMax = Math.max(lagMax, second.lagMaxMs());
            released += second.released();
            lastGrantMs = Math.max(lastGrantMs, second.lastGrantMs());
            if (soldOutAfter == null && second.placesLeft() != null && second.placesLeft() == 0 && lastGrantMs > 0) {
                soldOutAfter = Math.max(0, lastGrantMs - opensAtMs);
            }
        }
        return new RushSummary(
                soldOutAfter,
                attempts,
                students,
                grants,
                refusals,
                lagged == 0 ? null : lagSum / lagged,
                lagged == 0 ? null : lagMax,
                released,
                paymentTimeouts,
                draw,
                byRule);
    }
}
