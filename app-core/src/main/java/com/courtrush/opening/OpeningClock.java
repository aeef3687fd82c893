package com.courtrush.opening;

import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.Outages;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.LockedRun;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.opening.api.SessionState;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Moves openings on time with no click: warm-up at flash time − lead, open at flash time, close
 * after their day. Also rebuilds Redis for live openings at start-up and whenever Redis has lost
 * them. The gate itself opens to the millisecond inside the reserve script; this clock only keeps
 * the database state and the dashboards in step within a second.
 */
@Component
class OpeningClock {

    private static final Logger log = LoggerFactory.getLogger(OpeningClock.class);
    private static final String SYSTEM = SystemActor.CLOCK.actor();
    private static final Duration LEASE = Duration.ofSeconds(30);

    private final OpeningService openings;
    private final StockWarmer warmer;
    private final DrawCloser draws;
    private final TaskScheduler scheduler;
    private final LockedRun locked;
    private final CourtRushProperties properties;
    private final Clock clock;

    OpeningClock(
            OpeningService openings,
            StockWarmer warmer,
            DrawCloser draws,
            TaskScheduler scheduler,
            RedissonClient redisson,
            CourtRushProperties properties,
            Clock clock) {
        this.openings = openings;
        this.warmer = warmer;
        this.draws = draws;
        this.scheduler = scheduler;
        this.locked = new LockedRun(redisson.getLock(RedisKeys.OPENING_CLOCK_LOCK), LEASE, "Opening clock tick");
        this.properties = properties;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        resyncLiveOpenings();
        scheduler.scheduleWithFixedDelay(this::tick, properties.reserve().openingCheckInterval());
    }

    /** Start-up: Redis may be new (embedded) or stale; rebuild every live opening from the database. */
    void resyncLiveOpenings() {
        for (ReserveSession session :
                openings.notClosedSince(LocalDateTime.now(clock).toLocalDate())) {
            if (session.getState().live()) {
                try {
                    openings.resync(session.getId(), SYSTEM);
                } catch (RuntimeException e) {
                    log.error("Start-up re-sync of opening {} failed; the clock retries", session.getId(), e);
                }
            }
        }
    }

    void tick() {
        locked.ifFree(this::advance);
    }

    /** One step of the clock; also checks that Redis still holds each live opening as built. */
    void advance() {
        LocalDateTime now = LocalDateTime.now(clock);
        for (ReserveSession stale : openings.notClosedBefore(now.toLocalDate())) {
            openings.closeAfterItsDay(stale);
        }
        for (ReserveSession session : openings.notClosedSince(now.toLocalDate())) {
            try {
                step(session, now);
            } catch (RuntimeException e) {
                if (Outages.isUnreachable(e)) {
                    // a failover or an outage: said every tick it lasts, in one line each
                    log.warn(
                            "Opening {} could not be advanced ({}); next tick retries",
                            session.getId(),
                            Outages.describe(e));
                } else {
                    log.error("Opening {} could not be advanced; next tick retries", session.getId(), e);
                }
            }
        }
    }

    private void step(ReserveSession session, LocalDateTime now) {
        SessionState state = session.getState();
        if (state == SessionState.SCHEDULED && !now.isBefore(session.warmupTime())) {
            openings.warmUp(session.getId(), SYSTEM);
            state = SessionState.WARMED;
        } else if (state.live()) {
            StockWarmer.WarmState warm = warmer.warmState(session);
            if (warm != StockWarmer.WarmState.WARM) {
                log.warn(
                        "Redis {} opening {}; rebuilding it from the database",
                        warm == StockWarmer.WarmState.MISSING ? "has lost" : "was restarted since it built",
                        session.getId());
                openings.resync(session.getId(), SYSTEM);
            }
        }
        if (state == SessionState.WARMED && !now.isBefore(session.getFlashTime())) {
            session.setState(SessionState.WARMED);
            openings.openOnTime(session);
            state = SessionState.OPEN;
        }
        if (state == SessionState.OPEN && session.fairDraw()) {
            // the nodes that took entries draw on the window's close; this catches a draw none of them made
            draws.closeIfDue(session);
        }
    }
}
