package com.courtrush.reserve.rehearsal;

import com.courtrush.infra.redis.RedisKeys;
import java.time.Clock;
import java.time.Duration;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The Redis keys of the rehearsals' openings: each round's are deleted when it ends, and the rounds begun are listed
 * ({@link RedisKeys#REHEARSALS}) so that a node killed mid-round leaves its keys to the next node, which deletes them
 * (they also expire).
 */
@Component
class RehearsalKeys {

    private static final Logger log = LoggerFactory.getLogger(RehearsalKeys.class);

    /**
     * Every node deletes the keys of rehearsals begun this long ago: a round ends within half a minute, so their node
     * went away mid-round.
     */
    static final Duration LEFT_BEHIND = Duration.ofMinutes(1);

    private final RedissonClient redisson;
    private final Clock clock;

    RehearsalKeys(RedissonClient redisson, Clock clock) {
        this.redisson = redisson;
        this.clock = clock;
    }

    /** A round begins: listed until it ends. */
    void begun(long sessionId) {
        RScoredSortedSet<String> begun = rounds();
        begun.add(clock.millis(), Long.toString(sessionId));
        begun.expire(Duration.ofDays(2));
    }

    /** A round ended: its keys deleted, and it is no longer listed. */
    void ended(long sessionId) {
        delete(sessionId);
        rounds().remove(Long.toString(sessionId));
    }

    /** The keys of rehearsals whose node went away mid-round (killed): nobody else deletes them. */
    void forgetLeftBehind() {
        RScoredSortedSet<String> begun = rounds();
        for (String sessionId : begun.valueRange(0, true, clock.millis() - LEFT_BEHIND.toMillis(), true)) {
            delete(Long.parseLong(sessionId));
            begun.remove(sessionId);
            log.info("Deleted the Redis keys of rehearsal {}, left by a node that went away mid-round", sessionId);
        }
    }

    private RScoredSortedSet<String> rounds() {
        return redisson.getScoredSortedSet(RedisKeys.REHEARSALS, StringCodec.INSTANCE);
    }

    private void delete(long sessionId) {
        try {
            redisson.getKeys().deleteByPattern(RedisKeys.opening(sessionId) + "*");
        } catch (RuntimeException e) {
            log.warn(
                    "The keys of rehearsal {} could not be deleted now ({}); the next node to start deletes them, and"
                            + " they expire",
                    sessionId,
                    e.toString());
        }
    }
}
