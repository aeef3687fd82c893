package com.courtrush.reserve.waitlist;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Every few seconds: offers whose time is over (by Redis's clock) are passed on — to the next student
 * waiting, or back on sale — and the database's waits follow: offers Redis no longer holds end EXPIRED,
 * waits of slots that have started end CLOSED. Safe on several nodes at once: each pass is one script
 * that moves an offer only if it is still there.
 */
@Component
class OfferSweep {

    private static final Logger log = LoggerFactory.getLogger(OfferSweep.class);
    private static final Duration EVERY = Duration.ofSeconds(5);
    /** An offer the database still calls live this long after it ended is one Redis dropped (a re-sync). */
    private static final Duration DROPPED = Duration.ofMinutes(1);

    private final MyWaitMapper openings;
    private final WaitlistScripts scripts;
    private final Waitlists waitlists;
    private final WaitlistMapper waitlist;
    private final TaskScheduler scheduler;
    private final Clock clock;

    OfferSweep(
            MyWaitMapper openings,
            WaitlistScripts scripts,
            Waitlists waitlists,
            WaitlistMapper waitlist,
            TaskScheduler scheduler,
            Clock clock) {
        this.openings = openings;
        this.scripts = scripts;
        this.waitlists = waitlists;
        this.waitlist = waitlist;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        scheduler.scheduleWithFixedDelay(this::runQuietly, EVERY);
    }

    void runQuietly() {
        try {
            sweep();
        } catch (RuntimeException e) {
            log.error("Offer sweep failed; the next run retries", e);
        }
    }

    /** Passes on every offer due now; returns how many. */
    int sweep() {
        int passed = 0;
        for (Long sessionId : openings.openingsWaiting()) {
            for (OffersDueCall.Due due : scripts.due(sessionId)) {
                if (waitlists.pass(sessionId, due.slotId(), due.userId(), true)) {
                    passed++;
                }
            }
        }
        LocalDateTime now = LocalDateTime.now(clock);
        waitlist.expireOverdue(now.minus(DROPPED), now);
        waitlist.closeStarted(now.toLocalDate(), now.toLocalTime(), now);
        if (passed > 0) {
            log.info("{} offer(s) from the waitlist expired and were passed on", passed);
        }
        return passed;
    }
}
