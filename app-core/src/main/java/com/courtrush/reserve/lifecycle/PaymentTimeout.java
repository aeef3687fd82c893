package com.courtrush.reserve.lifecycle;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.reserve.data.ReservationMapper;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Every minute: PENDING_PAYMENT reservations past the deadline they were given when won ({@code PAY_TIMEOUT_MINUTE}
 * then, default 15; a later change of the setting moves none), or whose slot has started (the deadline is never after
 * the start), are cancelled as TIMEOUT, their pay orders closed and their places given back — each after the payment
 * provider was asked whether it was paid after all and told to close the order. Each
 * cancel is a compare-and-set under the reservation's row lock, so nodes running it together, a
 * student cancelling and a payment arriving all settle to one outcome.
 */
@Component
public class PaymentTimeout {

    private static final Logger log = LoggerFactory.getLogger(PaymentTimeout.class);
    private static final int BATCH = 500;

    private final ReservationMapper reservations;
    private final ReservationCancellation cancellation;
    private final ReservationDeadlines deadlines;
    private final TaskScheduler scheduler;
    private final CourtRushProperties properties;
    private final Clock clock;
    private final List<TimeoutCheck> checks;

    PaymentTimeout(
            ReservationMapper reservations,
            ReservationCancellation cancellation,
            ReservationDeadlines deadlines,
            TaskScheduler scheduler,
            CourtRushProperties properties,
            Clock clock,
            List<TimeoutCheck> checks) {
        this.reservations = reservations;
        this.cancellation = cancellation;
        this.deadlines = deadlines;
        this.scheduler = scheduler;
        this.properties = properties;
        this.clock = clock;
        this.checks = List.copyOf(checks);
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        scheduler.scheduleWithFixedDelay(this::runQuietly, properties.reserve().paymentTimeoutCheckInterval());
    }

    void runQuietly() {
        try {
            cancelOverdue();
        } catch (RuntimeException e) {
            log.error("Payment timeout run failed; the next run retries", e);
        }
    }

    private boolean mayTimeOut(long reservationId) {
        for (TimeoutCheck check : checks) {
            if (!check.mayTimeOut(reservationId)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Cancels every overdue unpaid reservation now, each once the payment provider was asked about it ({@link
     * TimeoutCheck}); returns how many this call cancelled.
     */
    public int cancelOverdue() {
        int minutes = deadlines.payTimeoutMinutes(); // for a row an older engine wrote without its deadline
        LocalDateTime now = LocalDateTime.now(clock);
        int cancelled = 0;
        List<Long> overdue;
        do {
            overdue = reservations.findOverdue(now, minutes, BATCH);
            int skipped = 0;
            for (Long id : overdue) {
                if (!mayTimeOut(id)) {
                    skipped++;
                } else if (cancellation.timeOut(id, now, minutes)) {
                    cancelled++;
                }
            }
            if (skipped == overdue.size()) {
                // all of this page paid after all or waiting on the provider: the next run comes back to them
                break;
            }
        } while (overdue.size() == BATCH);
        if (cancelled > 0) {
            log.info("Cancelled {} reservation(s) not paid by their deadline", cancelled);
        }
        return cancelled + cancelStarted();
    }

    /**
     * Cancels every unpaid reservation whose slot has started, however young: its deadline was the start (issue
     * 55); returns how many.
     */
    private int cancelStarted() {
        LocalDateTime now = LocalDateTime.now(clock);
        int cancelled = 0;
        List<Long> started;
        do {
            started = reservations.findStartedUnpaid(now.toLocalDate(), now.toLocalTime(), BATCH);
            int skipped = 0;
            for (Long id : started) {
                if (!mayTimeOut(id)) {
                    skipped++;
                } else if (cancellation.timeOutAtStart(id)) {
                    cancelled++;
                }
            }
            if (skipped == started.size()) {
                break;
            }
        } while (started.size() == BATCH);
        if (cancelled > 0) {
            log.info("Cancelled {} reservation(s) not paid by their slot's start", cancelled);
        }
        return cancelled;
    }
}
