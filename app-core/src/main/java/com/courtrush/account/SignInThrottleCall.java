package com.courtrush.account;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import java.util.Locale;
import org.redisson.api.RScript;

/**
 * {@code lua/sign_in_throttle.lua}: one step of a sign-in attempt, counted per student id (lower case) and
 * per client address.
 *
 * @param step            what happened to the attempt
 * @param perStudent      attempts allowed per id before each waits
 * @param perAddress      failures allowed per address before each waits
 * @param windowMs        how long an attempt counts
 * @param longestWaitMs   the cap on the doubling wait
 */
public record SignInThrottleCall(
        Step step, String studentId, String address, int perStudent, int perAddress, long windowMs, long longestWaitMs)
        implements ScriptCall {

    public static final RedisScript<SignInThrottleCall, Reply> SCRIPT = RedisScript.writing(
            LuaScript.load("sign_in_throttle"), RScript.ReturnType.INTEGER, SignInThrottleCall::read);

    /** The script's mode (ARGV[1]). */
    public enum Step {
        /** An attempt: let through and counted for the id, unless the id or address must wait. */
        ATTEMPT,
        /** It succeeded: the id's count starts again. */
        OK,
        /** It failed: the address counts it. */
        FAILED,
        /** It was refused before its password was checked (the engine busy): the id no longer counts it. */
        UNTRIED
    }

    @Override
    public List<Object> keys() {
        return List.of(
                RedisKeys.signInFailuresOfId(studentId.toLowerCase(Locale.ROOT)),
                RedisKeys.signInFailuresOfAddress(address));
    }

    @Override
    public Object[] args() {
        return new Object[] {
            step.name(),
            Integer.toString(perStudent),
            Integer.toString(perAddress),
            Long.toString(windowMs),
            Long.toString(longestWaitMs)
        };
    }

    /** @param waitMs how long sign-ins of the id or address must wait (0: the attempt was let through) */
    public record Reply(long waitMs) {}

    public static Reply read(Object raw) {
        return new Reply(((Number) raw).longValue());
    }
}
