package com.courtrush.bench;

/**
 * Epoch microseconds from the monotonic clock, anchored once to the wall clock: request times can be
 * compared with the server's epoch-millisecond opening time without the wall clock's jumps.
 */
final class WallClock {

    private static final long ANCHOR_EPOCH_MICROS = System.currentTimeMillis() * 1000;
    private static final long ANCHOR_NANOS = System.nanoTime();

    private WallClock() {}

    static long epochMicros() {
        return ANCHOR_EPOCH_MICROS + (System.nanoTime() - ANCHOR_NANOS) / 1000;
    }

    static long epochMicros(long nanoTime) {
        return ANCHOR_EPOCH_MICROS + (nanoTime - ANCHOR_NANOS) / 1000;
    }

    /** Sleeps until the given epoch microsecond, spinning for the last millisecond. */
    static void awaitEpochMicros(long target) throws InterruptedException {
        long left;
        while ((left = target - epochMicros()) > 2_000) {
            Thread.sleep(Math.max(1, (left - 1_000) / 1_000));
        }
        while (epochMicros() < target) {
            Thread.onSpinWait();
        }
    }
}
