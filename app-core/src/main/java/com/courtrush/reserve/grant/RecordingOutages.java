package com.courtrush.reserve.grant;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * When this node's consumers last could not record a grant because a service was unreachable.
 * The reconciler gives a grant up when it has "no record N s after it was granted"; while the
 * consumers wait out an outage, with the messages safe in the broker, that is not the grant's
 * fault: the reconciler waits until the consumers have had a whole horizon since the last outage.
 */
@Component
public class RecordingOutages {

    private final AtomicLong lastSeenNanos = new AtomicLong(Long.MIN_VALUE);

    /** A consumer is waiting because a service cannot be reached. */
    void seen() {
        lastSeenNanos.set(System.nanoTime());
    }

    /** No outage seen by the consumers for at least {@code quiet}. */
    public boolean quietFor(Duration quiet) {
        long last = lastSeenNanos.get();
        return last == Long.MIN_VALUE || System.nanoTime() - last >= quiet.toNanos();
    }
}
