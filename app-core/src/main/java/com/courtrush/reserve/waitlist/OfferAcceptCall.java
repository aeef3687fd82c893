package com.courtrush.reserve.waitlist;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import com.courtrush.reserve.record.ReserveMessage;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/offer_accept.lua}: a student takes the place offered to them; it becomes a grant, pending and in
 * flight like one of the reserve script.
 *
 * @param grant             the grant it becomes (its trace, student, slot, opening)
 * @param pendingTtlSeconds how long its pending record lives
 * @param limit             the opening's per-student limit
 * @param expireAt          epoch second at which the opening's keys expire
 * @param place             when the slot is played ({@code SharePlace#arg}), for the fair share
 * @param shareRules        the fair-share rules ({@code ShareRules#arg})
 */
public record OfferAcceptCall(
        ReserveMessage grant, long pendingTtlSeconds, int limit, long expireAt, String place, String shareRules)
        implements ScriptCall {

    public static final RedisScript<OfferAcceptCall, Reply> SCRIPT = RedisScript.writing(
            LuaScript.load("offer_accept", "share"), RScript.ReturnType.MULTI, OfferAcceptCall::read);

    @Override
    public List<Object> keys() {
        long opening = grant.sessionId();
        return List.of(
                RedisKeys.offer(opening, grant.slotId()),
                RedisKeys.offers(opening),
                RedisKeys.dedup(opening, grant.slotId()),
                RedisKeys.quota(opening),
                RedisKeys.pending(opening, grant.traceId()),
                RedisKeys.inflight(opening),
                RedisKeys.blocked(opening),
                RedisKeys.share(opening));
    }

    @Override
    public Object[] args() {
        return new Object[] {
            Long.toString(grant.userId()),
            Long.toString(grant.slotId()),
            grant.pendingValue(),
            Long.toString(pendingTtlSeconds),
            grant.inflightMember(),
            Integer.toString(limit),
            Long.toString(expireAt),
            place,
            shareRules
        };
    }

    public enum Outcome {
        /** Taken: a grant. */
        ACCEPTED,
        /** No offer (none made, passed on, or expired). */
        NO_OFFER,
        /** Blocked by no-show strikes; value = epoch ms the block ends. */
        BLOCKED,
        /** The student holds as many places as the opening allows; value = how many. */
        QUOTA_EXCEEDED,
        /** The student holds the slot already. */
        DUP_REQ,
        /** The place would take the student past their fair share ({@link Reply#rule}, {@link Reply#holding}). */
        SHARE_USED
    }

    /**
     * @param redisNowMs Redis's clock when the script ran
     * @param rule       for SHARE_USED, the rule broken
     * @param holding    for SHARE_USED, the entries that count against it ("key,slotId,start,end")
     */
    public record Reply(Outcome outcome, long value, long redisNowMs, String rule, List<String> holding) {}

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        Outcome outcome = Outcome.valueOf(reply.get(0).toString());
        boolean shareUsed = outcome == Outcome.SHARE_USED;
        return new Reply(
                outcome,
                ((Number) reply.get(1)).longValue(),
                ((Number) reply.get(2)).longValue(),
                shareUsed ? reply.get(4).toString() : null,
                shareUsed
                        ? ((List<?>) reply.get(3))
                                .stream().map(Object::toString).toList()
                        : List.of());
    }
}
