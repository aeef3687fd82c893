package com.courtrush.monitor;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
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
    private final CourtRushProperties properties;

    RushHistory(
            RedissonClient redisson,
            SlotCatalog catalog,
            ReservationMapper reservations,
            CourtRushProperties properties) {
        this.redisson = redisson;
        this.catalog = catalog;
        this.reservations = reservations;
        this.properties = properties;
    }

    /** The whole series of an opening and its summary (one Redis round trip and one count). */
    public History of(long sessionId) {
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
        List<Second> seconds = seconds(fields.toCompletableFuture().join());
        long opensAtMs = opening.session()
                .getFlashTime()
                .atZone(properties.zone())
                .toInstant()
                .toEpochMilli();
        long timeouts = reservations.selectCount(new LambdaQueryWrapper<Reservation>()
                .eq(Reservation::getSessionId, sessionId)
                .eq(Reservation::getCancelReason, CancelReason.TIMEOUT));
        return new History(
                sessionId,
                opensAtMs,
                seconds,
                Summary.of(
                        seconds,
                        opensAtMs,
                        students.toCompletableFuture().join(),
                        timeouts,
                        Draw.of(
                                opening.session().getDrawWindowMs(),
                                draw.toCompletableFuture().join())));
    }

    static List<Second> seconds(Map<String, String> fields) {
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
        List<Second> seconds = new ArrayList<>(bySecond.size());
        bySecond.forEach((second, values) -> {
            Map<Outcome, Long> refusals = new EnumMap<>(Outcome.class);
            for (Outcome outcome : Outcome.values()) {
                Long n = values.get(outcome.name());
                if (n != null && outcome != Outcome.SUCCESS) {
                    refusals.put(outcome, n);
                }
            }
            long granted = values.getOrDefault(Outcome.SUCCESS.name(), 0L);
            long entered = values.getOrDefault(RushSeries.ENTERED, 0L);
            long drawn = values.getOrDefault(RushSeries.DRAWN, 0L);
            long grants = granted + drawn;
            long attempts = granted
                    + entered
                    + refusals.values().stream().mapToLong(Long::longValue).sum();
            Long left = values.get(RushSeries.LEFT);
            seconds.add(new Second(
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
                    drawn));
        });
        return Collections.unmodifiableList(seconds);
    }

    /**
     * One second of the rush, all nodes together.
     *
     * @param epochSecond  the second (epoch seconds)
     * @param refusals     the answers other than a granted place, by outcome
     * @param placesLeft   places left on sale at the end of the second; null when not sampled
     * @param lastGrantMs  epoch ms of the second's last grant (Redis clock), 0 when none
     * @param recorded     grants committed to the database in this second
     * @param lagged       those of them whose grant time is known (the lag is theirs)
     * @param lagMaxMs     the longest of their persistence lags (from the decision), -1 when none
     * @param released     places given back in this second (cancel, payment timeout, refund, staff)
     * @param entered      requests that entered the fair draw in this second (counted in attempts)
     * @param drawn        places the fair draw gave in this second (counted in grants)
     */
    public record Second(
            long epochSecond,
            long attempts,
            long grants,
            Map<Outcome, Long> refusals,
            Integer placesLeft,
            long lastGrantMs,
            long recorded,
            long lagged,
            long lagSumMs,
            long lagMaxMs,
            long released,
            long entered,
            long drawn) {}

    /**
     * An opening's fair draw.
     *
     * @param windowMs           how long the draw took entries after the opening time
     * @param drawn              whether it has been drawn
     * @param entrants           students who entered (one entry each)
     * @param winners            entrants given a place
     * @param expired            entries given up before the draw (it ran minutes late)
     * @param drawnAfterCloseMs  from the window's close to the draw, by Redis's clock
     * @param digest             the SHA-1 of the draw's entries (its published record, GET /draws/{id}, re-runs it)
     * @param node               the engine that drew
     */
    public record Draw(
            int windowMs,
            boolean drawn,
            long entrants,
            long winners,
            long expired,
            Long drawnAfterCloseMs,
            String digest,
            String node) {

        static Draw of(Integer windowMs, Map<String, String> drawn) {
            if (windowMs == null || windowMs <= 0) {
                return null;
            }
            if (drawn == null || !drawn.containsKey("drawnAt")) {
                return new Draw(windowMs, false, 0, 0, 0, null, null, null);
            }
            return new Draw(
                    windowMs,
                    true,
                    number(drawn, "entrants"),
                    number(drawn, "winners"),
                    number(drawn, "expired"),
                    number(drawn, "drawnAt") - number(drawn, "windowClosedAt"),
                    drawn.get("digest"),
                    drawn.get("node"));
        }

        /** Entrants not given a place. */
        public long lost() {
            return entrants - winners - expired;
        }

        private static long number(Map<String, String> fields, String name) {
            String value = fields.get(name);
            return value == null ? 0 : Long.parseLong(value);
        }
    }

    /**
     * What the rush came to.
     *
     * @param soldOutAfterMs  from the opening time to the grant that left no place on sale; null if
     *                        places were never all taken
     * @param students        students who tried, counted once each
     * @param refusals        answers other than a granted place, by outcome
     * @param lagMeanMs       mean time from a grant to its committed reservation; null when none recorded
     * @param lagMaxMs        the longest of those; null when none
     * @param released        places given back after being granted (cancels, payment timeouts, refunds)
     * @param paymentTimeouts reservations cancelled because payment did not come in time
     * @param draw            the opening's fair draw; null for an opening without one
     */
    public record Summary(
            Long soldOutAfterMs,
            long attempts,
            long students,
            long grants,
            Map<Outcome, Long> refusals,
            Long lagMeanMs,
            Long lagMaxMs,
            long released,
            long paymentTimeouts,
            Draw draw) {

        static Summary of(List<Second> seconds, long opensAtMs, long students, long paymentTimeouts, Draw draw) {
            Map<Outcome, Long> refusals = new EnumMap<>(Outcome.class);
            long attempts = 0;
            long grants = 0;
            long lagged = 0;
            long lagSum = 0;
            long lagMax = -1;
            long released = 0;
            long lastGrantMs = 0;
            Long soldOutAfter = null;
            for (Second second : seconds) {
                attempts += second.attempts();
                grants += second.grants();
                second.refusals().forEach((outcome, n) -> refusals.merge(outcome, n, Long::sum));
                lagged += second.lagged();
                lagSum += second.lagSumMs();
                lagMax = Math.max(lagMax, second.lagMaxMs());
                released += second.released();
                lastGrantMs = Math.max(lastGrantMs, second.lastGrantMs());
                if (soldOutAfter == null
                        && second.placesLeft() != null
                        && second.placesLeft() == 0
                        && lastGrantMs > 0) {
                    soldOutAfter = Math.max(0, lastGrantMs - opensAtMs);
                }
            }
            return new Summary(
                    soldOutAfter,
                    attempts,
                    students,
                    grants,
                    refusals,
                    lagged == 0 ? null : lagSum / lagged,
                    lagged == 0 ? null : lagMax,
                    released,
                    paymentTimeouts,
                    draw);
        }
    }

    /**
     * @param opensAtMs epoch ms of the opening's flash time, the charts' zero
     */
    public record History(long sessionId, long opensAtMs, List<Second> seconds, Summary summary) {}
}
