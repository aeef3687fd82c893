package com.courtrush.monitor;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/** {@code lua/ping.lua}: the health check's PING, answered by a master. No keys, no arguments. */
public record PingCall() implements ScriptCall {

    public static final RedisScript<PingCall, Reply> SCRIPT =
            RedisScript.reading(LuaScript.load("ping"), RScript.ReturnType.STATUS, PingCall::read);

    @Override
    public List<Object> keys() {
        return List.of();
    }

    /** @param status what Redis answered ({@code PONG}) */
    public record Reply(String status) {}

    public static Reply read(Object raw) {
        return new Reply(String.valueOf(raw));
    }
}
