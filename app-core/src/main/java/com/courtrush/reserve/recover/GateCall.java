package com.courtrush.reserve.recover;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/gate.lua}: sets an opening's gate as its state says — never for an opening Redis does not hold.
 *
 * @param mode     how
 * @param flashMs  the opening's flash time, epoch ms
 * @param expireAt epoch second at which the opening's keys expire
 */
public record GateCall(long sessionId, Mode mode, long flashMs, long expireAt) implements ScriptCall {

    public static final RedisScript<GateCall, Gate> SCRIPT =
            RedisScript.writing(LuaScript.load("gate"), RScript.ReturnType.VALUE, GateCall::read);

    /** How the gate is set (ARGV[1]). */
    public enum Mode {
        /** Open now. */
        OPEN,
        /** Shut, and it will not open by itself. */
        CLOSED,
        /** Opens by itself at the flash time (open already if that has passed; an open gate stays open). */
        TIMED
    }

    /** The gate after the call. */
    public enum Gate {
        /** "1". */
        OPEN,
        /** "0". */
        SHUT,
        /** Redis does not hold the opening: nothing was set. */
        COLD
    }

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.gate(sessionId), RedisKeys.gateTime(sessionId), RedisKeys.warm(sessionId));
    }

    @Override
    public Object[] args() {
        return new Object[] {mode.name(), Long.toString(flashMs), Long.toString(expireAt)};
    }

    public static Gate read(Object raw) {
        if (raw == null) {
            // closing an opening after its day sets an expiry already past: Redis deletes the gate
            // there and then, and a gate that is gone is shut
            return Gate.SHUT;
        }
        String gate = String.valueOf(raw);
        return switch (gate) {
            case "1" -> Gate.OPEN;
            case "0" -> Gate.SHUT;
            case "COLD" -> Gate.COLD;
            default -> throw new IllegalStateException("Unknown gate " + gate);
        };
    }
}
