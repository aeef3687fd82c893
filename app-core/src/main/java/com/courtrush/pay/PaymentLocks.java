package com.courtrush.pay;

import java.time.Duration;
import java.util.Optional;

/**
 * One order creation at a time per reservation, on every node (SPEC §7); G4 in the database backs it.
 * Implemented by {@link RedisPaymentLocks}.
 */
interface PaymentLocks {

    /**
     * Takes the reservation's lock, waiting at most {@code wait}; held until closed or for {@code lease} at most.
     * Empty when someone else held it all that time.
     */
    Optional<Held> tryLock(long reservationId, Duration wait, Duration lease) throws InterruptedException;

    /** A lock taken; closing it lets it go if this thread still holds it. */
    interface Held extends AutoCloseable {

        @Override
        void close();
    }
}
