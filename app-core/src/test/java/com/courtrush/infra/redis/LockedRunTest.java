package com.courtrush.infra.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.redisson.api.RLock;
import org.redisson.client.RedisTimeoutException;
import org.redisson.misc.CompletableFutureWrapper;

class LockedRunTest {

    final RLock lock = mock(RLock.class);
    final LockedRun run = new LockedRun(lock, Duration.ofSeconds(30), "job");
    final AtomicInteger runs = new AtomicInteger();
    final long thread = Thread.currentThread().getId();

    @Test
    void aJobRunsOnlyWhenTheLockIsFreeAndReleasesIt() throws InterruptedException {
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS))).thenReturn(true, false);
        when(lock.isHeldByCurrentThread()).thenReturn(true);
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        assertThat(runs).hasValue(1);
        verify(lock).unlock();
    }

    @Test
    void aJobThatOutlivedItsLeaseEndsQuietly() throws InterruptedException {
        // a long database outage: the lease ran out and Redis released the lock meanwhile
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS))).thenReturn(true);
        when(lock.isHeldByCurrentThread()).thenReturn(false);
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        verify(lock, never()).unlock();
    }

    @Test
    void aReleaseThatFailsDoesNotEscape() throws InterruptedException {
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS))).thenReturn(true);
        when(lock.isHeldByCurrentThread()).thenReturn(true);
        doThrow(new IllegalMonitorStateException("attempt to unlock lock, not locked by current thread"))
                .when(lock)
                .unlock();
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
    }

    @Test
    void holdsTakenByLockCallsRedisAnsweredTooLateAreReleasedBeforeTheNextRun() throws InterruptedException {
        // Redis paused: the call times out here, and Redis takes the lock for this thread when it resumes,
        // twice (the clock ticks every second)
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS)))
                .thenThrow(new RedisTimeoutException("no answer in 1000 ms"))
                .thenThrow(new RedisTimeoutException("no answer in 1000 ms"))
                .thenReturn(true);
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();

        when(lock.isHeldByThread(thread)).thenReturn(true, true, false);
        when(lock.unlockAsync(thread)).thenReturn(new CompletableFutureWrapper<>((Void) null));
        when(lock.isHeldByCurrentThread()).thenReturn(true);
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        verify(lock, times(2)).unlockAsync(thread);
        assertThat(runs).hasValue(1);
    }

    @Test
    void whileRedisStillDoesNotAnswerNothingRuns() throws InterruptedException {
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS)))
                .thenThrow(new RedisTimeoutException("no answer in 1000 ms"));
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        when(lock.isHeldByThread(thread)).thenThrow(new RedisTimeoutException("no answer in 1000 ms"));
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        verify(lock, times(1)).tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS));
        assertThat(runs).hasValue(0);
    }

    @Test
    void anUnlockRedisDidNotAnswerIsCheckedBeforeTheNextRun() throws InterruptedException {
        when(lock.tryLock(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS))).thenReturn(true);
        when(lock.isHeldByCurrentThread()).thenReturn(true);
        doThrow(new RedisTimeoutException("no answer in 1000 ms"))
                .doNothing()
                .when(lock)
                .unlock();
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();

        when(lock.isHeldByThread(thread)).thenReturn(true, false);
        when(lock.unlockAsync(thread)).thenReturn(new CompletableFutureWrapper<>((Void) null));
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        verify(lock).unlockAsync(thread);
        assertThat(runs).hasValue(2);
    }
}
