package com.courtrush.reserve.waitlist;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import com.courtrush.reserve.recover.PlaceOffers;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/offer_pass.lua} (with {@code lua/lib/offers.lua}): a student's offer of a slot passed on —
 * declined, or ({@code expire}) only if its time has come — to the next student waiting, or back on sale.
 *
 * @param terms the terms of an offer of the place to the next student
 */
public record OfferPassCall(long sessionId, long slotId, long userId, PlaceOffers.Terms terms, boolean expire)
        implements ScriptCall {

    public static final RedisScript<OfferPassCall, Reply> SCRIPT = RedisScript.writing(
            LuaScript.load("offer_pass", "share", "offers"), RScript.ReturnType.MULTI, OfferPassCall::read);

    @Override
    public List<Object> keys() {
        return List.of(
                RedisKeys.waitlist(sessionId, slotId),
                RedisKeys.offer(sessionId, slotId),
                RedisKeys.offers(sessionId),
                RedisKeys.dedup(sessionId, slotId),
                RedisKeys.quota(sessionId),
                RedisKeys.blocked(sessionId),
                RedisKeys.semaphore(sessionId, slotId),
                RedisKeys.slotOff(sessionId, slotId),
                RedisKeys.share(sessionId));
    }

    @Override
    public Object[] args() {
        List<Object> offer = terms.args();
        return new Object[] {
            Long.toString(userId),
            Long.toString(slotId),
            offer.get(0),
            offer.get(1),
            offer.get(2),
            offer.get(3),
            expire ? "expire" : "decline",
            offer.get(4),
            offer.get(5)
        };
    }

    public enum Outcome {
        /** Offered to the next student waiting ({@link Reply#move}). */
        OFFERED,
        /** Back on sale. */
        ON_SALE,
        /** The student holds no offer of the slot. */
        NO_OFFER,
        /** An expiry asked for before the offer's time. */
        NOT_DUE
    }

    /** @param move who was offered the place, who was passed over */
    public record Reply(Outcome outcome, PlaceOffers.Move move) {}

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        return new Reply(Outcome.valueOf(reply.get(0).toString()), PlaceOffers.Move.read(reply, 1));
    }
}
