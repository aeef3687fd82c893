package com.courtrush.pay;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Yuan;
import com.courtrush.infra.config.AfterTransaction;
import com.courtrush.notice.Notices;
import com.courtrush.notice.StaffAlerts;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.till.Receipts;
import com.courtrush.till.api.DeskChannel;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every refund, in part or whole, goes through here: the order's refunded sum grows by compare-and-set (never past
 * what was paid), the refund is written with its number, and — last in the caller's transaction, so nothing after
 * it can roll back a refund the provider made — the provider is asked ({@link #send}). The desk hands back what it took. A refund
 * leaves REFUNDING once, by the provider's notification or a query ({@link #settle}). A money state is told only when
 * it is final: the student hears of a refund when it leaves REFUNDING — the money back (SUCCESS), or that it did not
 * come and the gym gives it back by hand (ABNORMAL, CLOSED; staff are alerted then too) — never while it is on its way.
 */
@Component
class Refunds {

    private static final Logger log = LoggerFactory.getLogger(Refunds.class);

    private final PayOrderMapper orders;
    private final PayRefundMapper refunds;
    private final PaymentGateways gateways;
    private final StaffAlerts alerts;
    private final AuditTrail audit;
    private final Clock clock;

    private final Receipts receipts;
    private final ReservationMapper reservations;
    private final Notices notices;
    private final TransactionTemplate transactions;

    Refunds(
            PayOrderMapper orders,
            PayRefundMapper refunds,
            PaymentGateways gateways,
            StaffAlerts alerts,
            AuditTrail audit,
            Clock clock,
            Receipts receipts,
            ReservationMapper reservations,
            Notices notices,
            TransactionTemplate transactions) {
        this.receipts = receipts;
        this.orders = orders;
        this.refunds = refunds;
        this.gateways = gateways;
        this.alerts = alerts;
        this.audit = audit;
        this.clock = clock;
        this.reservations = reservations;
        this.notices = notices;
        this.transactions = transactions;
    }

    /**
     * Writes the refund of the rest of {@code order} and marks it REFUNDED (from {@code from}: SUCCESS, or PAYING,
     * FAILED or CLOSED for a payment that came after its booking ended); {@link #send} then asks the provider. In the
     * caller's transaction, under the reservation's row lock.
     */
    PayRefund whole(PayOrder order, PayOrderStatus from, String reason, String actor) {
        int rest = order.refundable();
        if (orders.markRefunded(order.getId(), from, LocalDateTime.now(clock)) == 0 || rest <= 0) {
            throw CourtRushException.conflict("refund.alreadyRefunded", order.getReservationId());
        }
        return write(order, rest, true, reason, actor);
    }

    /** Writes the refund of {@code cents} of a paid order, less than is left; the booking stays as it is. */
    PayRefund part(PayOrder order, int cents, String reason, String actor) {
        if (orders.refundPart(order.getId(), cents, LocalDateTime.now(clock)) == 0) {
            throw CourtRushException.conflict("refund.partTooLarge", yuan(cents), yuan(order.refundable()));
        }
        return write(order, cents, false, reason, actor);
    }

    private static String yuan(int cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }

    private PayRefund write(PayOrder order, int cents, boolean whole, String reason, String actor) {
        PayRefund refund = new PayRefund();
        refund.setOutRefundNo(order.getOutTradeNo() + "R" + (refunds.countOf(order.getId()) + 1));
        refund.setPayOrderId(order.getId());
        refund.setReservationId(order.getReservationId());
        refund.setAmountCents(cents);
        refund.setWhole(whole);
        refund.setStatus(RefundStatus.REFUNDING);
        refund.setReason(reason);
        refund.setActor(actor);
        refunds.insert(refund);
        if (Receipts.atDesk(actor)) {
            // given back by a person at the desk: in the way it was paid (a DESK order), else through WeChat Pay
            receipts.refund(
                    order.getReservationId(),
                    order.getOutTradeNo(),
                    refund.getOutRefundNo(),
                    PaymentService.DESK_CHANNEL.equals(order.getChannel())
                            ? DeskChannel.valueOf(order.getDeskChannel() == null ? "CASH" : order.getDeskChannel())
                            : DeskChannel.WECHAT,
                    cents,
                    actor);
        }
        return refund;
    }

    /**
     * Gives a written refund's money back: the desk hands it over; the provider is asked — the caller's last step,
     * so nothing after it can roll back money that went out. A refusal throws (the caller rolls back, nothing was
     * given). An answer that never came leaves the refund REFUNDING, kept: WeChat Pay may have made it, and its
     * number, now taken, is asked about (and, unknown there, sent again) by {@link RefundFollowUp}.
     */
    void send(PayOrder order, PayRefund refund) {
        if (PaymentService.DESK_CHANNEL.equals(order.getChannel())) {
            log.info(
                    "Order {} was paid at the desk: {} cents are handed back there ({})",
                    order.getOutTradeNo(),
                    refund.getAmountCents(),
                    refund.getReason());
            settleNow(refund, new PaymentGateway.RefundAnswer(RefundStatus.SUCCESS, null, LocalDateTime.now(clock)));
            return;
        }
        PaymentGateway.RefundAnswer answer;
        try {
            answer = gateways.of(order).refund(order, refund);
        } catch (CourtRushException e) {
            if (e.status() != HttpStatus.SERVICE_UNAVAILABLE) {
                throw e; // refused: nothing was given back
            }
            log.warn(
                    "WeChat Pay gave no answer to refund {} of order {}; kept as REFUNDING and asked about in a minute",
                    refund.getOutRefundNo(),
                    order.getOutTradeNo());
            return;
        }
        settleNow(refund, answer);
    }

    /** The provider's answer to the ask, in the caller's transaction: a final one settles the refund and is told. */
    private void settleNow(PayRefund refund, PaymentGateway.RefundAnswer answer) {
        refund.setRefundId(answer.refundId());
        if (answer.status() != RefundStatus.REFUNDING) {
            refunds.settle(
                    refund.getId(), answer.status(), answer.refundId(), answer.successTime(), LocalDateTime.now(clock));
            refund.setStatus(answer.status());
            refund.setSuccessTime(answer.successTime());
            tellStudent(refund);
            if (answer.status() != RefundStatus.SUCCESS) {
                AfterTransaction.run(() -> tellStaff(refund));
            }
        }
    }

    /**
     * A refund's outcome as the provider reported it (a notification, or a query); once, with the student's notice in
     * the same transaction. Returns whether this call settled it.
     */
    boolean settle(PayRefund refund, PaymentGateway.RefundAnswer answer) {
        if (answer.unknown() || answer.status() == RefundStatus.REFUNDING) {
            return false;
        }
        boolean settled = Boolean.TRUE.equals(transactions.execute(tx -> {
            if (refunds.settle(
                            refund.getId(),
                            answer.status(),
                            answer.refundId(),
                            answer.successTime(),
                            LocalDateTime.now(clock))
                    != 1) {
                return false;
            }
            refund.setStatus(answer.status());
            refund.setSuccessTime(answer.successTime());
            tellStudent(refund);
            return true;
        }));
        if (settled && answer.status() != RefundStatus.SUCCESS) {
            AfterTransaction.run(() -> tellStaff(refund));
        }
        return settled;
    }

    /**
     * The student's notice of a refund that is final: the money back — with staff's reason (a student's own, or the
     * engine's, is not said back to them) — or that it did not come and the gym gives it back by hand.
     */
    private void tellStudent(PayRefund refund) {
        Reservation booking = reservations.selectById(refund.getReservationId());
        if (refund.getStatus() == RefundStatus.SUCCESS) {
            notices.refunded(
                    booking.getUserId(),
                    booking.getId(),
                    booking.getSlotId(),
                    refund.getOutRefundNo(),
                    refund.getAmountCents(),
                    staffsWord(refund, booking) ? refund.getReason() : null);
        } else {
            notices.refundFailed(
                    booking.getUserId(),
                    booking.getId(),
                    booking.getSlotId(),
                    refund.getOutRefundNo(),
                    refund.getAmountCents());
        }
    }

    /**
     * Whether a refund's reason is staff's word to the student: staff (or the admin token) gave it back on purpose — a
     * part, or the refund that ended the booking. A student's own reason is not said back to them, nor the engine's
     * (a payment that came after its booking had ended, a no-show's).
     */
    private static boolean staffsWord(PayRefund refund, Reservation booking) {
        return Receipts.atDesk(refund.getActor())
                && (!Boolean.TRUE.equals(refund.getWhole()) || booking.getCancelReason() == CancelReason.REFUND);
    }

    private void tellStaff(PayRefund refund) {
        log.error(
                "Refund {} of reservation {} ({} cents) ended {} at WeChat Pay: the money did not reach the student; "
                        + "settle it on WeChat Pay's merchant platform",
                refund.getOutRefundNo(),
                refund.getReservationId(),
                refund.getAmountCents(),
                refund.getStatus());
        audit.record(
                SystemActor.PAYMENT.actor(),
                AuditAction.refundEnded(refund.getStatus()),
                PaymentService.AUDIT_TARGET,
                refund.getOutRefundNo(),
                new EngineText(
                        "audit.refundFailedAmount",
                        refund.getReservationId(),
                        refund.getStatus(),
                        Yuan.of(refund.getAmountCents())));
        alerts.refundFailed(
                refund.getOutRefundNo(),
                refund.getReservationId(),
                refund.getStatus().name());
    }
}
