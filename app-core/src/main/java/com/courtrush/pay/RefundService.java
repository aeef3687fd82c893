package com.courtrush.pay;

import com.courtrush.account.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.notice.Notices;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.reserve.lifecycle.ReservationDeadlines;
import com.courtrush.reserve.lifecycle.ReservationEnder;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Refunds a paid reservation: its SUCCESS order → REFUNDED and the reservation → CANCELLED
 * (REFUND) in one transaction under the reservation's row lock, the place given back after commit.
 * Refunds close {@code REFUND_CUTOFF_MINUTES} before the slot starts; staff may override with a
 * reason, which is audited.
 */
@Service
public class RefundService {

    private final ReservationMapper reservations;
    private final ReservationAccess access;
    private final ReservationEnder ender;
    private final PayOrderMapper orders;
    private final TimeSlotMapper slots;
    private final PaymentGateway gateway;
    private final ReservationDeadlines deadlines;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;
    private final Notices notices;

    RefundService(
            Notices notices,
            ReservationMapper reservations,
            ReservationAccess access,
            ReservationEnder ender,
            PayOrderMapper orders,
            TimeSlotMapper slots,
            PaymentGateway gateway,
            ReservationDeadlines deadlines,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.notices = notices;
        this.reservations = reservations;
        this.access = access;
        this.ender = ender;
        this.orders = orders;
        this.slots = slots;
        this.gateway = gateway;
        this.deadlines = deadlines;
        this.transactions = transactions;
        this.audit = audit;
        this.clock = clock;
    }

    public Refunded refund(long reservationId, Caller caller, String reason, boolean overrideCutoff) {
        access.visibleTo(reservationId, caller);
        String why = reason == null || reason.isBlank() ? null : Texts.requirePlain(reason.strip(), "reason");
        if (overrideCutoff && (!caller.isStaff() || why == null)) {
            throw CourtRushException.badRequest("refund.overrideNotAllowed");
        }
        Refunded refunded = transactions.execute(tx -> refundLocked(reservationId, why, overrideCutoff, caller));
        audit.record(
                caller.actor(),
                "REFUND",
                "RESERVATION",
                reservationId,
                new EngineText(
                        refunded.cutoffOverridden() ? "audit.refundOverridden" : "audit.refund",
                        why == null ? "" : why,
                        refunded.outTradeNo()
                                + (refunded.handBackAtDesk()
                                        ? " (" + PaymentService.DESK_CHANNEL + ", ¥"
                                                + java.math.BigDecimal.valueOf(refunded.amountCents(), 2)
                                                        .toPlainString()
                                                + ")"
                                        : "")));
        return refunded;
    }

    private Refunded refundLocked(long reservationId, String reason, boolean overrideCutoff, Caller caller) {
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
        if (atDesk && !caller.isStaff()) {
            // the money was handed over at the desk: it is handed back there, by staff
            throw CourtRushException.conflict("refund.atDesk", reservationId);
        }
        orders.markRefunded(paid.getId(), PayOrderStatus.SUCCESS, now);
        ender.end(reservation, ReservationStatus.CONFIRMED, CancelReason.REFUND, reason);
        notices.refunded(
                reservation.getUserId(),
                reservationId,
                reservation.getSlotId(),
                paid.getOutTradeNo(),
                paid.getAmountCents(),
                caller.isStaff() ? reason : null);
        // last, so nothing after the gateway's refund can roll this transaction back and refund it twice
        PaymentService.giveBack(gateway, paid, reason == null ? "refund requested" : reason);
        return new Refunded(
                reservationId,
                ReservationStatus.CANCELLED,
                PayOrderStatus.REFUNDED,
                paid.getOutTradeNo(),
                paid.getAmountCents(),
                pastCutoff,
                atDesk);
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
        orders.markRefunded(paid.getId(), PayOrderStatus.SUCCESS, LocalDateTime.now(clock));
        notices.refunded(
                reservation.getUserId(),
                reservationId,
                reservation.getSlotId(),
                paid.getOutTradeNo(),
                paid.getAmountCents(),
                null);
        PaymentService.giveBack(gateway, paid, reason);
        return Optional.of(paid);
    }

    private LocalDateTime cutoff(Reservation reservation) {
        TimeSlot slot = slots.selectById(reservation.getSlotId());
        return deadlines.refundUntil(slot.getSlotDate(), slot.getStartTime());
    }

    /**
     * What a refund answers. {@code handBackAtDesk}: the order was paid at the desk, so no gateway refunds it —
     * staff hand {@code amountCents} back in person.
     */
    public record Refunded(
            long reservationId,
            ReservationStatus reservationStatus,
            PayOrderStatus payStatus,
            String outTradeNo,
            int amountCents,
            boolean cutoffOverridden,
            boolean handBackAtDesk) {}
}
