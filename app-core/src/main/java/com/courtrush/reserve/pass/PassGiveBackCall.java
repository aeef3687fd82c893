package com.courtrush.reserve.pass;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/pass_give_back.lua}: the pass a grant spent comes back, if that grant (its trace) spent it and
 * the student has had no new one since.
 */
public record PassGiveBackCall(long sessionId, long userId, String traceId) implements ScriptCall {

    public static final RedisScript<PassGiveBackCall, Reply> SCRIPT =
            RedisScript.writing(LuaScript.load("pass_give_back"), RScript.ReturnType.INTEGER, PassGiveBackCall::read);

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.pass(sessionId, userId));
    }

    @Override
    public Object[] args() {
        return new Object[] {traceId};
    }

    /** @param givenBack the pass is usable again */
    public record Reply(boolean givenBack) {}

    public static Reply read(Object raw) {
        return new Reply(((Number) raw).longValue() == 1);
    }
}
