package com.courtrush.monitor;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.notice.StaffAlerts;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.support.MovingClock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.health.Health;

class StaffWatchTest {

    private final MovingClock clock = new MovingClock(Instant.parse("2026-11-25T05:00:00Z"));

    @Test
    void redisSilentForItsGraceIsToldOncePerOutageWithWhenItStopped() {
        RedisHealthIndicator redis = mock(RedisHealthIndicator.class);
        StaffAlerts alerts = mock(StaffAlerts.class);
        StaffWatch watch = new StaffWatch(redis, mock(SlotCatalog.class), null, alerts, null, clock);

        when(redis.health()).thenReturn(Health.down().build());
        watch.look();
        pass(StaffWatch.REDIS_GRACE.minusSeconds(1));
        watch.look();
        verify(alerts, never()).redisDown(any());
        pass(Duration.ofSeconds(1));
        watch.look();
        verify(alerts).redisDown(LocalDateTime.of(2026, 11, 25, 13, 0, 0));
        pass(Duration.ofMinutes(5));
        watch.look();
        verify(alerts, times(1)).redisDown(any());

        // back, then silent again: another outage, told again
        when(redis.health()).thenReturn(Health.up().build());
        watch.look();
        when(redis.health()).thenReturn(Health.down().build());
        watch.look();
        pass(StaffWatch.REDIS_GRACE);
        watch.look();
        verify(alerts).redisDown(LocalDateTime.of(2026, 11, 25, 13, 5, 20));
        verify(alerts, times(2)).redisDown(any());
    }

    private void pass(Duration time) {
        clock.move(time);
    }
}
