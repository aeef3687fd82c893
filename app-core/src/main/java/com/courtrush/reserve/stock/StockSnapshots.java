package com.courtrush.reserve.stock;

import com.courtrush.infra.config.BackgroundWork;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.opening.GateReading;
import com.courtrush.slot.LiveStock;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Duration;
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
 * answer read this, not Redis. A snapshot older than that is read again in the background while the
 * crowd goes on with the one it has (a read that waited for Redis held every sold-out answer of the
 * opening behind it, every half second); one older than {@link #STALE_LIMIT_FACTOR} times that is
 * not served.
 */
@Component
class StockSnapshots implements LiveStock {

    static final int STALE_LIMIT_FACTOR = 10;

    private final RedissonClient redisson;
    private final SlotCatalog catalogs;
    private final LoadingCache<Long, Snapshot> cache;

    StockSnapshots(
            RedissonClient redisson, SlotCatalog catalogs, CourtRushProperties properties, BackgroundWork refreshes) {
        this.redisson = redisson;
        this.catalogs = catalogs;
        Duration ttl = properties.reserve().stockSnapshotTtl();
        this.cache = Caffeine.newBuilder()
                .refreshAfterWrite(ttl)
                .expireAfterWrite(ttl.multipliedBy(STALE_LIMIT_FACTOR))
                .executor(refreshes)
                .maximumSize(1_000)
                .build(this::readById);
    }

    @Override
    public Snapshot snapshot(SessionCatalog catalog) {
        Snapshot held = cache.get(catalog.session().getId());
        return held != null ? held : read(catalog); // the catalog has not caught up with the caller's yet
    }

    @Override
    public Snapshot since(SessionCatalog catalog, long nanos) {
        long sessionId = catalog.session().getId();
        Snapshot held = cache.getIfPresent(sessionId);
        if (held != null && held.readAfter(nanos)) {
            return held;
        }
        // one read for every caller that finds the snapshot too old meanwhile: they wait for it, then share it
        return cache.asMap().compute(sessionId, (id, old) -> old != null && old.readAfter(nanos) ? old : read(catalog));
    }

    /** The opening as the catalog has it now (null, not cached, for one that is gone). */
    private Snapshot readById(Long sessionId) {
        return catalogs.session(sessionId).map(this::read).orElse(null);
    }

    private Snapshot read(SessionCatalog catalog) {
        long readFrom = System.nanoTime();
        long sessionId = catalog.session().getId();
        RBatch batch = redisson.createBatch();
        Map<Long, CompletionStage<Object>> permits = new LinkedHashMap<>();
        for (SlotInfo slot : catalog.slots()) {
            permits.put(
                    slot.slotId(),
                    batch.getBucket(RedisKeys.semaphore(sessionId, slot.slotId()))
                            .getAsync());
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
        return new Snapshot(Map.copyOf(left), gate.toCompletableFuture().join(), readFrom);
    }
}
