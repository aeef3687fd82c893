package com.courtrush.reserve.waitlist;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/** {@code lua/offer_left.lua}: how long a student's offer of a slot has left, by Redis's clock. */
public record OfferLeftCall(long sessionId, long slotId, long userId) implements ScriptCall {

    public static final RedisScript<OfferLeftCall, Reply> SCRIPT =
            RedisScript.reading(LuaScript.load("offer_left"), RScript.ReturnType.MULTI, OfferLeftCall::read);

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.offer(sessionId, slotId));
    }

    @Override
    public Object[] args() {
        return new Object[] {Long.toString(userId)};
    }

    /**
     * @param endsMs     when the offer ends, epoch ms on Redis's clock; -1 when Redis holds none for the student
     *                   (passed on, taken, or never made)
     * @param redisNowMs Redis's clock when it was read
     */
    public record Reply(long endsMs, long redisNowMs) {

        /** Whether the student may still take the place: Redis holds the offer and its end has not come. */
        public boolean open() {
            return endsMs > redisNowMs;
        }

        /** The whole seconds the offer has left (0 once it is not open). */
        public long secondsLeft() {
            return open() ? (endsMs - redisNowMs) / 1000 : 0;
        }
    }

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        return new Reply(((Number) reply.get(0)).longValue(), ((Number) reply.get(1)).longValue());
    }
}
