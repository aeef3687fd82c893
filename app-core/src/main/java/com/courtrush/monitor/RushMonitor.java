package com.courtrush.monitor;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.opening.GateReading;
import com.courtrush.opening.api.SessionState;
import com.courtrush.reserve.api.ReserveTotals;
import com.courtrush.reserve.statistics.ReserveMetrics;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Clock;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Service;

/**
 * The live rush of one opening, as Redis holds it right now (one batched round trip): per slot the
 * permits left, the dedup set's size and the capacity; the gate and its countdown; and this node's
 * running totals of decisions, for rates. The console's live view and {@code /admin/monitor/rush}
 * read the same numbers.
 */
@Service
public class RushMonitor {

    private final SlotCatalog catalog;
    private final RedissonClient redisson;
    private final ReserveMetrics metrics;
    private final Clock clock;

    RushMonitor(SlotCatalog catalog, RedissonClient redisson, ReserveMetrics metrics, Clock clock) {
        this.catalog = catalog;
        this.redisson = redisson;
        this.metrics = metrics;
        this.clock = clock;
    }

    public Rush rush(long sessionId) {
        SessionCatalog opening = catalog.session(sessionId)
                .orElseThrow(() -> CourtRushException.notFound("opening.notFound", sessionId));
        RBatch batch = redisson.createBatch();
        List<CompletionStage<Object>> permits = new ArrayList<>();
        List<CompletionStage<Integer>> dedup = new ArrayList<>();
        for (SlotInfo slot : opening.slots()) {
            permits.add(batch.getBucket(RedisKeys.semaphore(sessionId, slot.slotId()))
                    .getAsync());
            dedup.add(batch.getSet(RedisKeys.dedup(sessionId, slot.slotId())).sizeAsync());
        }
        CompletionStage<GateReading> gate = GateReading.read(redisson, sessionId);
        CompletionStage<Long> warm =
                batch.getBucket(RedisKeys.warm(sessionId)).isExistsAsync().thenApply(exists -> exists ? 1L : 0L);
        batch.execute();
        List<SlotStock> slots = new ArrayList<>();
        for (int i = 0; i < opening.slots().size(); i++) {
            SlotInfo slot = opening.slots().get(i);
            Object left = permits.get(i).toCompletableFuture().join();
            slots.add(new SlotStock(
                    slot.slotId(),
                    slot.courtName(),
                    slot.startTime(),
                    slot.endTime(),
                    slot.capacity(),
                    left == null ? null : Integer.valueOf(left.toString()),
                    dedup.get(i).toCompletableFuture().join(),
                    slot.active()));
        }
        GateReading reading = gate.toCompletableFuture().join();
        boolean open = reading.open();
        Long millisToOpen = reading.millisToOpen(null);
        Long secondsToOpen = open || millisToOpen == null ? null : (millisToOpen + 999) / 1000;
        return new Rush(
                sessionId,
                opening.session().getState(),
                warm.toCompletableFuture().join() == 1L,
                open,
                reading.opensAt(),
                secondsToOpen,
                clock.millis(),
                slots,
                metrics.totals());
    }

    /** One slot's live stock; {@code permitsLeft} is null when Redis does not hold the slot. */
    public record SlotStock(
            long slotId,
            String courtName,
            @JsonFormat(pattern = "HH:mm") LocalTime startTime,
            @JsonFormat(pattern = "HH:mm") LocalTime endTime,
            int capacity,
            Integer permitsLeft,
            int dedupSize,
            boolean active) {}

    /**
     * @param warm          whether Redis holds the opening
     * @param opensAt       epoch ms when the gate opens by itself (null when closed)
     * @param secondsToOpen countdown, null once open or when it will not open by itself
     * @param sampledAt     epoch ms of this snapshot
     */
    public record Rush(
            long sessionId,
            SessionState state,
            boolean warm,
            boolean gateOpen,
            Long opensAt,
            Long secondsToOpen,
            long sampledAt,
            List<SlotStock> slots,
            ReserveTotals totals) {}
}
