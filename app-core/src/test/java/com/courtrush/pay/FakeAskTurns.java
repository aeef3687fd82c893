package com.courtrush.pay;

import com.courtrush.support.MovingClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** {@link AskTurns} in memory, on the test's clock: one turn per order per {@code every}. */
final class FakeAskTurns implements AskTurns {

    private final MovingClock clock;
    private final Map<String, Instant> takenUntil = new HashMap<>();

    FakeAskTurns(MovingClock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized boolean take(String outTradeNo, Duration every) {
        Instant now = clock.instant();
        Instant until = takenUntil.get(outTradeNo);
        if (until != null && now.isBefore(until)) {
            return false;
        }
        takenUntil.put(outTradeNo, now.plus(every));
        return true;
    }
}
