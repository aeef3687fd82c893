package com.courtrush.infra.redis;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
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
 * runs what it was sent when it resumes. Such a lock would be held by a thread that believes it has
 * none, for the whole lease, and the job would stop on every node (the reconciler for five minutes).
 * So each thread whose lock or unlock went unanswered is remembered, and before the next attempt any
 * hold Redis shows for it is released: a pause heals at the job's next run after Redis answers.
 */
public final class LockedRun {

    private static final Logger log = LoggerFactory.getLogger(LockedRun.class);
    /** More holds than any thread takes: a bound on releasing them one by one. */
    private static final int MAX_HOLDS = 1000;

    private final RLock lock;
    private final Duration lease;
    private final String job;
    private final Set<Long> unsure = ConcurrentHashMap.newKeySet();

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
        long thread = Thread.currentThread().getId();
        boolean locked = false;
        try {
            locked = lock.tryLock(0, lease.toMillis(), TimeUnit.MILLISECONDS);
            if (locked) {
                work.run();
            }
            return locked;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (!locked) {
                unsure.add(thread); // the lock call may still be carried out
            }
            return locked;
        } catch (RedisException e) {
            if (!locked) {
                unsure.add(thread);
            }
            log.warn(
                    "{} {}: Redis did not answer ({}); the next run retries",
                    job,
                    locked ? "failed" : "could not start",
                    e.getMessage());
            return locked;
        } catch (RuntimeException e) {
            log.error("{} failed; the next run retries", job, e);
            return locked;
        } finally {
            if (locked) {
                release(thread);
            }
        }
    }

    /** Releases what unanswered calls left held; false while Redis still does not answer. */
    private boolean releaseUnanswered() {
        for (Long thread : unsure) {
            try {
                int released = 0;
                while (lock.isHeldByThread(thread) && released < MAX_HOLDS) {
                    lock.unlockAsync(thread).toCompletableFuture().join();
                    released++;
                }
                unsure.remove(thread);
                if (released > 0) {
                    log.info(
                            "{}: released {} hold(s) of its lock taken by a call Redis answered too late",
                            job,
                            released);
                }
            } catch (RuntimeException e) {
                log.debug("{}: its lock cannot be checked yet: {}", job, e.toString());
                return false;
            }
        }
        return true;
    }

    private void release(long thread) {
        try {
            if (lock.isHeldByCurrentThread()) {
                lock.unlock();
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
            unsure.add(thread);
            log.warn(
                    "{}: Redis did not answer its lock's release ({}); checked again before the next run",
                    job,
                    e.getMessage());
        }
    }
}
