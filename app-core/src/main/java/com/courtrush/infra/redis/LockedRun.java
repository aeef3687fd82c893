package com.courtrush.infra.redis;

import com.courtrush.core.Outages;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.redisson.api.RFuture;
import org.redisson.api.RLock;
import org.redisson.client.RedisException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a periodic job on one node at a time: only if the Redis lock is free, held for at most its
 * lease. The jobs are safe when run twice, so a run that outlives its lease (a long database
 * outage) is said once as a warning, not an error, and its late release changes nothing.
 *
 * <p>A lock call that Redis did not answer in time may still have been carried out: a paused Redis
 * runs what it was sent when it resumes. Such a lock would be held by nobody who knows it, for the
 * whole lease, and the job would stop on every node (the reconciler for five minutes). Two things
 * keep that short:
 *
 * <ul>
 *   <li>Each run holds the lock under a holder id of its own, never the thread's: Redisson's locks
 *       are re-entrant per holder, so a thread that took the lock again on top of a forgotten hold
 *       would renew that hold at every run and keep it for ever.
 *   <li>Each holder whose lock or unlock went unanswered is remembered, and before every run any
 *       hold Redis shows for it is released. It is remembered for a lease after Redis first answered
 *       again: a call Redis had not yet read (another connection's, read after ours) takes the lock
 *       later than the first check, and is released at the next run.
 * </ul>
 */
public final class LockedRun {

    private static final Logger log = LoggerFactory.getLogger(LockedRun.class);
    /** Holder ids apart from any thread id, so no thread's own use of the same lock could collide. */
    private static final AtomicLong HOLDERS = new AtomicLong(1L << 48);
    /** Not yet answered since the holder's call went unanswered. */
    private static final long NOT_YET = Long.MIN_VALUE;

    private final RLock lock;
    private final Duration lease;
    private final String job;
    /** Holder → when Redis first answered a check of it (nanoTime), or {@link #NOT_YET}. */
    private final Map<Long, Long> unsure = new ConcurrentHashMap<>();

    public LockedRun(RLock lock, Duration lease, String job) {
        this.lock = lock;
        this.lease = lease;
        this.job = job;
    }

    /** Runs {@code work} if the lock is free; false when another node holds it (or Redis cannot say). */
    public boolean ifFree(Runnable work) {
        if (!releaseUnanswered()) {
            return false;
        }
        long holder = HOLDERS.incrementAndGet();
        boolean locked = false;
        try {
            locked = answer(lock.tryLockAsync(0, lease.toMillis(), TimeUnit.MILLISECONDS, holder));
            if (locked) {
                work.run();
            }
            return locked;
        } catch (RuntimeException e) {
            if (!(e instanceof RedisException) && !Outages.isUnreachable(e)) {
                log.error("{} failed; the next run retries", job, e);
                return locked;
            }
            // Redis away (a closed connection too: a redis-server restarting), said as what it is
            if (!locked) {
                unsure.put(holder, NOT_YET); // the lock call may still be carried out
            }
            log.warn(
                    "{} {}: Redis did not answer ({}); the next run retries",
                    job,
                    locked ? "failed" : "could not start",
                    e.getMessage());
            return locked;
        } finally {
            if (locked) {
                release(holder);
            }
        }
    }

    /** Releases what unanswered calls left held; false while Redis still does not answer. */
    private boolean releaseUnanswered() {
        for (Map.Entry<Long, Long> each : unsure.entrySet()) {
            long holder = each.getKey();
            try {
                boolean released = false;
                if (lock.isHeldByThread(holder)) {
                    // a holder's calls are one run's: at most one hold (its lock, never re-entered)
                    answer(lock.unlockAsync(holder));
                    released = true;
                    log.info("{}: released a hold of its lock taken by a call Redis answered too late", job);
                }
                long now = System.nanoTime();
                if (each.getValue() == NOT_YET) {
                    unsure.put(holder, now);
                } else if (!released && now - each.getValue() > lease.toNanos()) {
                    unsure.remove(holder);
                }
            } catch (RuntimeException e) {
                log.debug("{}: its lock cannot be checked yet: {}", job, e.toString());
                return false;
            }
        }
        return true;
    }

    private void release(long holder) {
        try {
            if (lock.isHeldByThread(holder)) {
                answer(lock.unlockAsync(holder));
            } else {
                log.warn(
                        "{} ran longer than its lock's lease of {} s; another node may have run it meanwhile "
                                + "(harmless: it is safe to run twice)",
                        job,
                        lease.toSeconds());
            }
        } catch (IllegalMonitorStateException e) {
            log.warn("{}: its lock could not be released ({}); it lapses by itself", job, e.getMessage());
        } catch (RedisException e) {
            // the unlock may yet be carried out, or not: checked before the next run
            unsure.put(holder, NOT_YET);
            log.warn(
                    "{}: Redis did not answer its lock's release ({}); checked again before the next run",
                    job,
                    e.getMessage());
        }
    }

    /** The call's answer, its failure thrown as itself rather than wrapped. */
    private static <T> T answer(RFuture<T> call) {
        try {
            return call.toCompletableFuture().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }
}
