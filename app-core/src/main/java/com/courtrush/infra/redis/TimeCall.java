package com.courtrush.infra.redis;

import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/time.lua}: Redis's clock, from any master ({@code sessionId} null) or from the master that holds
 * an opening's keys.
 */
public record TimeCall(Long sessionId) implements ScriptCall {

    public static final RedisScript<TimeCall, Reply> SCRIPT =
            RedisScript.reading(LuaScript.load("time"), RScript.ReturnType.MULTI, TimeCall::read);

    @Override
    public List<Object> keys() {
        return sessionId == null ? List.of() : List.of(RedisKeys.warm(sessionId));
    }

    /** @param epochMillis Redis's TIME, epoch milliseconds */
    public record Reply(long epochMillis) {}

    public static Reply read(Object raw) {
        List<?> time = (List<?>) raw;
        return new Reply(Long.parseLong(time.get(0).toString()) * 1000
                + Long.parseLong(time.get(1).toString()) / 1000);
    }
}
