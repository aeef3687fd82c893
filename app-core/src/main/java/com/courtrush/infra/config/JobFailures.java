package com.courtrush.infra.config;

import com.courtrush.core.Outages;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the failure of a job that runs again by itself is said in the log (issue 70): a part of the engine not
 * answering (the database, Redis, the broker) in one line at WARN, once a minute per part however many jobs meet it —
 * not an ERROR with its stack trace per job and per run (1,128 lines in one log while the database was closed);
 * anything else at ERROR with its stack trace, each time.
 */
final class JobFailures {

    private static final Logger log = LoggerFactory.getLogger(JobFailures.class);
    static final Duration SAID_AGAIN_AFTER = Duration.ofMinutes(1);

    private static final Map<Outages.Part, Long> lastSaid = new ConcurrentHashMap<>();

    private JobFailures() {}

    /** {@code what} (a job's name) failed with {@code failure}; the next run tries again. Answers whether it said so. */
    static boolean failed(String what, Throwable failure) {
        Outages.Part part = Outages.partOf(failure);
        if (part == null) {
            log.error("{} failed; the next run tries again", what, failure);
            return true;
        }
        long now = System.nanoTime();
        Long before = lastSaid.get(part);
        if (before != null && now - before < SAID_AGAIN_AFTER.toNanos()) {
            return false;
        }
        lastSaid.put(part, now);
        log.warn(
                "{} failed: {} is not answering; every job tries again at its next run (said again in a minute if it"
                        + " goes on): {}",
                what,
                switch (part) {
                    case DATABASE -> "the database";
                    case REDIS -> "Redis";
                    case BROKER -> "the broker";
                    case NETWORK -> "a service";
                },
                Outages.describe(failure));
        return true;
    }
}
