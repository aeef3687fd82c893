package com.courtrush.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.redisson.api.RLock;

class LockedRunTest {

    final RLock lock = mock(RLock.class);
    final AtomicInteger runs = new AtomicInteger();

    @Test
    void aJobRunsOnlyWhenTheLockIsFreeAndReleasesIt() throws InterruptedException {
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS))).thenReturn(true, false);
        when(lock.isHeldByCurrentThread()).thenReturn(true);
        assertThat(LockedRun.ifFree(lock, Duration.ofSeconds(30), "job", runs::incrementAndGet)).isTrue();
        assertThat(LockedRun.ifFree(lock, Duration.ofSeconds(30), "job", runs::incrementAndGet)).isFalse();
        assertThat(runs).hasValue(1);
        verify(lock).unlock();
    }

    @Test
    void aJobThatOutlivedItsLeaseEndsQuietly() throws InterruptedException {
        // a long database outage: the lease ran out and Redis released the lock meanwhile
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS))).thenReturn(true);
        when(lock.isHeldByCurrentThread()).thenReturn(false);
        assertThat(LockedRun.ifFree(lock, Duration.ofSeconds(30), "job", runs::incrementAndGet)).isTrue();
        verify(lock, never()).unlock();
    }

    @Test
    void aReleaseThatFailsDoesNotEscape() throws InterruptedException {
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS))).thenReturn(true);
        when(lock.isHeldByCurrentThread()).thenReturn(true);
        doThrow(new IllegalMonitorStateException("attempt to unlock lock, not locked by current thread"))
                .when(lock).unlock();
        assertThat(LockedRun.ifFree(lock, Duration.ofSeconds(30), "job", runs::incrementAndGet)).isTrue();
    }
}
