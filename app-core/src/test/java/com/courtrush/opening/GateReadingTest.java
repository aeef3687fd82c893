package com.courtrush.opening;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An opening's gate as read from Redis, asked later on this node's monotonic clock. */
class GateReadingTest {

    private static final long REDIS_NOW = 1_800_000_000_000L;

    @Test
    void aFairDrawTakesEntriesFromTheWarmUpUntilItsWindowHasClosed() {
        long window = 10_000;
        assertThat(read(true, REDIS_NOW + 60_000).takesDrawEntries(window))
                .as("warm, a minute before the flash")
                .isTrue();
        assertThat(read(true, REDIS_NOW - 500).takesDrawEntries(window))
                .as("half a second after the flash")
                .isTrue();
        assertThat(read(true, REDIS_NOW - window).takesDrawEntries(window))
                .as("at the window's close")
                .isFalse();
        assertThat(read(false, REDIS_NOW + 60_000).takesDrawEntries(window))
                .as("not warmed up yet")
                .isFalse();
        assertThat(read(true, null).takesDrawEntries(window))
                .as("a gate that will not open by itself")
                .isFalse();
    }

    private static GateReading read(boolean warm, Long opensAt) {
        return new GateReading(false, warm, opensAt, REDIS_NOW, System.nanoTime());
    }
}
