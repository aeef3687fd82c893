package com.courtrush.pay;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Yuan;
import com.courtrush.notice.Notices;
import com.courtrush.notice.StaffAlerts;
import com.courtrush.pay.api.PaidOutcome;
import com.courtrush.pay.api.PaidView;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import java.time.Clock;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Payment success, however it is reported — WeChat Pay's notification or a query, staff's "mark paid", a simulated
 * payment — settled once: the booking CONFIRMED in the same transaction, or, when it ended meanwhile (cancel,
 * timeout; its order CLOSING or CLOSED), the money refunded at once, so a payment never vanishes (I6); real money
 * refunded so is told to staff.
 */
@Service
public class PaymentSettlement {

    private static final Logger log = LoggerFactory.getLogger(PaymentSettlement.class);

    private final PayOrderMapper orders;
    private final ReservationMapper reservations;
    private final PaymentGateways gateways;
    private final Refunds refunds;
    private final Notices notices;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final StaffAlerts alerts;
    private final Clock clock;

    PaymentSettlement(
            PayOrderMapper orders,
            ReservationMapper reservations,
            PaymentGateways gateways,
            Refunds refunds,
            Notices notices,
            TransactionTemplate transactions,
            AuditTrail audit,
            StaffAlerts alerts,
            Clock clock) {
        this.alerts = alerts;
        this.orders = orders;
        this.reservations = reservations;
        this.gateways = gateways;
        this.refunds = refunds;
        this.notices = notices;
        this.transactions = transactions;
        this.audit = audit;
        this.clock = clock;
    }

    /**
     * Staff's "mark paid" from the console: the reservation's PAYING order is reported paid. An order made at the
     * live WeChat Pay is paid only when WeChat Pay says so: it is asked, and refused here while unpaid.
     */
    /**
     * Asks WeChat Pay about a live order still PAYING and settles what it says: paid (confirmed, or refunded when the
     * booking ended meanwhile). Returns the trade it reported. Throws when WeChat Pay cannot be asked.
     */
    PaymentGateway.Trade settleFromProvider(PayOrder order, String actor) {
        PaymentGateway.Trade trade = gateways.of(order).query(order);
        if (trade.paid()) {
            onProviderPaid(order.getOutTradeNo(), trade, actor);
        }
        return trade;
    }

    /**
     * Payment success reported by staff (the simulated gateway's mock callback, or "mark paid"). Idempotent. An order
     * made at the live WeChat Pay is asked about instead: staff cannot make it paid.
     */
    public PaidView onPaid(String outTradeNo, String actor) {
        PayOrder order = orders.findByOutTradeNo(outTradeNo);
        if (order == null) {
            throw CourtRushException.notFound("pay.orderNotFound", outTradeNo);
        }
        if (order.live()) {
            PaymentGateway.Trade trade = gateways.of(order).query(order);
            if (!trade.paid()) {
                throw CourtRushException.conflict("pay.notPaidAtProvider", outTradeNo);
            }
            return onProviderPaid(outTradeNo, trade, actor);
        }
        return settled(order, null, actor);
    }

    /**
     * Payment success as WeChat Pay reported it (its notification, or a query): idempotent and in any order with
     * everything else. The amount must be the order's.
     */
    public PaidView onProviderPaid(String outTradeNo, PaymentGateway.Trade trade, String actor) {
        PayOrder order = orders.findByOutTradeNo(outTradeNo);
        if (order == null) {
            throw CourtRushException.notFound("pay.orderNotFound", outTradeNo);
        }
        if (trade.paidCents() != null && trade.paidCents().intValue() != order.getAmountCents()) {
            log.error(
                    "WeChat Pay reports order {} paid with {} cents, but it asked for {}: not settled; look into it",
                    outTradeNo,
                    trade.paidCents(),
                    order.getAmountCents());
            throw CourtRushException.conflict("pay.amountMismatch", outTradeNo);
        }
        return settled(order, trade.transactionId(), actor);
    }

    private PaidView settled(PayOrder order, String transactionId, String actor) {
        String outTradeNo = order.getOutTradeNo();
        PaidView view = transactions.execute(
                tx -> settlePayment(order.getReservationId(), order.getId(), transactionId, actor));
        switch (view.outcome()) {
            case CONFIRMED ->
                audit.record(
                        actor,
                        transactionId == null ? AuditAction.MARK_PAID : AuditAction.PAID_WECHAT,
                        PaymentService.AUDIT_TARGET,
                        outTradeNo,
                        new EngineText("audit.paidAmount", view.reservationId(), Yuan.of(order.getAmountCents())));
            case AUTO_REFUNDED -> {
                audit.record(
                        SystemActor.PAYMENT.actor(),
                        AuditAction.AUTO_REFUND,
                        PaymentService.AUDIT_TARGET,
                        outTradeNo,
                        new EngineText(
                                "audit.autoRefundAmount", view.reservationId(), Yuan.of(order.getAmountCents())));
                log.warn(
                        "Payment of order {} arrived after reservation {} ended; refunded it",
                        outTradeNo,
                        view.reservationId());
                if (order.live()) {
                    // real money went out and came back: staff hear of it (the student may ask at the desk)
                    alerts.paidAfterEnd(outTradeNo, view.reservationId(), order.getAmountCents());
                }
            }
            default -> {}
        }
        return view;
    }

    private PaidView settlePayment(long reservationId, long orderId, String transactionId, String actor) {
        Reservation reservation = reservations.lockById(reservationId);
        PayOrder order = orders.selectById(orderId);
        LocalDateTime now = LocalDateTime.now(clock);
        return switch (order.getStatus()) {
            case SUCCESS -> paid(order, reservation.getStatus(), PaidOutcome.ALREADY_PAID);
            case REFUNDED -> paid(order, reservation.getStatus(), PaidOutcome.ALREADY_REFUNDED);
            case PAYING -> {
                if (reservation.getStatus() == ReservationStatus.PENDING_PAYMENT) {
                    orders.markPaid(order.getId(), now, transactionId);
                    reservations.confirm(reservationId, now);
                    notices.paid(
                            reservation.getUserId(), reservationId, reservation.getSlotId(), order.getOutTradeNo());
                    yield paid(orders.selectById(orderId), ReservationStatus.CONFIRMED, PaidOutcome.CONFIRMED);
                }
                yield refundAtOnce(order, reservation, transactionId, actor);
            }
            case FAILED, CLOSING, CLOSED -> refundAtOnce(order, reservation, transactionId, actor);
        };
    }

    private PaidView refundAtOnce(PayOrder order, Reservation reservation, String transactionId, String actor) {
        if (transactionId != null) {
            orders.noteTransaction(order.getId(), transactionId, LocalDateTime.now(clock));
        }
        PayRefund refund = refunds.whole(
                order, order.getStatus(), "reservation " + reservation.getId() + " had already ended", actor);
        refunds.send(order, refund); // the student is told once the money is back (or did not come): Refunds
        return paid(orders.selectById(order.getId()), reservation.getStatus(), PaidOutcome.AUTO_REFUNDED);
    }

    /** What a settled order answers. */
    static PaidView paid(PayOrder order, ReservationStatus reservationStatus, PaidOutcome outcome) {
        return new PaidView(
                order.getOutTradeNo(),
                order.getReservationId(),
                order.getStatus(),
                reservationStatus,
                outcome,
                order.getAmountCents());
    }
}
