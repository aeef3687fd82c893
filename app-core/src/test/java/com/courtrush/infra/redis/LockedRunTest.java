package com.courtrush.infra.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.atLeast;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.redisson.api.RFuture;
import org.redisson.api.RLock;
import org.redisson.client.RedisTimeoutException;
import org.redisson.misc.CompletableFutureWrapper;

class LockedRunTest {

    final RLock lock = mock(RLock.class);
    final AtomicInteger runs = new AtomicInteger();

    @Test
    void aJobRunsOnlyWhenTheLockIsFreeAndReleasesIt() {
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock()).thenReturn(answer(true), answer(false));
        when(lock.isHeldByThread(anyLong())).thenReturn(true);
        when(lock.unlockAsync(anyLong())).thenReturn(answer(null));
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        assertThat(runs).hasValue(1);
        long first = holders().get(0);
        verify(lock).unlockAsync(first);
    }

    @Test
    void eachRunHoldsTheLockUnderAHolderOfItsOwnNeverTheThread() {
        // a re-entrant lock taken again by the same thread would renew a forgotten hold at every run
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock()).thenReturn(answer(true));
        when(lock.isHeldByThread(anyLong())).thenReturn(true);
        when(lock.unlockAsync(anyLong())).thenReturn(answer(null));
        run.ifFree(runs::incrementAndGet);
        run.ifFree(runs::incrementAndGet);
        List<Long> holders = holders();
        assertThat(holders)
                .hasSize(2)
                .doesNotHaveDuplicates()
                .doesNotContain(Thread.currentThread().getId());
    }

    @Test
    void aJobThatOutlivedItsLeaseEndsQuietly() {
        // a long database outage: the lease ran out and Redis released the lock meanwhile
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock()).thenReturn(answer(true));
        when(lock.isHeldByThread(anyLong())).thenReturn(false);
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        verify(lock, never()).unlockAsync(anyLong());
    }

    @Test
    void aReleaseThatFailsDoesNotEscape() {
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock()).thenReturn(answer(true));
        when(lock.isHeldByThread(anyLong())).thenReturn(true);
        when(lock.unlockAsync(anyLong()))
                .thenReturn(new CompletableFutureWrapper<>(
                        new IllegalMonitorStateException("attempt to unlock lock, not locked by current thread")));
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
    }

    @Test
    void holdsTakenByLockCallsRedisAnsweredTooLateAreReleasedBeforeTheNextRun() {
        // Redis paused: the call times out here, and Redis takes the lock for that run when it resumes,
        // twice (the clock ticks every second)
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock()).thenReturn(noAnswer(), noAnswer(), answer(true));
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        List<Long> unanswered = holders();

        when(lock.isHeldByThread(anyLong())).thenReturn(true);
        when(lock.unlockAsync(anyLong())).thenReturn(answer(null));
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        verify(lock).unlockAsync(unanswered.get(0));
        verify(lock).unlockAsync(unanswered.get(1));
        assertThat(runs).hasValue(1);
    }

    /**
     * A redis-server restarting closes the connection under the lock call (Redisson completes it with a closed
     * channel, no RedisException): that is Redis away too, and the hold it may have left is checked before the next
     * run, as after a timeout.
     */
    @Test
    void aConnectionClosedUnderTheLockCallIsRedisAwayAndItsHoldIsCheckedNextRun() {
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock())
                .thenReturn(
                        new CompletableFutureWrapper<>(new java.nio.channels.ClosedChannelException()), answer(true));
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        List<Long> unanswered = holders();
        assertThat(unanswered).hasSize(1);

        when(lock.isHeldByThread(anyLong())).thenReturn(false);
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        verify(lock).isHeldByThread(unanswered.get(0));
        assertThat(runs).hasValue(1);
    }

    @Test
    void aLateLockFoundAfterTheFirstCheckIsStillReleased() {
        // the first check is answered before Redis reads the lock call that another connection carried
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock()).thenReturn(noAnswer(), answer(true));
        run.ifFree(runs::incrementAndGet);
        long unanswered = holders().get(0);

        when(lock.isHeldByThread(anyLong())).thenReturn(false);
        when(lock.isHeldByThread(unanswered)).thenReturn(false, true, false);
        when(lock.unlockAsync(anyLong())).thenReturn(answer(null));
        run.ifFree(runs::incrementAndGet);
        run.ifFree(runs::incrementAndGet);
        verify(lock).unlockAsync(unanswered);
    }

    @Test
    void anUnansweredHolderIsForgottenALeaseAfterRedisAnswersAgain() throws InterruptedException {
        LockedRun run = run(Duration.ofMillis(50));
        when(tryLock()).thenReturn(noAnswer(), answer(false));
        run.ifFree(runs::incrementAndGet);
        long unanswered = holders().get(0);
        when(lock.isHeldByThread(anyLong())).thenReturn(false);
        run.ifFree(runs::incrementAndGet); // first answered check
        Thread.sleep(100);
        run.ifFree(runs::incrementAndGet); // a lease later: forgotten
        run.ifFree(runs::incrementAndGet); // not checked any more
        verify(lock, times(2)).isHeldByThread(unanswered);
    }

    @Test
    void whileRedisStillDoesNotAnswerNothingRuns() {
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock()).thenReturn(noAnswer());
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        when(lock.isHeldByThread(anyLong())).thenThrow(new RedisTimeoutException("no answer in 1000 ms"));
        assertThat(run.ifFree(runs::incrementAndGet)).isFalse();
        assertThat(holders()).hasSize(1);
        assertThat(runs).hasValue(0);
    }

    @Test
    void anUnlockRedisDidNotAnswerIsCheckedBeforeTheNextRun() {
        LockedRun run = run(Duration.ofSeconds(30));
        when(tryLock()).thenReturn(answer(true));
        when(lock.isHeldByThread(anyLong())).thenReturn(true);
        when(lock.unlockAsync(anyLong())).thenReturn(noAnswer(), answer(null));
        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        long first = holders().get(0);

        assertThat(run.ifFree(runs::incrementAndGet)).isTrue();
        verify(lock, times(2)).unlockAsync(first);
        assertThat(runs).hasValue(2);
    }

    private LockedRun run(Duration lease) {
        return new LockedRun(lock, lease, "job");
    }

    private RFuture<Boolean> tryLock() {
        return lock.tryLockAsync(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS), anyLong());
    }

    private List<Long> holders() {
        ArgumentCaptor<Long> holder = ArgumentCaptor.forClass(Long.class);
        verify(lock, atLeast(0)).tryLockAsync(eq(0L), anyLong(), eq(TimeUnit.MILLISECONDS), holder.capture());
        return new ArrayList<>(holder.getAllValues());
    }

    private static <T> RFuture<T> answer(T value) {
        return new CompletableFutureWrapper<>(value);
    }

    private static <T> RFuture<T> noAnswer() {
        return new CompletableFutureWrapper<>(new RedisTimeoutException("no answer in 1000 ms"));
    }
}
