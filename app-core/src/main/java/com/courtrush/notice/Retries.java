package com.courtrush.notice;

import java.time.Duration;
import java.time.LocalDateTime;

/**
 * When a delivery that failed is tried again (SPEC §17): 5 s after its first failure, twice as long after each
 * next one, at most every 15 min, for {@code courtrush.notices.retry-for} (3 days) from its first try — the last
 * try falls on that deadline — and then it is given up, to be sent again by staff. Not a number of tries: a mail
 * server away for an afternoon once made every email of that afternoon give up after 10 tries, 51 minutes.
 */
final class Retries {

    private static final Duration FIRST = Duration.ofSeconds(5);
    private static final Duration LONGEST = Duration.ofMinutes(15);

    private final Duration retryFor;

    Retries(Duration retryFor) {
        this.retryFor = retryFor;
    }

    Duration retryFor() {
        return retryFor;
    }

    /**
     * When to try again a delivery whose {@code attempts}-th try, its tries having begun at {@code triesFrom}, failed
     * at {@code now}; null when it is given up.
     */
    LocalDateTime next(LocalDateTime triesFrom, int attempts, LocalDateTime now) {
        LocalDateTime deadline = triesFrom.plus(retryFor);
        if (!now.isBefore(deadline)) {
            return null;
        }
        Duration wait = FIRST.multipliedBy(1L << Math.min(Math.max(attempts - 1, 0), 20));
        LocalDateTime next = now.plus(wait.compareTo(LONGEST) > 0 ? LONGEST : wait);
        return next.isAfter(deadline) ? deadline : next;
    }
}
