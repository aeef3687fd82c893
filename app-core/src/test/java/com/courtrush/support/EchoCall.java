package com.courtrush.support;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/** The test script {@code lua/pipeline-echo.lua}: counts its calls on a key, answers {key, arg, count}. */
public record EchoCall(String key, String arg) implements ScriptCall {

    public static final RedisScript<EchoCall, List<Object>> SCRIPT =
            RedisScript.writing(LuaScript.load("pipeline-echo"), RScript.ReturnType.MULTI, EchoCall::read);

    @Override
    public List<Object> keys() {
        return List.of(key);
    }

    @Override
    public Object[] args() {
        return new Object[] {arg};
    }

    @SuppressWarnings("unchecked")
    public static List<Object> read(Object raw) {
        return (List<Object>) raw;
    }
}
