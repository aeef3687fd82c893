package com.courtrush.reserve;

import com.courtrush.infra.CourtRushProperties;
import com.courtrush.infra.RedisKeys;
import com.courtrush.slot.LiveStock;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotInfo;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * Permits and gate of an opening, read from Redis in one batch and kept for
 * {@code courtrush.reserve.stock-snapshot-ttl}: the slot list and the "alternatives" of a sold-out
 * answer read this, not Redis.
 */
@Component
class StockSnapshots implements LiveStock {

    private final RedissonClient redisson;
    private final Clock clock;
    private final Cache<Long, Snapshot> cache;

    StockSnapshots(RedissonClient redisson, Clock clock, CourtRushProperties properties) {
        this.redisson = redisson;
        this.clock = clock;
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
        CompletionStage<Object> gate = batch.getBucket(RedisKeys.gate(sessionId)).getAsync();
        CompletionStage<Object> gateTime = batch.getBucket(RedisKeys.gateTime(sessionId)).getAsync();
        batch.execute();
        Map<Long, Integer> left = new HashMap<>();
        permits.forEach((slotId, value) -> {
            Object permit = value.toCompletableFuture().join();
            if (permit != null) {
                left.put(slotId, Math.max(0, Integer.parseInt(permit.toString())));
            }
        });
        Object gateValue = gate.toCompletableFuture().join();
        Object opensAtValue = gateTime.toCompletableFuture().join();
        Long opensAt = opensAtValue == null ? null : Long.valueOf(opensAtValue.toString());
        boolean open = "1".equals(gateValue) || (opensAt != null && clock.millis() >= opensAt);
        return new Snapshot(Map.copyOf(left), open, opensAt);
    }
}
