package com.courtrush.account;

import com.courtrush.infra.RedisKeys;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.client.protocol.ScoredEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Logged-out tokens. Kept in Redis (a sorted set scored by the token's expiry) and mirrored in
 * memory on every node, so that checking a token costs no Redis round trip: a revocation is
 * broadcast at once and the mirror is reloaded every half minute in case a broadcast was missed.
 */
@Component
class TokenRevocations {

    private static final Logger log = LoggerFactory.getLogger(TokenRevocations.class);

    private final RScoredSortedSet<String> revoked;
    private final RTopic topic;
    private final Clock clock;
    private final Map<String, Long> local = new ConcurrentHashMap<>();
    private final org.redisson.api.RMap<String, String> userCutoffs;
    private final Map<Long, Long> localCutoffs = new ConcurrentHashMap<>();
    private static final String USER_PREFIX = "u:";

    TokenRevocations(RedissonClient redisson, Clock clock) {
        this.revoked = redisson.getScoredSortedSet(RedisKeys.REVOKED_TOKENS);
        this.topic = redisson.getTopic(RedisKeys.TOKEN_REVOKED_TOPIC);
        this.userCutoffs = redisson.getMap(RedisKeys.USER_TOKEN_CUTOFF);
        this.clock = clock;
        topic.addListener(String.class, (channel, message) -> remember(message));
        reload();
    }

    void revoke(String tokenId, Instant expiresAt) {
        long expiry = expiresAt.getEpochSecond();
        revoked.add(expiry, tokenId);
        local.put(tokenId, expiry);
        topic.publish(tokenId + ":" + expiry);
    }

    /** Every token of the student issued up to now stops working, on every node (account disabled). */
    void revokeUser(long userId, Instant now) {
        long cutoff = now.getEpochSecond();
        userCutoffs.fastPut(Long.toString(userId), Long.toString(cutoff));
        localCutoffs.put(userId, cutoff);
        topic.publish(USER_PREFIX + userId + ":" + cutoff);
    }

    boolean isRevoked(String tokenId) {
        return local.containsKey(tokenId);
    }

    boolean isCutOff(long userId, Instant issuedAt) {
        Long cutoff = localCutoffs.get(userId);
        return cutoff != null && issuedAt.getEpochSecond() <= cutoff;
    }

    @Scheduled(fixedDelay = 30_000, initialDelay = 30_000)
    void reload() {
        long now = Instant.now(clock).getEpochSecond();
        try {
            revoked.removeRangeByScore(Double.NEGATIVE_INFINITY, true, now, true);
            for (ScoredEntry<String> entry : revoked.entryRange(now, false, Double.POSITIVE_INFINITY, true)) {
                local.put(entry.getValue(), entry.getScore().longValue());
            }
            local.values().removeIf(expiry -> expiry <= now);
            userCutoffs.readAllMap().forEach((user, cutoff) ->
                    localCutoffs.put(Long.valueOf(user), Long.valueOf(cutoff)));
        } catch (RuntimeException e) {
            log.warn("Cannot reload revoked tokens from Redis; keeping the {} known locally", local.size(), e);
        }
    }

    private void remember(String message) {
        if (message.startsWith(USER_PREFIX)) {
            String[] parts = message.split(":");
            if (parts.length == 3) {
                localCutoffs.put(Long.valueOf(parts[1]), Long.valueOf(parts[2]));
            }
            return;
        }
        int colon = message.lastIndexOf(':');
        if (colon > 0) {
            try {
                local.put(message.substring(0, colon), Long.parseLong(message.substring(colon + 1)));
            } catch (NumberFormatException e) {
                log.warn("Ignoring a malformed token revocation broadcast");
            }
        }
    }
}
