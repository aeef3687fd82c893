package com.courtrush.reserve.decide;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.CourtRushProperties;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * Local Bucket4j buckets that shed load before anything touches Redis: one for the whole node
 * (default 20,000/s, what the node cannot serve anyway) and, when enabled, one per client IP (off
 * by default: a campus puts many students behind one NAT address).
 */
@Component
class LoadShedder {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final Bucket node;
    private final boolean perIpEnabled;
    private final int perIpPerSecond;
    private final Cache<String, Bucket> perIp = Caffeine.newBuilder()
            .expireAfterAccess(Duration.ofMinutes(2))
            .maximumSize(200_000)
            .build();

    LoadShedder(CourtRushProperties properties) {
        this.node = perSecond(properties.limits().nodePerSecond());
        this.perIpEnabled = properties.limits().perIpEnabled();
        this.perIpPerSecond = properties.limits().perIpPerSecond();
    }

    void admit(String clientIp) {
        if (!node.tryConsume(1)) {
            throw new CourtRushException(Outcome.TOO_MANY_REQUESTS, "reserve.nodeBusy").withRetryAfter(RETRY_AFTER);
        }
        if (perIpEnabled
                && !perIp.get(clientIp, ip -> perSecond(perIpPerSecond)).tryConsume(1)) {
            throw new CourtRushException(Outcome.TOO_MANY_REQUESTS, "reserve.ipBusy").withRetryAfter(RETRY_AFTER);
        }
    }

    private static Bucket perSecond(int permits) {
        return Bucket.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(permits)
                        .refillGreedy(permits, Duration.ofSeconds(1))
                        .build())
                .build();
    }
}
