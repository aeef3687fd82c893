package com.courtrush.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;

/** A clock in the gym's zone (Asia/Shanghai) that a test moves on. */
public final class MovingClock extends Clock {

    private Instant now;

    public MovingClock(Instant start) {
        this.now = start;
    }

    public void move(Duration by) {
        now = now.plus(by);
    }

    @Override
    public ZoneId getZone() {
        return ZoneId.of("Asia/Shanghai");
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Instant instant() {
        return now;
    }
}
