package com.courtrush.reserve.lifecycle;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.PayDeadline;
import com.courtrush.core.Texts;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import java.time.Duration;
import java.time.LocalDateTime;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/** Cancels unpaid reservations: by their student, by staff, or when payment timed out. */
@Service
public class ReservationCancellation {

    public static final AuditTarget AUDIT_TARGET = AuditTarget.RESERVATION;

    private final ReservationMapper reservations;
    private final ReservationAccess access;
    private final ReservationEnder ender;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;

    ReservationCancellation(
            ReservationMapper reservations,
            ReservationAccess access,
            ReservationEnder ender,
            TransactionTemplate transactions,
            AuditTrail audit) {
        this.reservations = reservations;
        this.access = access;
        this.ender = ender;
        this.transactions = transactions;
        this.audit = audit;
    }

    /** {@code DELETE /reserve/{id}}: the student cancels an unpaid reservation. */
    public Reservation cancelByOwner(long reservationId, Caller caller) {
        access.ownedBy(reservationId, caller);
        return cancelUnpaid(reservationId, CancelReason.USER, "cancelled by the student", caller.actor());
    }

    /** Staff cancel an unpaid reservation, with a reason. A paid one must be refunded instead. */
    public Reservation cancelByStaff(long reservationId, String reason, Caller staff) {
        Texts.requirePlain(reason, "reason");
        access.visibleTo(reservationId, staff);
        Reservation ended = cancelUnpaid(reservationId, CancelReason.STAFF, reason, staff.actor());
        audit.record(staff.actor(), AuditAction.CANCEL, AUDIT_TARGET, reservationId, reason);
        return ended;
    }

    /**
     * Cancels a reservation still unpaid once its deadline passed by {@code now} (TIMEOUT): the deadline it was given
     * when won, or for a row an older engine wrote its creation + {@code minutes}. False when it was paid, cancelled
     * or is not due meanwhile — safe to run on several nodes at once.
     */
    public boolean timeOut(long reservationId, LocalDateTime now, int minutes) {
        // the minutes this booking was given to pay, whatever the setting says now; null when it did not time out
        Long window = transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            if (locked == null || locked.getStatus() != ReservationStatus.PENDING_PAYMENT) {
                return null;
            }
            LocalDateTime due = PayDeadline.given(locked.getPayBy(), locked.getCreateTime(), minutes);
            long given = Duration.between(locked.getCreateTime(), due).toMinutes();
            boolean ended = !due.isAfter(now)
                    && ender.end(
                            locked,
                            ReservationStatus.PENDING_PAYMENT,
                            CancelReason.TIMEOUT,
                            "not paid within " + given + " min");
            return ended ? given : null;
        });
        return timedOut(window != null, reservationId, new EngineText("audit.payTimeout", window));
    }

    /**
     * Cancels a reservation still unpaid once its slot has started (TIMEOUT): its payment deadline is never after the
     * start (issue 55), however long the payment timeout. False when it was paid or cancelled meanwhile.
     */
    public boolean timeOutAtStart(long reservationId) {
        Boolean ended = transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            if (locked == null || locked.getStatus() != ReservationStatus.PENDING_PAYMENT) {
                return false;
            }
            return ender.end(
                    locked, ReservationStatus.PENDING_PAYMENT, CancelReason.TIMEOUT, "not paid by the slot's start");
        });
        return timedOut(ended, reservationId, new EngineText("audit.payTimeoutAtStart"));
    }

    /** Whether a time-out ended the reservation; one that did is audited as the payment timeout's, with why. */
    private boolean timedOut(Boolean ended, long reservationId, EngineText why) {
        if (!Boolean.TRUE.equals(ended)) {
            return false;
        }
        audit.record(SystemActor.PAY_TIMEOUT.actor(), AuditAction.CANCEL_TIMEOUT, AUDIT_TARGET, reservationId, why);
        return true;
    }

    private Reservation cancelUnpaid(long reservationId, CancelReason reason, String note, String actor) {
        return transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            switch (locked.getStatus()) {
                case PENDING_PAYMENT -> ender.end(locked, ReservationStatus.PENDING_PAYMENT, reason, note);
                case CONFIRMED -> throw CourtRushException.conflict("cancel.paid", reservationId);
                default -> throw CourtRushException.conflict("cancel.already", reservationId, locked.getCancelReason());
            }
            return reservations.selectById(reservationId);
        });
    }
}
