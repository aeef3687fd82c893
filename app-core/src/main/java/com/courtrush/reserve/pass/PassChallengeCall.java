package com.courtrush.reserve.pass;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/pass_challenge.lua}: a new booking-pass challenge for a student (the one they had is void),
 * unless they have been given as many as the opening allows.
 *
 * @param answer   the challenge's answer, lower case
 * @param attempts attempts allowed at it
 * @param ttlMs    how long it can be answered
 * @param allowed  challenges allowed per student and opening
 * @param expireAt epoch second at which the opening's keys expire
 */
public record PassChallengeCall(
        long sessionId, long userId, String answer, int attempts, long ttlMs, int allowed, long expireAt)
        implements ScriptCall {

    public static final RedisScript<PassChallengeCall, Reply> SCRIPT =
            RedisScript.writing(LuaScript.load("pass_challenge"), RScript.ReturnType.MULTI, PassChallengeCall::read);

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.passChallenge(sessionId, userId), RedisKeys.passChallengesIssued(sessionId, userId));
    }

    @Override
    public Object[] args() {
        return new Object[] {
            answer, Integer.toString(attempts), Long.toString(ttlMs), Integer.toString(allowed), Long.toString(expireAt)
        };
    }

    public enum Outcome {
        ISSUED,
        /** The student has had as many challenges as the opening allows. */
        TOO_MANY
    }

    /** @param count the challenges the student has asked for in the opening, this one included */
    public record Reply(Outcome outcome, long count) {}

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        return new Reply(Outcome.valueOf(reply.get(0).toString()), ((Number) reply.get(1)).longValue());
    }
}
