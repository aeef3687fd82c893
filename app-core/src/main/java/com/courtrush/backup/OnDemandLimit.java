package com.courtrush.backup;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Backups on demand, at most one per {@code every} on this node (issue 75: fourteen asked for within three seconds
 * replaced every restore point, and each one reads the whole database). Measured on a monotonic clock: a wall clock
 * put back or forward neither blocks nor frees one. The next is refused with when to try again (429).
 */
final class OnDemandLimit {

    private final long everyNanos;
    private final LongSupplier nanos;
    /** When the next backup on demand may be made. */
    private final AtomicLong next;

    OnDemandLimit(Duration every, LongSupplier nanos) {
        this.everyNanos = Math.max(0, every.toNanos());
        this.nanos = nanos;
        this.next = new AtomicLong(nanos.getAsLong());
    }

    /** Takes the turn of the next backup on demand; refused while one was taken within {@code every}. */
    Claim claim() {
        long now = nanos.getAsLong();
        if (everyNanos == 0) {
            return new Claim(now, now);
        }
        long until = next.get();
        if (until - now > 0 || !next.compareAndSet(until, now + everyNanos)) {
            throw tooSoon(Duration.ofNanos(Math.max(1, next.get() - now)));
        }
        return new Claim(until, now + everyNanos);
    }

    /** A turn whose backup was not made (it failed): the next may be asked for at once, as before it. */
    void giveBack(Claim claim) {
        next.compareAndSet(claim.taken(), claim.before());
    }

    private static CourtRushException tooSoon(Duration wait) {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        return new CourtRushException(Outcome.TOO_MANY_REQUESTS, "backup.tooSoon", seconds).withRetryAfter(wait);
    }

    /** A turn taken: when the next could be made before it, and after it. */
    record Claim(long before, long taken) {}
}
