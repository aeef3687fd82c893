package com.courtrush.reserve.stock;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/blocked.lua}: writes an opening's copy of the students blocked by no-show strikes — the whole
 * copy ({@code replace}) or some students' lines.
 *
 * @param replace  the copy is replaced by these lines (a warm-up); else only these students' lines change
 * @param expireAt epoch second at which the opening's keys expire
 * @param lines    each student's block
 */
public record BlockedCall(long sessionId, boolean replace, long expireAt, List<Line> lines) implements ScriptCall {

    public static final RedisScript<BlockedCall, Reply> SCRIPT =
            RedisScript.writing(LuaScript.load("blocked"), RScript.ReturnType.INTEGER, BlockedCall::read);

    /** @param untilMs epoch ms at which the student's block ends; 0: not blocked (the line is removed) */
    public record Line(long userId, long untilMs) {}

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.blocked(sessionId));
    }

    @Override
    public Object[] args() {
        Object[] args = new Object[2 + 2 * lines.size()];
        args[0] = replace ? "replace" : "one";
        args[1] = Long.toString(expireAt);
        int i = 2;
        for (Line line : lines) {
            args[i++] = Long.toString(line.userId());
            args[i++] = Long.toString(line.untilMs());
        }
        return args;
    }

    /** @param blocked the students the opening's copy holds now */
    public record Reply(long blocked) {}

    public static Reply read(Object raw) {
        return new Reply(((Number) raw).longValue());
    }
}
