package com.courtrush.reserve;

import com.courtrush.infra.CourtRushProperties;
import com.courtrush.infra.RedisKeys;
import com.courtrush.opening.GateReading;
import com.courtrush.slot.LiveStock;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotInfo;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * Permits and gate of an opening, read from Redis together (a batch and the gate's script) and kept for
 * {@code courtrush.reserve.stock-snapshot-ttl}: the slot list and the "alternatives" of a sold-out
 * answer read this, not Redis.
 */
@Component
class StockSnapshots implements LiveStock {

    private final RedissonClient redisson;
    private final Cache<Long, Snapshot> cache;

    StockSnapshots(RedissonClient redisson, CourtRushProperties properties) {
        this.redisson = redisson;
        this.cache = Caffeine.newBuilder()
                .expireAfterWrite(properties.reserve().stockSnapshotTtl())
                .maximumSize(1_000)
                .build();
    }

    @Override
    public Snapshot snapshot(SessionCatalog catalog) {
        return cache.get(catalog.session().getId(), id -> read(catalog));
    }

    private Snapshot read(SessionCatalog catalog) {
        long sessionId = catalog.session().getId();
        RBatch batch = redisson.createBatch();
        Map<Long, CompletionStage<Object>> permits = new LinkedHashMap<>();
        for (SlotInfo slot : catalog.slots()) {
            permits.put(slot.slotId(), batch.getBucket(RedisKeys.semaphore(slot.slotId())).getAsync());
        }
        CompletionStage<GateReading> gate = GateReading.read(redisson, sessionId);
        batch.execute();
        Map<Long, Integer> left = new HashMap<>();
        permits.forEach((slotId, value) -> {
            Object permit = value.toCompletableFuture().join();
            if (permit != null) {
                left.put(slotId, Math.max(0, Integer.parseInt(permit.toString())));
            }
        });
        return new Snapshot(Map.copyOf(left), gate.toCompletableFuture().join());
    }
}
