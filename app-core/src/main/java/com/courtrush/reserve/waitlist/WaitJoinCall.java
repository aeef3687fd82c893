package com.courtrush.reserve.waitlist;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/wait_join.lua}: a student joins a slot's waitlist.
 *
 * @param perSlot  most students waiting per slot
 * @param limit    the opening's per-student limit
 * @param expireAt epoch second at which the opening's keys expire
 */
public record WaitJoinCall(long sessionId, long slotId, long userId, int perSlot, int limit, long expireAt)
        implements ScriptCall {

    public static final RedisScript<WaitJoinCall, Reply> SCRIPT =
            RedisScript.writing(LuaScript.load("wait_join"), RScript.ReturnType.MULTI, WaitJoinCall::read);

    @Override
    public List<Object> keys() {
        return List.of(
                RedisKeys.waitlist(sessionId, slotId),
                RedisKeys.semaphore(sessionId, slotId),
                RedisKeys.dedup(sessionId, slotId),
                RedisKeys.quota(sessionId),
                RedisKeys.blocked(sessionId),
                RedisKeys.offer(sessionId, slotId),
                RedisKeys.warm(sessionId));
    }

    @Override
    public Object[] args() {
        return new Object[] {
            Long.toString(userId), Integer.toString(perSlot), Integer.toString(limit), Long.toString(expireAt)
        };
    }

    public enum Outcome {
        /** In line; value = the place in it (1 = next). */
        WAITING,
        /** Places are on sale: book one instead; value = how many. */
        ON_SALE,
        /** The line is full; value = its length. */
        FULL,
        /** Blocked by no-show strikes; value = epoch ms the block ends. */
        BLOCKED,
        /** The student holds the slot. */
        DUP_REQ,
        /** The student holds an offer of the slot. */
        OFFERED,
        /** The student holds as many places as the opening allows; value = how many. */
        QUOTA_EXCEEDED,
        /** Redis does not hold the opening. */
        COLD
    }

    /** @param added for WAITING: this call put the student in line (else they were in it already) */
    public record Reply(Outcome outcome, long value, boolean added) {}

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        return new Reply(
                Outcome.valueOf(reply.get(0).toString()),
                ((Number) reply.get(1)).longValue(),
                reply.size() > 2 && ((Number) reply.get(2)).longValue() == 1);
    }
}
