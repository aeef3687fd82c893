package com.courtrush.reserve.record;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.RedisKeys;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.redisson.api.RBucket;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * When the consumers last could not record a grant because a service was unreachable — this
 * node's, and any node's through Redis. The reconciler gives a grant up when it has "no record N s
 * after it was granted"; while consumers wait out an outage, with the messages safe in the broker,
 * that is not the grant's fault: the reconciler (and a student asking after a trace nobody has)
 * waits until the consumers have had a whole horizon since the last outage.
 */
@Component
public class RecordingOutages {

    private static final Logger log = LoggerFactory.getLogger(RecordingOutages.class);

    private final AtomicLong lastSeenNanos = new AtomicLong(Long.MIN_VALUE);
    private final RBucket<String> shared;
    private final Duration horizon;

    RecordingOutages(RedissonClient redisson, CourtRushProperties properties) {
        this.shared = redisson.getBucket(RedisKeys.CONSUMER_OUTAGE);
        this.horizon = properties.reserve().reconcileHorizon();
    }

    /** A consumer is waiting because a service cannot be reached. */
    void seen() {
        lastSeenNanos.set(System.nanoTime());
        try {
            shared.set(Long.toString(System.currentTimeMillis()), horizon);
        } catch (RuntimeException e) {
            // Redis may be what is unreachable: this node's own mark still holds its reconciler back
            log.debug("Could not share the consumers' outage mark through Redis: {}", e.toString());
        }
    }

    /** No consumer, here or on another node, met an outage for at least the reconciler's horizon. */
    public boolean quiet() {
        long last = lastSeenNanos.get();
        boolean quietHere = last == Long.MIN_VALUE || System.nanoTime() - last >= horizon.toNanos();
        return quietHere && !shared.isExists();
    }
}
