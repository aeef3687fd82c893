package com.courtrush.reserve.recover;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import com.courtrush.reserve.record.ReserveMessage;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/release.lua} (with {@code lua/lib/offers.lua}): a student's place in a slot given back, at most
 * once — offered to the first student waiting who may take it, else back on sale.
 *
 * @param grant          the grant whose pending record and in-flight entry go with it; null for none
 * @param onlyIfInFlight the place goes only if the grant is still in flight (a grant given back again)
 * @param logWindowMs    how long the opening's released log keeps the entry
 * @param terms          the terms of an offer of the place
 * @param keepShare      the student's fair share stays taken (a no-show: the place was used)
 */
public record ReleaseCall(
        long sessionId,
        long slotId,
        long userId,
        ReserveMessage grant,
        boolean onlyIfInFlight,
        long logWindowMs,
        PlaceOffers.Terms terms,
        boolean keepShare)
        implements ScriptCall {

    public static final RedisScript<ReleaseCall, Reply> SCRIPT = RedisScript.writing(
            LuaScript.load("release", "share", "offers"), RScript.ReturnType.MULTI, ReleaseCall::read);

    @Override
    public List<Object> keys() {
        String inflight = RedisKeys.inflight(sessionId);
        return List.of(
                RedisKeys.dedup(sessionId, slotId),
                RedisKeys.semaphore(sessionId, slotId),
                RedisKeys.quota(sessionId),
                // with no grant the script touches no pending record: any key of the opening will do
                grant == null ? inflight : RedisKeys.pending(sessionId, grant.traceId()),
                inflight,
                RedisKeys.slotOff(sessionId, slotId),
                RedisKeys.releasedLog(sessionId),
                RedisKeys.waitlist(sessionId, slotId),
                RedisKeys.offer(sessionId, slotId),
                RedisKeys.offers(sessionId),
                RedisKeys.blocked(sessionId),
                RedisKeys.share(sessionId));
    }

    @Override
    public Object[] args() {
        List<Object> offer = terms.args();
        return new Object[] {
            Long.toString(userId),
            grant == null ? "" : grant.inflightMember(),
            Long.toString(slotId),
            Long.toString(logWindowMs),
            onlyIfInFlight ? "1" : "0",
            offer.get(0),
            offer.get(1),
            offer.get(2),
            offer.get(3),
            offer.get(4),
            offer.get(5),
            keepShare ? "1" : "0"
        };
    }

    public enum Outcome {
        /** Back on sale. */
        RELEASED,
        /** Offered to a student waiting ({@link Reply#move}). */
        OFFERED,
        /** The student held no place (given back before), or the grant was no longer in flight. */
        NOTHING_HELD
    }

    /** @param move who was offered the place, who was passed over */
    public record Reply(Outcome outcome, PlaceOffers.Move move) {}

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        return new Reply(Outcome.valueOf(reply.get(0).toString()), PlaceOffers.Move.read(reply, 1));
    }
}
