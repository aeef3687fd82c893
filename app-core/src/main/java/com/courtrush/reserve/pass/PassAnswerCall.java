package com.courtrush.reserve.pass;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/pass_answer.lua}: an answer to the student's challenge; right, the new pass's hash is kept.
 *
 * @param answer   the answer given, lower case
 * @param passHash the hash of the pass the right answer gives
 * @param expireAt epoch second at which the pass expires (the opening's keys do)
 */
public record PassAnswerCall(long sessionId, long userId, String answer, String passHash, long expireAt)
        implements ScriptCall {

    public static final RedisScript<PassAnswerCall, Reply> SCRIPT =
            RedisScript.writing(LuaScript.load("pass_answer"), RScript.ReturnType.MULTI, PassAnswerCall::read);

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.passChallenge(sessionId, userId), RedisKeys.pass(sessionId, userId));
    }

    @Override
    public Object[] args() {
        return new Object[] {answer, passHash, Long.toString(expireAt)};
    }

    public enum Outcome {
        /** Right: the pass is kept, the challenge used up. */
        PASSED,
        /** Wrong, with attempts left. */
        WRONG,
        /** Wrong, and the last attempt: the challenge is gone. */
        EXHAUSTED,
        /** No challenge to answer (never asked for, expired, used up). */
        NO_CHALLENGE
    }

    /** @param attemptsLeft for WRONG, the attempts left (else 0) */
    public record Reply(Outcome outcome, long attemptsLeft) {}

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        return new Reply(Outcome.valueOf(reply.get(0).toString()), ((Number) reply.get(1)).longValue());
    }
}
