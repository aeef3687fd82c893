package com.courtrush.reserve;

import com.courtrush.slot.LiveStock;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotInfo;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Duration;
import java.time.LocalTime;
import java.util.Comparator;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Up to three other slots of the same opening that still have permits, nearest start time first
 * and, at equal distance, the same court first. Read from the stock snapshot and this node's
 * sold-out flags: answering a sold-out request never calls Redis.
 */
@Component
class Alternatives {

    static final int MAX = 3;

    private final LiveStock stock;
    private final SoldOutFlags soldOut;

    Alternatives(LiveStock stock, SoldOutFlags soldOut) {
        this.stock = stock;
        this.soldOut = soldOut;
    }

    List<Alternative> to(SessionCatalog catalog, SlotInfo wanted) {
        LiveStock.Snapshot snapshot = stock.snapshot(catalog);
        return catalog.slots().stream()
                .filter(s -> s.active() && s.slotId() != wanted.slotId() && !soldOut.isSoldOut(s.slotId()))
                .filter(s -> snapshot.permits().getOrDefault(s.slotId(), 0) > 0)
                .sorted(Comparator
                        .comparingLong((SlotInfo s) -> distance(s.startTime(), wanted.startTime()))
                        .thenComparing(s -> s.courtId() != wanted.courtId())
                        .thenComparing(SlotInfo::startTime)
                        .thenComparingLong(SlotInfo::slotId))
                .limit(MAX)
                .map(s -> new Alternative(s.slotId(), s.courtName(), s.startTime(), s.endTime(),
                        snapshot.permits().get(s.slotId())))
                .toList();
    }

    private static long distance(LocalTime a, LocalTime b) {
        return Math.abs(Duration.between(a, b).toMinutes());
    }

    /** A slot to try instead. */
    record Alternative(long slotId, String courtName, @JsonFormat(pattern = "HH:mm") LocalTime startTime,
            @JsonFormat(pattern = "HH:mm") LocalTime endTime, int permitsLeft) {
    }
}
