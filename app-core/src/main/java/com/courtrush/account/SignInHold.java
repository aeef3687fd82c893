package com.courtrush.account;

import com.courtrush.infra.config.CourtRushProperties;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * Sign-ins wait out an opening's rush (decision 17, {@code courtrush.auth.sign-in-hold}): from just before its flash
 * time to the hold after it, a password check — a hash here, a bind at the campus directory — does not start, and
 * the cores stay with the rush, whose requests are short and many. Each pool that checks passwords calls it before
 * each check.
 */
@Component
public class SignInHold {

    private static final long CHECK_EVERY_MS = 100;

    private final RushHours rush;
    private final long atMostMs;

    SignInHold(RushHours rush, CourtRushProperties properties) {
        this.rush = rush;
        Duration hold = properties.auth().signInHold();
        this.atMostMs = hold.isZero() ? 0 : hold.toMillis() + RushHours.BEFORE.toMillis();
    }

    /** Waits (at most one hold) while an opening's rush is on; returns at once otherwise. */
    public void waitOut() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(atMostMs);
        try {
            while (atMostMs > 0 && System.nanoTime() < deadline && rush.now()) {
                Thread.sleep(CHECK_EVERY_MS);
            }
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt(); // shutting down: check now, the caller gets its answer
        }
    }
}
