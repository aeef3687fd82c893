package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.Refunded;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.reserve.lifecycle.ReservationDeadlines;
import com.courtrush.reserve.lifecycle.ReservationEnder;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Refunds a paid reservation: its SUCCESS order → REFUNDED and the reservation → CANCELLED
 * (REFUND) in one transaction under the reservation's row lock, the place given back after commit.
 * Refunds close {@code REFUND_CUTOFF_MINUTES} before the slot starts; staff may override with a
 * reason, which is audited. A student reaches {@link #refundOwn}; staff reach the rest through {@code PaymentDesk},
 * which declares them staff only.
 */
@Service
public class RefundService {

    private final ReservationMapper reservations;
    private final ReservationAccess access;
    private final ReservationEnder ender;
    private final PayOrderMapper orders;
    private final TimeSlotMapper slots;
    private final Refunds refunds;
    private final ReservationDeadlines deadlines;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;

    RefundService(
            ReservationMapper reservations,
            ReservationAccess access,
            ReservationEnder ender,
            PayOrderMapper orders,
            TimeSlotMapper slots,
            Refunds refunds,
            ReservationDeadlines deadlines,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.reservations = reservations;
        this.access = access;
        this.ender = ender;
        this.orders = orders;
        this.slots = slots;
        this.refunds = refunds;
        this.deadlines = deadlines;
        this.transactions = transactions;
        this.audit = audit;
        this.clock = clock;
    }

    /**
     * A student refunds their own paid booking, before the cut-off and before the desk checked it in; one paid at the
     * desk, or checked in, is handed back there.
     */
    public Refunded refundOwn(long reservationId, Caller student, String reason) {
        return refund(reservationId, student, reason, false, false);
    }

    /**
     * Staff refund a paid booking (one paid at the desk too); past the cut-off only with {@code overrideCutoff} and a
     * reason, which is audited; a checked-in one only with a reason. Staff only: declared on {@code PaymentDesk}, the one door to it.
     */
    public Refunded refundByStaff(long reservationId, Caller staff, String reason, boolean overrideCutoff) {
        return refund(reservationId, staff, reason, overrideCutoff, true);
    }

    private Refunded refund(long reservationId, Caller caller, String reason, boolean overrideCutoff, boolean staff) {
        access.visibleTo(reservationId, caller);
        String why = reason == null || reason.isBlank() ? null : Texts.requirePlain(reason.strip(), "reason");
        if (overrideCutoff && why == null) {
            throw CourtRushException.badRequest("refund.overrideNotAllowed");
        }
        Refunded refunded = transactions.execute(tx -> refundLocked(reservationId, why, overrideCutoff, caller, staff));
        audit.record(
                caller.actor(),
                AuditAction.REFUND,
                AuditTarget.RESERVATION,
                reservationId,
                why == null
                        ? new EngineText("audit.refundNoReason", orderWithAmount(refunded))
                        : new EngineText(
                                refunded.cutoffOverridden() ? "audit.refundOverridden" : "audit.refund",
                                why,
                                orderWithAmount(refunded)));
        return refunded;
    }

    /**
     * Staff give part of a paid booking's money back, with a reason (the lights failed for half an hour): the booking
     * stays CONFIRMED and keeps its place. Less than is left of the order; the whole rest is {@link #refundByStaff}.
     * Staff only: declared on {@code PaymentDesk}, the one door to it.
     */
    public Refunded refundPart(long reservationId, int cents, String reason, Caller staff) {
        access.visibleTo(reservationId, staff);
        if (reason == null || reason.isBlank()) {
            throw CourtRushException.badRequest("refund.partNeedsReason");
        }
        if (cents <= 0) {
            throw CourtRushException.badRequest("refund.partNotPositive");
        }
        String why = Texts.requirePlain(reason.strip(), "reason");
        Refunded refunded = transactions.execute(tx -> {
            Reservation reservation = reservations.lockById(reservationId);
            if (reservation.getStatus() != ReservationStatus.CONFIRMED) {
                throw CourtRushException.conflict(
                        reservation.getStatus() == ReservationStatus.CANCELLED
                                ? "refund.alreadyCancelled"
                                : "refund.notPaid",
                        reservationId);
            }
            PayOrder paid = orders.findLatest(reservationId, PayOrderStatus.SUCCESS);
            if (paid == null) {
                throw CourtRushException.conflict("refund.noPayment", reservationId);
            }
            PayRefund refund = refunds.part(paid, cents, why, staff.actor());
            refunds.send(paid, refund); // the student is told once the money is back (or did not come): Refunds

            return refunded(reservationId, ReservationStatus.CONFIRMED, PayOrderStatus.SUCCESS, paid, refund, false);
        });
        audit.record(
                staff.actor(),
                AuditAction.REFUND_PART,
                AuditTarget.RESERVATION,
                reservationId,
                new EngineText("audit.refundPart", why, orderWithAmount(refunded)));
        return refunded;
    }

    /** The order and the amount given back, in words: "CR… (handed back at the desk, ¥20.00)". */
    private static EngineText orderWithAmount(Refunded refunded) {
        return new EngineText(
                refunded.handBackAtDesk() ? "audit.orderAmountAtDesk" : "audit.orderAmount",
                refunded.outTradeNo(),
                BigDecimal.valueOf(refunded.amountCents(), 2).toPlainString());
    }

    private static Refunded refunded(
            long reservationId,
            ReservationStatus reservationStatus,
            PayOrderStatus payStatus,
            PayOrder paid,
            PayRefund refund,
            boolean pastCutoff) {
        return new Refunded(
                reservationId,
                reservationStatus,
                payStatus,
                paid.getOutTradeNo(),
                refund.getAmountCents(),
                pastCutoff,
                PaymentService.DESK_CHANNEL.equals(paid.getChannel()),
                refund.getOutRefundNo(),
                refund.getStatus(),
                paid.getAmountCents() - paid.refundable() + refund.getAmountCents());
    }

    private Refunded refundLocked(
            long reservationId, String reason, boolean overrideCutoff, Caller caller, boolean staff) {
        Reservation reservation = reservations.lockById(reservationId);
        if (reservation.getStatus() == ReservationStatus.CANCELLED) {
            throw CourtRushException.conflict(
                    reservation.getCancelReason() == CancelReason.REFUND
                            ? "refund.alreadyRefunded"
                            : "refund.alreadyCancelled",
                    reservationId);
        }
        if (reservation.getStatus() != ReservationStatus.CONFIRMED) {
            throw CourtRushException.conflict("refund.notPaid", reservationId);
        }
        if (reservation.getCheckedInTime() != null) {
            // checked in: the game is being played — only the desk gives its money back, and says why
            if (!staff) {
                throw CourtRushException.conflict("refund.checkedIn", reservation.getCheckedInTime());
            }
            if (reason == null) {
                throw CourtRushException.badRequest("refund.checkedInNeedsReason");
            }
        }
        LocalDateTime now = LocalDateTime.now(clock);
        boolean pastCutoff = !now.isBefore(cutoff(reservation));
        if (pastCutoff && !overrideCutoff) {
            throw CourtRushException.conflict("refund.closed", cutoff(reservation));
        }
        PayOrder paid = orders.findLatest(reservationId, PayOrderStatus.SUCCESS);
        if (paid == null) {
            throw CourtRushException.conflict("refund.noPayment", reservationId);
        }
        boolean atDesk = PaymentService.DESK_CHANNEL.equals(paid.getChannel());
        if (atDesk && !staff) {
            // the money was handed over at the desk: it is handed back there, by staff
            throw CourtRushException.conflict("refund.atDesk", reservationId);
        }
        PayRefund refund = refunds.whole(paid, PayOrderStatus.SUCCESS, reason, caller.actor());
        ender.end(reservation, ReservationStatus.CONFIRMED, CancelReason.REFUND, reason);
        // last, so nothing after the gateway's refund can roll this transaction back and refund it twice
        refunds.send(paid, refund);
        return refunded(reservationId, ReservationStatus.CANCELLED, PayOrderStatus.REFUNDED, paid, refund, pastCutoff);
    }

    /**
     * Gives a reservation's payment back without ending it (its end is the caller's, in the same
     * transaction: a no-show the gym refunds). Returns the order refunded; empty when none was paid
     * through the gateway (one paid at the desk is handed back there, by a staff refund).
     */
    public Optional<PayOrder> giveBackPayment(Reservation reservation, String reason) {
        long reservationId = reservation.getId();
        PayOrder paid = orders.findLatest(reservationId, PayOrderStatus.SUCCESS);
        if (paid == null || PaymentService.DESK_CHANNEL.equals(paid.getChannel())) {
            // nothing paid, or paid in person: the desk hands it back when the student comes (a staff refund)
            return Optional.empty();
        }
        PayRefund refund = refunds.whole(paid, PayOrderStatus.SUCCESS, reason, SystemActor.ATTENDANCE.actor());
        refunds.send(paid, refund);
        return Optional.of(paid);
    }

    private LocalDateTime cutoff(Reservation reservation) {
        TimeSlot slot = slots.selectById(reservation.getSlotId());
        return deadlines.refundUntil(slot.getSlotDate(), slot.getStartTime());
    }
}
