package com.courtrush.reserve.decide;

import com.courtrush.reserve.stock.SoldOutFlags;
import com.courtrush.slot.LiveStock;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotInfo;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Comparator;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Up to three other slots of the same opening that still have permits, nearest start time first
 * and, at equal distance, the same court first. Read from the stock snapshot and this node's
 * sold-out flags: answering a sold-out request never calls Redis. The sold-out crowd asks for the
 * same slots thousands of times a second, so each slot's answer is reused for a moment
 * ({@value #REUSE_MS} ms, and never across snapshots). A fair draw's loser, told after the draw, is answered from
 * Redis as it is then ({@link #afterDraw}): a snapshot from before the draw still counted the places it took.
 */
@Component
class Alternatives {

    static final int MAX = 3;
    static final long REUSE_MS = 100;

    private final LiveStock stock;
    private final SoldOutFlags soldOut;
    private final Cache<Long, Answer> recent = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofMillis(REUSE_MS))
            .maximumSize(10_000)
            .build();

    /** When this node first saw each opening's draw done ({@link System#nanoTime()}). */
    private final Cache<Long, Long> drawsSeen = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofHours(1))
            .maximumSize(1_000)
            .build();

    private final Clock clock;

    Alternatives(LiveStock stock, SoldOutFlags soldOut, Clock clock) {
        this.clock = clock;
        this.stock = stock;
        this.soldOut = soldOut;
    }

    List<Alternative> to(SessionCatalog catalog, SlotInfo wanted) {
        LiveStock.Snapshot snapshot = stock.snapshot(catalog);
        Answer answer = recent.getIfPresent(wanted.slotId());
        if (answer != null && answer.snapshot() == snapshot) {
            return answer.alternatives();
        }
        List<Alternative> alternatives = compute(catalog, wanted, snapshot);
        recent.put(wanted.slotId(), new Answer(snapshot, alternatives));
        return alternatives;
    }

    /**
     * The same for a fair draw's loser: from Redis as it was after this node first saw the opening's draw done (its
     * losers' results are read after it), never from a snapshot from before — which still counted the places the
     * draw took. One read of Redis per node serves the losers who ask after it.
     */
    List<Alternative> afterDraw(SessionCatalog catalog, SlotInfo wanted) {
        long drawSeen = drawsSeen.get(catalog.session().getId(), id -> System.nanoTime());
        return compute(catalog, wanted, stock.since(catalog, drawSeen));
    }

    private List<Alternative> compute(SessionCatalog catalog, SlotInfo wanted, LiveStock.Snapshot snapshot) {
        LocalDateTime now = LocalDateTime.now(clock);
        return catalog.slots().stream()
                .filter(s -> s.active() && s.slotId() != wanted.slotId() && !soldOut.isSoldOut(s.slotId()))
                .filter(s -> !s.startedBy(now))
                .filter(s -> snapshot.permits().getOrDefault(s.slotId(), 0) > 0)
                .sorted(Comparator.comparingLong((SlotInfo s) -> distance(s.startTime(), wanted.startTime()))
                        .thenComparing(s -> s.courtId() != wanted.courtId())
                        .thenComparing(SlotInfo::startTime)
                        .thenComparingLong(SlotInfo::slotId))
                .limit(MAX)
                .map(s -> new Alternative(
                        s.slotId(),
                        s.courtName(),
                        s.startTime(),
                        s.endTime(),
                        snapshot.permits().get(s.slotId())))
                .toList();
    }

    private static long distance(LocalTime a, LocalTime b) {
        return Math.abs(Duration.between(a, b).toMinutes());
    }

    private record Answer(LiveStock.Snapshot snapshot, List<Alternative> alternatives) {}

    /** A slot to try instead. */
    record Alternative(
            long slotId,
            String courtName,
            @JsonFormat(pattern = "HH:mm") LocalTime startTime,
            @JsonFormat(pattern = "HH:mm") LocalTime endTime,
            int permitsLeft) {}
}
