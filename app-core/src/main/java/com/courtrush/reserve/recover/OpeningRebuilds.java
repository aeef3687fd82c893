package com.courtrush.reserve.recover;

import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.Rehearsal;
import com.courtrush.opening.OpeningService;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Rebuilds an opening as soon as a request finds Redis without it (Redis lost its data, or came
 * back empty), instead of waiting for the opening clock's next look: one rebuild per opening at a
 * time, off the request thread. Until it is done the request is told 503 "try again in a moment",
 * never "not open".
 */
@Component
public class OpeningRebuilds {

    /** What the student is told to wait: a rebuild takes milliseconds. */
    public static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    static final String ACTOR = SystemActor.ON_DEMAND.actor();

    private static final Logger log = LoggerFactory.getLogger(OpeningRebuilds.class);

    private final OpeningService openings;
    private final TaskScheduler scheduler;
    private final Map<Long, Boolean> running = new ConcurrentHashMap<>();

    OpeningRebuilds(OpeningService openings, TaskScheduler scheduler) {
        this.openings = openings;
        this.scheduler = scheduler;
    }

    /** Starts a rebuild of the opening unless one is under way. */
    public void request(long sessionId) {
        if (Rehearsal.isRehearsal(sessionId)) {
            return; // the database has no rehearsal to rebuild from: it is set up again, or ends (decision 28)
        }
        if (running.putIfAbsent(sessionId, Boolean.TRUE) != null) {
            return;
        }
        try {
            scheduler.schedule(() -> rebuild(sessionId), Instant.now());
        } catch (RuntimeException e) {
            running.remove(sessionId);
            log.error(
                    "Could not start rebuilding opening {} that Redis has lost; the opening clock retries",
                    sessionId,
                    e);
        }
    }

    private void rebuild(long sessionId) {
        try {
            log.warn("A reservation found Redis without opening {}; rebuilding it from the database", sessionId);
            openings.resync(sessionId, ACTOR);
        } catch (RuntimeException e) {
            log.error(
                    "Rebuilding opening {} that Redis has lost failed; the next request or the opening clock "
                            + "retries",
                    sessionId,
                    e);
        } finally {
            running.remove(sessionId);
        }
    }
}
