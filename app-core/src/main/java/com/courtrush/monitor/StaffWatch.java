package com.courtrush.monitor;

import com.courtrush.infra.config.Repeated;
import com.courtrush.monitor.api.LiveRush;
import com.courtrush.monitor.api.SlotStock;
import com.courtrush.notice.StaffAlerts;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.Set;
import org.springframework.boot.actuate.health.Status;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Watches for what staff are told (SPEC §17): Redis not answering for {@link #REDIS_GRACE} (once per outage), and an
 * opening of today or tomorrow whose every place is taken (once per opening). Every node watches, webhook or not (the
 * alerts are listed to staff either way); an alert's message id keeps it once.
 */
@Component
class StaffWatch {

    static final Duration REDIS_GRACE = Duration.ofSeconds(20);
    private static final Duration EVERY = Duration.ofSeconds(5);
    private static final Duration RECENT_OPENING = Duration.ofHours(3);
    private static final DateTimeFormatter OPENING = DateTimeFormatter.ofPattern("yyyy-MM-dd");

    private final RedisHealthIndicator redis;
    private final SlotCatalog catalog;
    private final RushMonitor rushes;
    private final StaffAlerts alerts;
    private final Repeated repeated;
    private final Clock clock;
    private final Set<Long> toldSoldOut = new HashSet<>();
    private LocalDateTime redisDownSince;
    private boolean toldRedisDown;

    StaffWatch(
            RedisHealthIndicator redis,
            SlotCatalog catalog,
            RushMonitor rushes,
            StaffAlerts alerts,
            Repeated repeated,
            Clock clock) {
        this.redis = redis;
        this.catalog = catalog;
        this.rushes = rushes;
        this.alerts = alerts;
        this.repeated = repeated;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(EVERY, "The staff watch", this::look);
    }

    /** One look: Redis first, then the openings if it answers. */
    void look() {
        if (redisAnswers()) {
            soldOut();
        }
    }

    /** Whether Redis answers; told to staff once it has not for {@link #REDIS_GRACE}. */
    synchronized boolean redisAnswers() {
        LocalDateTime now = LocalDateTime.now(clock);
        if (redis.health().getStatus() == Status.UP) {
            redisDownSince = null;
            toldRedisDown = false;
            return true;
        }
        if (redisDownSince == null) {
            redisDownSince = now;
        }
        if (!toldRedisDown && !now.isBefore(redisDownSince.plus(REDIS_GRACE))) {
            alerts.redisDown(redisDownSince.withNano(0));
            toldRedisDown = true;
        }
        return false;
    }

    /** Openings whose gate is open and every place of every slot on sale is taken. */
    synchronized void soldOut() {
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDate today = now.toLocalDate();
        for (LocalDate day : new LocalDate[] {today, today.plusDays(1)}) {
            for (SessionCatalog opening : catalog.onDate(day)) {
                long id = opening.session().getId();
                LocalDateTime flash = opening.session().getFlashTime();
                if (toldSoldOut.contains(id)
                        || flash == null
                        || flash.isAfter(now)
                        || flash.isBefore(now.minus(RECENT_OPENING))
                        || opening.slots().isEmpty()) {
                    continue;
                }
                LiveRush rush = rushes.rush(id);
                boolean allTaken = rush.warm()
                        && rush.gateOpen()
                        && rush.slots().stream()
                                .filter(SlotStock::active)
                                .allMatch(slot -> slot.permitsLeft() != null && slot.permitsLeft() == 0)
                        && rush.slots().stream().anyMatch(SlotStock::active);
                if (allTaken) {
                    alerts.soldOut(
                            id,
                            OPENING.format(day),
                            Duration.between(flash, now).toSeconds());
                    toldSoldOut.add(id);
                }
            }
        }
    }
}
