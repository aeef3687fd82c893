package com.courtrush.attendance;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.EngineText;
import com.courtrush.core.Yuan;
import com.courtrush.notice.Notices;
import com.courtrush.pay.PayOrder;
import com.courtrush.pay.RefundService;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationEnder;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every half minute: a paid booking not checked in by its slot's start plus {@code NO_SHOW_GRACE_MINUTES}
 * ends CANCELLED with reason NO_SHOW (SPEC §16), in one transaction with its strike and the student's
 * block; the money paid is kept (refunded in the same transaction when {@code NO_SHOW_REFUND} is 1). The
 * place goes back to the opening's stock, where only the desk can give it (a walk-in): the slot has started,
 * so it is not on sale online. Each end is a compare-and-set
 * under the reservation's row lock, so several nodes, a late check-in and a refund settle to one outcome.
 * Only slots that started after the engine first counted no-shows ({@code NO_SHOWS_SINCE}) are swept:
 * bookings from before were never asked to check in.
 */
@Component
public class NoShows {

    private static final Logger log = LoggerFactory.getLogger(NoShows.class);
    private static final Duration EVERY = Duration.ofSeconds(30);
    private static final int BATCH = 200;

    private final AttendanceMapper attendance;
    private final ReservationMapper reservations;
    private final ReservationEnder ender;
    private final Strikes strikes;
    private final RefundService refunds;
    private final AppSettings settings;
    private final TransactionTemplate transactions;
    private final TaskScheduler scheduler;
    private final AuditTrail audit;
    private final Clock clock;
    private final Notices notices;

    NoShows(
            Notices notices,
            AttendanceMapper attendance,
            ReservationMapper reservations,
            ReservationEnder ender,
            Strikes strikes,
            RefundService refunds,
            AppSettings settings,
            TransactionTemplate transactions,
            TaskScheduler scheduler,
            AuditTrail audit,
            Clock clock) {
        this.notices = notices;
        this.attendance = attendance;
        this.reservations = reservations;
        this.ender = ender;
        this.strikes = strikes;
        this.refunds = refunds;
        this.settings = settings;
        this.transactions = transactions;
        this.scheduler = scheduler;
        this.audit = audit;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        settings.getOrCreate(
                SettingKey.NO_SHOWS_SINCE,
                () -> LocalDateTime.now(clock).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME));
        scheduler.scheduleWithFixedDelay(this::runQuietly, EVERY);
    }

    void runQuietly() {
        try {
            sweep();
        } catch (RuntimeException e) {
            log.error("No-show sweep failed; the next run retries", e);
        }
    }

    /** Ends every booking overdue for check-in now; returns how many this call ended. */
    public int sweep() {
        LocalDateTime now = LocalDateTime.now(clock);
        int grace = settings.getInt(SettingKey.NO_SHOW_GRACE_MINUTES, 0);
        LocalDateTime startedBy = now.minusMinutes(grace);
        LocalDateTime since = since();
        int ended = 0;
        List<Long> overdue;
        do {
            overdue = attendance.notCheckedIn(
                    startedBy.toLocalDate(), startedBy.toLocalTime(), since.toLocalDate(), since.toLocalTime(), BATCH);
            int failed = 0;
            for (Long id : overdue) {
                try {
                    if (noShow(id, grace)) {
                        ended++;
                    }
                } catch (RuntimeException e) {
                    // this one stays as it was (its transaction rolled back); the others go on, the next run retries it
                    failed++;
                    log.error("Reservation {} could not be ended as a no-show; the next sweep retries it", id, e);
                }
            }
            if (failed == overdue.size()) {
                break; // nothing of this batch moved: the next run tries again rather than this loop
            }
        } while (overdue.size() == BATCH);
        if (ended > 0) {
            log.info("{} booking(s) not checked in within {} min of their start ended as no-shows", ended, grace);
        }
        return ended;
    }

    private boolean noShow(long reservationId, int grace) {
        LocalDateTime now = LocalDateTime.now(clock);
        boolean refund = settings.getInt(SettingKey.NO_SHOW_REFUND, 0) == 1;
        List<PayOrder> refunded = new ArrayList<>(1);
        Reservation ended = transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            if (locked == null
                    || locked.getStatus() != ReservationStatus.CONFIRMED
                    || locked.getCheckedInTime() != null) {
                return null;
            }
            String note = "not checked in within " + grace + " min of the start";
            if (!ender.end(locked, ReservationStatus.CONFIRMED, CancelReason.NO_SHOW, note)) {
                return null;
            }
            LocalDateTime blockedUntil = strikes.strike(locked.getUserId(), reservationId, now);
            if (blockedUntil != null) {
                log.info("Student {} is blocked until {} by no-show strikes", locked.getUserId(), blockedUntil);
                notices.blocked(locked.getUserId(), reservationId, blockedUntil);
            }
            if (refund) {
                // last, so nothing after the gateway's refund can roll the no-show back and refund it twice
                refunds.giveBackPayment(locked, note).ifPresent(order -> refunded.add(order));
            }
            return locked;
        });
        if (ended == null) {
            return false;
        }
        audit.record(
                SystemActor.NO_SHOW.actor(),
                AuditAction.NO_SHOW,
                CheckIns.AUDIT_TARGET,
                reservationId,
                refunded.isEmpty()
                        ? new EngineText("audit.noShow", grace)
                        : new EngineText(
                                "audit.noShowRefundedAmount",
                                grace,
                                refunded.get(0).getOutTradeNo(),
                                Yuan.of(refunded.get(0).refundable())));
        return true;
    }

    /** When no-shows began to be counted: stored by the first start that counts them (for every node), cached. */
    private LocalDateTime since() {
        return LocalDateTime.parse(settings.get(SettingKey.NO_SHOWS_SINCE));
    }
}
