package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.TestProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Hashing waits while an opening's rush is on, and only so long. */
class PasswordHashingTest {

    @Test
    void aHashStartsOnlyOnceTheRushIsOver() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        AtomicInteger checks = new AtomicInteger();
        RushHours rushForThreeChecks = () -> {
            boolean on = checks.incrementAndGet() <= 3;
            events.add(on ? "rush" : "quiet");
            return on ? Duration.ofSeconds(5) : Duration.ZERO;
        };
        try (PasswordHashing hashing = new PasswordHashing(
                new SignInHold(
                        rushForThreeChecks, TestProperties.courtRush(Map.of("courtrush.auth.sign-in-hold", "10s"))),
                new SimpleMeterRegistry(),
                TestProperties.courtRush(Map.of("courtrush.auth.sign-in-hold", "10s")))) {
            String hashed = hashing.run(() -> {
                        events.add("hash");
                        return "done";
                    })
                    .get();
            assertThat(hashed).isEqualTo("done");
        }
        assertThat(events).containsExactly("rush", "rush", "rush", "quiet", "hash");
    }

    @Test
    void aRushThatDoesNotEndHoldsAHashNoLongerThanTheHoldAndNoHoldHoldsNothing() throws Exception {
        AtomicInteger checks = new AtomicInteger();
        RushHours endless = () -> {
            checks.incrementAndGet();
            return Duration.ofSeconds(5);
        };
        try (PasswordHashing hashing = new PasswordHashing(
                new SignInHold(endless, TestProperties.courtRush(Map.of("courtrush.auth.sign-in-hold", "200ms"))),
                new SimpleMeterRegistry(),
                TestProperties.courtRush(Map.of("courtrush.auth.sign-in-hold", "200ms")))) {
            assertThat(hashing.run(() -> "done").get()).isEqualTo("done");
        }
        // checked every 100 ms for at most the hold plus the second before the flash time
        assertThat(checks.get()).isBetween(2, 13);

        checks.set(0);
        try (PasswordHashing hashing = new PasswordHashing(
                new SignInHold(endless, TestProperties.courtRush(Map.of("courtrush.auth.sign-in-hold", "0s"))),
                new SimpleMeterRegistry(),
                TestProperties.courtRush(Map.of("courtrush.auth.sign-in-hold", "0s")))) {
            assertThat(hashing.run(() -> "done").get()).isEqualTo("done");
        }
        assertThat(checks.get()).as("with no hold the rush is not even asked").isZero();
    }
}
