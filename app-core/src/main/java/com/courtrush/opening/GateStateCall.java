package com.courtrush.opening;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/gate_state.lua}: an opening's gate with Redis's clock, read into a {@link GateReading} stamped
 * with this node's monotonic clock when the reply arrives. Sent as a script that may write (to the master,
 * whose clock opens the gate), though it changes nothing.
 */
public record GateStateCall(long sessionId) implements ScriptCall {

    public static final RedisScript<GateStateCall, GateReading> SCRIPT =
            RedisScript.writing(LuaScript.load("gate_state"), RScript.ReturnType.MULTI, GateStateCall::read);

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.gate(sessionId), RedisKeys.gateTime(sessionId));
    }

    /** {gate or '', opensAt or '', Redis's now}, read the moment it arrived. */
    public static GateReading read(Object raw) {
        long arrived = System.nanoTime();
        List<?> values = (List<?>) raw;
        String gate = values.get(0).toString();
        String opensAt = values.get(1).toString();
        return new GateReading(
                "1".equals(gate),
                !gate.isEmpty(),
                opensAt.isEmpty() ? null : Long.valueOf(opensAt),
                Long.parseLong(values.get(2).toString()),
                arrived);
    }
}
