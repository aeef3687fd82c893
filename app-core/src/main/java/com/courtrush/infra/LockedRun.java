package com.courtrush.infra;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;
import org.redisson.client.RedisException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a periodic job on one node at a time: only if the Redis lock is free, held for at most its
 * lease. The jobs are safe when run twice, so a run that outlives its lease (a long database
 * outage) is said once as a warning, not an error, and its late release changes nothing.
 */
public final class LockedRun {

    private static final Logger log = LoggerFactory.getLogger(LockedRun.class);

    private LockedRun() {
    }

    /** Runs {@code job} if the lock is free; false when another node holds it. */
    public static boolean ifFree(RLock lock, Duration lease, String job, Runnable work) {
        boolean locked = false;
        try {
            locked = lock.tryLock(0, lease.toMillis(), TimeUnit.MILLISECONDS);
            if (locked) {
                work.run();
            }
            return locked;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return locked;
        } catch (RuntimeException e) {
            log.error("{} failed; the next run retries", job, e);
            return locked;
        } finally {
            if (locked) {
                release(lock, lease, job);
            }
        }
    }

    private static void release(RLock lock, Duration lease, String job) {
        try {
            if (lock.isHeldByCurrentThread()) {
                lock.unlock();
            } else {
                log.warn("{} ran longer than its lock's lease of {} s; another node may have run it meanwhile "
                        + "(harmless: it is safe to run twice)", job, lease.toSeconds());
            }
        } catch (IllegalMonitorStateException | RedisException e) {
            log.warn("{}: its lock could not be released ({}); it lapses by itself", job, e.getMessage());
        }
    }
}
