package com.courtrush.pay;

import java.time.Duration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The reservations' payment locks in memory: a lock someone else holds (another node, another tab) is not
 * waited for, the answer is at once that it is busy; a lock taken is let go when closed. Can be made to be
 * interrupted while waiting.
 */
final class FakePaymentLocks implements PaymentLocks {

    private final Set<Long> held = new HashSet<>();
    private final Set<Long> heldElsewhere = new HashSet<>();
    private boolean interrupted;
    private int taken;

    /** Someone else holds the reservation's lock from now on. */
    void heldElsewhere(long reservationId) {
        heldElsewhere.add(reservationId);
    }

    /** The next wait for a lock is interrupted. */
    void interruptNextWait() {
        interrupted = true;
    }

    /** Whether this process holds the reservation's lock now. */
    synchronized boolean held(long reservationId) {
        return held.contains(reservationId);
    }

    /** How many times a lock was taken. */
    synchronized int taken() {
        return taken;
    }

    @Override
    public synchronized Optional<Held> tryLock(long reservationId, Duration wait, Duration lease)
            throws InterruptedException {
        if (interrupted) {
            interrupted = false;
            throw new InterruptedException("stopped while waiting for the payment lock");
        }
        if (heldElsewhere.contains(reservationId) || !held.add(reservationId)) {
            return Optional.empty();
        }
        taken++;
        return Optional.of(() -> {
            synchronized (this) {
                held.remove(reservationId);
            }
        });
    }
}
