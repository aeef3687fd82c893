package com.courtrush.pay;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import com.courtrush.notice.StaffAlerts;
import com.courtrush.support.MovingClock;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** Staff hear of WeChat Pay not answering, or not verifying, once per episode, not once per call (issue 74). */
class WechatPayWatchTest {

    private static final String KEY_ID = "PUB_KEY_ID_0114000000";

    private final MovingClock clock = new MovingClock(Instant.parse("2026-11-25T05:00:00Z"));
    private final StaffAlerts alerts = mock(StaffAlerts.class);
    private final WechatPayWatch watch = new WechatPayWatch(alerts, clock);

    @Test
    void wechatPayNotAnsweringIsToldAtItsFirstFailureAndOnceForTheOutage() {
        watch.unreached("prepay (H5) CR1", new IOException("connect timed out"));
        verify(alerts).wechatPayUnreachable(LocalDateTime.of(2026, 11, 25, 13, 0), "prepay (H5) CR1");

        clock.move(Duration.ofMinutes(3));
        watch.unreached("query CR1", new IOException("connect timed out"));
        // a moment's answer, then silent again: the same flapping outage
        watch.reached();
        clock.move(WechatPayWatch.QUIET.minusSeconds(1));
        watch.unreached("close CR1", new IOException("connect timed out"));
        verify(alerts, times(1)).wechatPayUnreachable(any(), anyString());

        // answering for a quiet stretch ends it: the next outage is told again
        watch.verified();
        clock.move(WechatPayWatch.QUIET);
        watch.unreached("query CR2", new IOException("connect timed out"));
        verify(alerts).wechatPayUnreachable(LocalDateTime.of(2026, 11, 25, 13, 22, 59), "query CR2");
        verify(alerts, times(2)).wechatPayUnreachable(any(), anyString());
        verify(alerts, never()).wechatPayUnverified(any(), anyString());
    }

    @Test
    void answersThatDoNotVerifyAreToldOnceUntilOneVerifies() {
        watch.unverified("prepay (H5) CR1", KEY_ID);
        verify(alerts).wechatPayUnverified(LocalDateTime.of(2026, 11, 25, 13, 0), KEY_ID);

        // refusals and closes carry nothing to verify: they end nothing
        watch.reached();
        clock.move(WechatPayWatch.QUIET.plusMinutes(1));
        watch.unverified("prepay (H5) CR2", KEY_ID);
        verify(alerts, times(1)).wechatPayUnverified(any(), anyString());

        watch.verified();
        clock.move(WechatPayWatch.QUIET);
        watch.unverified("query CR3", KEY_ID);
        verify(alerts, times(2)).wechatPayUnverified(any(), anyString());
        verify(alerts, never()).wechatPayUnreachable(any(), anyString());
    }
}
