package com.courtrush.account;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.CourtRushProperties;
import java.time.Duration;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * Slows down password guessing, on every node alike ({@code lua/sign_in_throttle.lua}): per student
 * id, an attempt counts from the moment it is let through — guesses for one id sent in parallel count
 * before their passwords are hashed — and a success starts the count again; per client address, with
 * a high threshold (a campus NAT puts thousands of students behind one address), failures count once
 * they have failed — a sign-in storm's right attempts waiting for the hashing pool must not lock the
 * address out (decision 17); the hashing pool's queue bounds the guesses one address can have waiting.
 * Past a threshold each attempt doubles the wait. A sign-in that must wait is refused before its
 * password is hashed, so guessing costs the server one Redis call, not a hash.
 */
@Component
class SignInThrottle {

    private final RScript script;
    private final CourtRushProperties.Auth settings;

    SignInThrottle(RedissonClient redisson, CourtRushProperties properties) {
        this.script = redisson.getScript();
        this.settings = properties.auth();
    }

    /**
     * Lets a sign-in attempt of this id from this address through, and counts it; refuses it (429
     * with Retry-After) while they must wait.
     */
    void attempt(String studentId, String address) {
        refuseIfWaiting(call(SignInThrottleCall.Step.ATTEMPT, studentId, address));
    }

    /** The attempt succeeded: the id's count starts again. */
    void succeeded(String studentId, String address) {
        call(SignInThrottleCall.Step.OK, studentId, address);
    }

    /** The attempt failed (wrong id or password, a disabled account): the address counts it. */
    void failed(String studentId, String address) {
        call(SignInThrottleCall.Step.FAILED, studentId, address);
    }

    /**
     * The attempt was refused before its password was checked — the pools that check passwords were full or it
     * waited too long — and does not count for the id: a storm's refusals and their retries lock nobody out.
     */
    void untried(String studentId, String address) {
        call(SignInThrottleCall.Step.UNTRIED, studentId, address);
    }

    private long call(SignInThrottleCall.Step step, String studentId, String address) {
        SignInThrottleCall call = new SignInThrottleCall(
                step,
                studentId,
                address,
                settings.failuresPerStudent(),
                settings.failuresPerAddress(),
                settings.failureWindow().toMillis(),
                settings.longestWait().toMillis());
        return SignInThrottleCall.SCRIPT.call(script, call).waitMs();
    }

    private static void refuseIfWaiting(long waitMs) {
        if (waitMs > 0) {
            throw new CourtRushException(Outcome.TOO_MANY_REQUESTS, "auth.throttled", (waitMs + 999) / 1000)
                    .withRetryAfter(Duration.ofMillis(waitMs));
        }
    }
}
