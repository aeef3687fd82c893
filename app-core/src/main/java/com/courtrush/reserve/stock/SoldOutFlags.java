package com.courtrush.reserve.stock;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.RedisKeys;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * This node's memory of sold-out slots, so that the crowd hitting a sold-out slot is answered
 * without calling Redis. Every release of stock is broadcast and drops the flag on every node; a
 * flag also lapses after {@code courtrush.reserve.sold-out-recheck} (1 s), so a lost broadcast
 * cannot keep a slot "sold out" for longer than that after a release.
 *
 * <p>A flag is only set if no release arrived since the decision that found the slot sold out
 * began ({@link #ticket}), so a release racing that decision cannot be overwritten by it.
 *
 * <p>A flag keeps who held the slot when it sold out (no one can join them before a release, which
 * drops the flag): a holder asking again is told the place is theirs, not that it is sold out.
 */
@Component
public class SoldOutFlags {

    private static final Logger log = LoggerFactory.getLogger(SoldOutFlags.class);

    private final Map<Long, Flag> flags = new ConcurrentHashMap<>();
    private final RTopic topic;
    private final long recheckNanos;

    SoldOutFlags(RedissonClient redisson, CourtRushProperties properties) {
        this.topic = redisson.getTopic(RedisKeys.STOCK_RELEASED_TOPIC);
        this.recheckNanos = properties.reserve().soldOutRecheck().toNanos();
        topic.addListener(String.class, (channel, slotId) -> {
            try {
                forget(Long.parseLong(slotId));
            } catch (NumberFormatException e) {
                log.warn("Ignoring a malformed stock-released broadcast");
            }
        });
    }

    /** What this node can answer about a slot without Redis. */
    public enum Known {
        NOTHING,
        SOLD_OUT,
        HELD_BY_ASKER
    }

    public Known known(long slotId, long userId) {
        Flag flag = current(slotId);
        if (flag == null) {
            return Known.NOTHING;
        }
        return flag.holders.contains(userId) ? Known.HELD_BY_ASKER : Known.SOLD_OUT;
    }

    public boolean isSoldOut(long slotId) {
        return current(slotId) != null;
    }

    private Flag current(long slotId) {
        Flag flag = flags.get(slotId);
        return flag != null && flag.soldOutAt != 0 && System.nanoTime() - flag.soldOutAt < recheckNanos ? flag : null;
    }

    /** Taken before asking Redis; {@link #markSoldOut} only sets the flag if no release came since. */
    public long ticket(long slotId) {
        Flag flag = flags.get(slotId);
        return flag == null ? 0 : flag.releases;
    }

    /** @param holders the students holding the slot as Redis found it sold out */
    public void markSoldOut(long slotId, long ticket, Set<Long> holders) {
        flags.compute(slotId, (id, flag) -> {
            long releases = flag == null ? 0 : flag.releases;
            return releases == ticket ? new Flag(releases, nonZeroNow(), Set.copyOf(holders)) : flag;
        });
    }

    /** Stock of the slot came back: forget the flag here and on every other node. */
    public void released(long slotId) {
        forget(slotId);
        try {
            topic.publish(Long.toString(slotId));
        } catch (RuntimeException e) {
            log.warn(
                    "Cannot broadcast that slot {} got stock back; other nodes re-check within {} ms",
                    slotId,
                    recheckNanos / 1_000_000,
                    e);
        }
    }

    void forget(long slotId) {
        flags.compute(slotId, (id, flag) -> new Flag(flag == null ? 1 : flag.releases + 1, 0, Set.of()));
    }

    private static long nonZeroNow() {
        long now = System.nanoTime();
        return now == 0 ? 1 : now;
    }

    private record Flag(long releases, long soldOutAt, Set<Long> holders) {}
}
