package com.courtrush.reserve.waitlist;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.recover.PlaceOffers;
import java.util.List;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * The waitlist's Redis side: joining a line ({@link WaitJoinCall}), passing an offered place on, declined or
 * expired ({@link OfferPassCall}), the offers due ({@link OffersDueCall}); a student's place in a line and the
 * time their offer has left ({@link OfferLeftCall}).
 */
@Component
class WaitlistScripts {

    private final RedissonClient redisson;
    private final RScript script;

    WaitlistScripts(RedissonClient redisson) {
        this.redisson = redisson;
        this.script = redisson.getScript();
    }

    /** Joins the slot's line, if the student may. */
    WaitJoinCall.Reply join(long sessionId, long slotId, long userId, int perSlot, PlaceOffers.Terms terms) {
        return WaitJoinCall.SCRIPT.call(
                script, new WaitJoinCall(sessionId, slotId, userId, perSlot, terms.limit(), terms.expireAt()));
    }

    /** Passes the student's offer of the slot on: declined, or ({@code expire}) only if its time has come. */
    OfferPassCall.Reply pass(long sessionId, long slotId, long userId, PlaceOffers.Terms terms, boolean expire) {
        return OfferPassCall.SCRIPT.call(script, new OfferPassCall(sessionId, slotId, userId, terms, expire));
    }

    /** The student's place in the slot's line (1 = next), or null when not in it. */
    Long position(long sessionId, long slotId, long userId) {
        Integer rank = line(sessionId, slotId).rank(Long.toString(userId));
        return rank == null ? null : rank + 1L;
    }

    /**
     * How long the student's offer of the slot has left, as Redis holds it and by Redis's clock: Redis decides
     * offers, the database follows.
     */
    OfferLeftCall.Reply offerLeft(long sessionId, long slotId, long userId) {
        return OfferLeftCall.SCRIPT.call(script, new OfferLeftCall(sessionId, slotId, userId));
    }

    /** Leaves the slot's line; whether the student was in it. */
    boolean leave(long sessionId, long slotId, long userId) {
        return line(sessionId, slotId).remove(Long.toString(userId));
    }

    private RScoredSortedSet<String> line(long sessionId, long slotId) {
        return redisson.getScoredSortedSet(RedisKeys.waitlist(sessionId, slotId));
    }

    /** The opening's offers due by Redis's clock. */
    List<OffersDueCall.Due> due(long sessionId) {
        return OffersDueCall.SCRIPT.call(script, new OffersDueCall(sessionId)).due();
    }
}
