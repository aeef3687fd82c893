package com.courtrush.recurring;

import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Turns the rules into openings: at once when the engine is ready — catching up the dates missed
 * while no engine ran (the embedded one runs only while the console is open) — and every minute.
 */
@Component
class RuleClock {

    private static final Logger log = LoggerFactory.getLogger(RuleClock.class);
    static final Duration EVERY = Duration.ofMinutes(1);

    private final RuleRunner rules;
    private final TaskScheduler scheduler;

    RuleClock(RuleRunner rules, TaskScheduler scheduler) {
        this.rules = rules;
        this.scheduler = scheduler;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        scheduler.scheduleWithFixedDelay(this::tick, EVERY);
    }

    void tick() {
        try {
            rules.runDue(RuleRunner.SYSTEM);
        } catch (RuntimeException e) {
            log.error("Recurring openings could not run; the next minute tries again", e);
        }
    }
}
