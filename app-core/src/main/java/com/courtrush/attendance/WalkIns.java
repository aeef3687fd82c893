package com.courtrush.attendance;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.attendance.api.RunningSlot;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Futures;
import com.courtrush.pay.DeskPayments;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.decide.DeskGrants;
import com.courtrush.setting.AppSettings;
import com.courtrush.slot.LiveStock;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.venue.DeskVenues;
import com.courtrush.venue.Prices;
import com.courtrush.venue.api.DeskScope;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Walk-ins at the desk (SPEC §16): a running slot's free places — left unsold, or given back by a no-show —
 * are no longer sold online, but staff may book one for a student standing at the desk. The place is
 * decided by the reserve script (the student's block and limits apply), recorded the usual way, paid at
 * the desk and checked in, all in one action; every step is audited.
 */
@Service
public class WalkIns {

    private static final Logger log = LoggerFactory.getLogger(WalkIns.class);
    /** How long the desk waits for the booking to be recorded (normally milliseconds) before saying so. */
    static final Duration RECORDED_WITHIN = Duration.ofSeconds(10);

    private static final long POLL_MS = 25;

    private final SlotCatalog catalog;
    private final LiveStock stock;
    private final DeskGrants grants;
    private final ReservationMapper reservations;
    private final DeskPayments payments;
    private final CheckIns checkIns;
    private final Strikes strikes;
    private final AppSettings settings;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final DeskVenues desks;
    private final Prices prices;
    private final AttendanceMapper attendance;
    private final Clock clock;

    WalkIns(
            SlotCatalog catalog,
            LiveStock stock,
            DeskGrants grants,
            ReservationMapper reservations,
            DeskPayments payments,
            CheckIns checkIns,
            Strikes strikes,
            AppSettings settings,
            TransactionTemplate transactions,
            AuditTrail audit,
            DeskVenues desks,
            Prices prices,
            AttendanceMapper attendance,
            Clock clock) {
        this.desks = desks;
        this.prices = prices;
        this.attendance = attendance;
        this.catalog = catalog;
        this.stock = stock;
        this.grants = grants;
        this.reservations = reservations;
        this.payments = payments;
        this.checkIns = checkIns;
        this.strikes = strikes;
        this.settings = settings;
        this.transactions = transactions;
        this.audit = audit;
        this.clock = clock;
    }

    /**
     * The slots running now of the venues of {@code scope} (SPEC §21), by start and court, with their free places (as
     * Redis counts them) and what a student pays.
     */
    public List<RunningSlot> running(DeskScope scope) {
        LocalDateTime now = LocalDateTime.now(clock);
        List<RunningSlot> running = new ArrayList<>();
        for (SessionCatalog opening : catalog.onDate(now.toLocalDate())) {
            LiveStock.Snapshot snapshot = null;
            for (SlotInfo slot : opening.slots()) {
                if (!DeskGrants.running(slot, now) || !scope.covers(slot.venueId())) {
                    continue;
                }
                if (snapshot == null) {
                    snapshot = stock.snapshot(opening);
                }
                running.add(new RunningSlot(
                        slot.slotId(),
                        slot.sessionId(),
                        slot.courtId(),
                        slot.courtName(),
                        slot.slotDate(),
                        slot.startTime(),
                        slot.endTime(),
                        snapshot.permits().getOrDefault(slot.slotId(), 0),
                        slot.capacity(),
                        priceFor(slot, Category.STUDENT),
                        prices.pricesOf(
                                slot.venueId(), slot.sport(), slot.slotDate(), slot.startTime(), slot.priceCents())));
            }
        }
        running.sort(Comparator.comparing(RunningSlot::startTime)
                .thenComparing(RunningSlot::courtName)
                .thenComparingLong(RunningSlot::slotId));
        return running;
    }

    /**
     * Books a free place of a running slot for a student at the desk, takes the payment there in {@code channel}
     * (cash or card; none: cash) and checks the booking in. Refused with what stands in the way: the amount staff were
     * shown and confirmed ({@code expectedCents}) is not what it costs now — before anything is booked —,
     * the slot is not running or full, the student is blocked, holds a place in the slot already or has reached the
     * opening's limit.
     */
    public DeskBooking walkIn(long slotId, String studentId, DeskChannel channel, int expectedCents, Caller staff) {
        long userId = strikes.studentNamed(studentId);
        // today's catalog names the slot's opening; whether it runs and has a place, the script decides
        SlotInfo slot = catalog.onDate(LocalDate.now(clock)).stream()
                .map(opening -> opening.slot(slotId))
                .filter(java.util.Objects::nonNull)
                .findFirst()
                .orElseThrow(() -> CourtRushException.conflict("walkIn.notRunning", slotId));
        desks.scope(staff).require(slot.venueId());
        DeskPayments.takenAtDesk(channel);
        // what the student pays is what the consumer fixes as it records the place: their category's price
        Category category = attendance.categoryOf(userId);
        prices.requireAdmitted(slot.venueId(), category);
        DeskPayments.requireShown(expectedCents, priceFor(slot, category));
        DeskGrants.Granted granted = grants.grant(userId, slot.sessionId(), slotId);
        EngineText what = new EngineText(
                "audit.walkIn", studentId.strip(), slot.courtName(), slot.startTime() + "–" + slot.endTime());
        Reservation booked;
        try {
            awaitConfirm(granted);
            booked = awaitRecord(granted.traceId());
        } catch (CourtRushException slow) {
            // booked in Redis and on its way: the desk's action is on record under the grant's trace
            audit.record(staff.actor(), AuditAction.WALK_IN, AuditTarget.TRACE, granted.traceId(), what);
            throw slow;
        }
        audit.record(staff.actor(), AuditAction.WALK_IN, CheckIns.AUDIT_TARGET, booked.getId(), what);
        return payAtDesk(booked.getId(), expectedCents, channel, staff);
    }

    /**
     * The desk takes a booking's payment in person, in {@code channel} (cash or card), for the amount staff were shown
     * and confirmed (refused if it costs another now); if its check-in has opened (a walk-in, or a student who came to
     * pay before playing) it is checked in in the same transaction — a paid booking of a running slot is never left
     * for the no-show sweep to take.
     */
    public DeskBooking payAtDesk(long reservationId, int expectedCents, DeskChannel channel, Caller staff) {
        checkIns.atDesk(reservationId, staff);
        return transactions.execute(tx -> {
            payments.payAtDesk(reservationId, expectedCents, channel, staff);
            DeskBooking paid = checkIns.booking(reservationId);
            return checkIns.open(paid, LocalDateTime.now(clock)) ? checkIns.checkIn(reservationId, staff) : paid;
        });
    }

    private int priceFor(SlotInfo slot, Category category) {
        return prices.priceOf(
                slot.venueId(), slot.sport(), slot.slotDate(), slot.startTime(), slot.priceCents(), category);
    }

    private static void awaitConfirm(DeskGrants.Granted granted) {
        try {
            granted.confirmed().get(RECORDED_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | CompletionException e) {
            if (Futures.cause(e.getCause()) instanceof CourtRushException refused) {
                throw refused;
            }
            throw new IllegalStateException("Walk-in " + granted.traceId() + " could not be sent", e.getCause());
        } catch (TimeoutException e) {
            // left to the consumer, DLQ or reconciler like any grant whose confirm is late: said below
            log.warn("The broker's confirm of walk-in {} is late", granted.traceId());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CourtRushException.unavailable(e, "walkIn.recording", granted.traceId());
        }
    }

    /** The booking once the consumer has recorded it; 503 naming the trace if that takes unusually long. */
    private Reservation awaitRecord(String traceId) {
        long deadline = System.nanoTime() + RECORDED_WITHIN.toNanos();
        while (true) {
            Reservation booked = reservations.findByTrace(traceId);
            if (booked != null) {
                if (booked.compensated()) {
                    throw CourtRushException.conflict("walkIn.failed", booked.getNote());
                }
                return booked;
            }
            if (System.nanoTime() > deadline) {
                throw CourtRushException.unavailable(null, "walkIn.recording", traceId);
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw CourtRushException.unavailable(e, "walkIn.recording", traceId);
            }
        }
    }
}
