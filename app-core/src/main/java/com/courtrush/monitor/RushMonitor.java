package com.courtrush.monitor;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.monitor.api.LiveRush;
import com.courtrush.monitor.api.SlotStock;
import com.courtrush.opening.GateReading;
import com.courtrush.reserve.statistics.ReserveMetrics;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import java.time.Clock;
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

    public LiveRush rush(long sessionId) {
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
        return new LiveRush(
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
}
