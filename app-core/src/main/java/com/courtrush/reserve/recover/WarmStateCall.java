package com.courtrush.reserve.recover;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import com.courtrush.opening.StockWarmer;
import java.util.List;
import org.redisson.api.RScript;

/** {@code lua/warm_state.lua}: whether Redis holds an opening as this very Redis built it. */
public record WarmStateCall(long sessionId) implements ScriptCall {

    public static final RedisScript<WarmStateCall, StockWarmer.WarmState> SCRIPT =
            RedisScript.reading(LuaScript.load("warm_state"), RScript.ReturnType.VALUE, WarmStateCall::read);

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.warm(sessionId));
    }

    public static StockWarmer.WarmState read(Object raw) {
        return StockWarmer.WarmState.valueOf(raw.toString());
    }
}
