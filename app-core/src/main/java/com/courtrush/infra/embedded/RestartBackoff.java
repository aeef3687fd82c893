package com.courtrush.infra.embedded;

import java.time.Duration;

/**
 * The waits between attempts to start a part of the embedded stack again (a redis-server that exited, a broker whose
 * store failed): at once, then 250 ms, doubled after each failure up to {@link #MOST}.
 */
final class RestartBackoff {

    /** The longest wait between two attempts. */
    static final Duration MOST = Duration.ofSeconds(30);

    private Duration wait = Duration.ofMillis(250);

    /** The wait {@link #await} makes next, for the log. */
    long nextMillis() {
        return wait.toMillis();
    }

    /** Waits, and doubles the next wait; false when interrupted (the thread's interrupt is kept). */
    boolean await() {
        try {
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        wait = wait.multipliedBy(2).compareTo(MOST) > 0 ? MOST : wait.multipliedBy(2);
        return true;
    }
}
