package com.courtrush.pay;

import com.courtrush.account.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.notice.Notices;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.reserve.lifecycle.ReservationDeadlines;
import com.courtrush.setting.AppSettings;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Pay orders and payment success. Creating an order holds a lock per reservation ({@link PaymentLocks}, 5 s
 * lease) and reuses an unexpired PAYING order; G4 in the database backs the lock. Payment success
 * confirms the reservation in the same transaction — or, when the reservation ended meanwhile
 * (cancel, timeout), refunds the money at once, so a payment never vanishes (I6).
 */
@Service
public class PaymentService {

    private static final Logger log = LoggerFactory.getLogger(PaymentService.class);
    private static final Duration LOCK_WAIT = Duration.ofSeconds(3);
    private static final Duration LOCK_LEASE = Duration.ofSeconds(5);
    static final String AUDIT_TARGET = "PAY_ORDER";
    /** The channel of an order paid in person at the desk (cash or card at the counter). */
    public static final String DESK_CHANNEL = "DESK";

    private final PayOrderMapper orders;
    private final ReservationMapper reservations;
    private final ReservationAccess access;
    private final TimeSlotMapper slots;
    private final PaymentGateway gateway;
    private final AppSettings settings;
    private final ReservationDeadlines deadlines;
    private final PaymentLocks locks;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;
    private final Notices notices;

    PaymentService(
            Notices notices,
            PayOrderMapper orders,
            ReservationMapper reservations,
            ReservationAccess access,
            TimeSlotMapper slots,
            PaymentGateway gateway,
            AppSettings settings,
            ReservationDeadlines deadlines,
            PaymentLocks locks,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.notices = notices;
        this.orders = orders;
        this.reservations = reservations;
        this.access = access;
        this.slots = slots;
        this.gateway = gateway;
        this.settings = settings;
        this.deadlines = deadlines;
        this.locks = locks;
        this.transactions = transactions;
        this.audit = audit;
        this.clock = clock;
    }

    /** {@code POST /pay/wechat/{id}}: the student's PAYING order, reused while unexpired. */
    public OrderView createOrder(long reservationId, Caller caller) {
        Reservation reservation = access.visibleTo(reservationId, caller);
        if (!reservation.getUserId().equals(caller.userId())) {
            throw CourtRushException.notFound("reservation.notFound", reservationId);
        }
        try (PaymentLocks.Held held = locks.tryLock(reservationId, LOCK_WAIT, LOCK_LEASE)
                .orElseThrow(() -> CourtRushException.conflict("pay.busy"))) {
            return orderUnderLock(reservationId);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CourtRushException.conflict("pay.interrupted");
        }
    }

    private OrderView orderUnderLock(long reservationId) {
        LocalDateTime now = LocalDateTime.now(clock);
        PayOrder paying = orders.findPaying(reservationId);
        if (paying != null
                && paying.getExpireTime().isAfter(now)
                && reservations.selectById(reservationId).getStatus() == ReservationStatus.PENDING_PAYMENT) {
            return OrderView.of(paying, gateway, true, now);
        }
        PayOrder created = transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            requireUnpaid(locked);
            TimeSlot slot = slots.selectById(locked.getSlotId());
            if (slot != null && slot.startedBy(now)) {
                throw CourtRushException.conflict("pay.slotStarted", reservationId);
            }
            if (paying != null) {
                orders.markExpired(paying.getId(), now);
            }
            return insertOrder(locked, priceOf(slot), now);
        });
        gateway.prepay(created, description(created));
        return OrderView.of(created, gateway, false, LocalDateTime.now(clock));
    }

    private PayOrder insertOrder(Reservation reservation, int amountCents, LocalDateTime now) {
        PayOrder order = newOrder(reservation, gateway.channel(), amountCents, now);
        order.setStatus(PayOrderStatus.PAYING);
        order.setPayingKey(reservation.getId());
        // an order expires when a reservation made at the same moment would time out
        order.setExpireTime(deadlines.payBy(now));
        return insertOrder(order, reservation);
    }

    private static PayOrder newOrder(Reservation reservation, String channel, int amountCents, LocalDateTime now) {
        PayOrder order = new PayOrder();
        order.setReservationId(reservation.getId());
        order.setChannel(channel);
        order.setAmountCents(amountCents);
        order.setOutTradeNo(OutTradeNumbers.next(reservation.getUserId(), now));
        return order;
    }

    /** Inserts the order under a fresh order number if its own was taken a moment ago (the number has a random part). */
    private PayOrder insertOrder(PayOrder order, Reservation reservation) {
        LocalDateTime now = LocalDateTime.now(clock);
        for (int attempt = 1; ; attempt++) {
            if (attempt > 1) {
                order.setOutTradeNo(OutTradeNumbers.next(reservation.getUserId(), now));
            }
            try {
                orders.insert(order);
                return order;
            } catch (DuplicateKeyException e) {
                if (order.getStatus() == PayOrderStatus.PAYING && orders.findPaying(reservation.getId()) != null
                        || attempt == 3) {
                    throw CourtRushException.conflict("pay.busy");
                }
            }
        }
    }

    /** Staff's "mark paid" from the console: the reservation's PAYING order is reported paid. */
    public PaidView markPaid(long reservationId, Caller staff) {
        access.visibleTo(reservationId, staff);
        PayOrder paying = orders.findPaying(reservationId);
        if (paying == null) {
            throw CourtRushException.conflict("pay.noPayingOrder", reservationId);
        }
        return onPaid(paying.getOutTradeNo(), staff.actor());
    }

    /**
     * The desk takes the money in person (cash or card at the counter; a walk-in, or a student who comes to
     * pay): a DESK order, paid now, and the reservation CONFIRMED in one transaction (the caller's, if it
     * has one). Taken also for a slot that has started — the student is standing at the desk. A PAYING
     * order the student opened on the phone is closed, so paying it as well would be refunded at once. Refused
     * once the slot has ended.
     */
    public PaidView payAtDesk(long reservationId, Caller staff) {
        access.visibleTo(reservationId, staff);
        PaidView paid = transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            requireUnpaid(locked);
            LocalDateTime now = LocalDateTime.now(clock);
            TimeSlot slot = slots.selectById(locked.getSlotId());
            if (slot != null && !now.isBefore(slot.getSlotDate().atTime(slot.getEndTime()))) {
                // nothing left to play: a booking paid now could only end as a no-show
                throw CourtRushException.conflict("pay.slotEnded", reservationId);
            }
            orders.closePaying(reservationId, now);
            PayOrder order = newOrder(locked, DESK_CHANNEL, priceOf(slot), now);
            order.setStatus(PayOrderStatus.SUCCESS);
            order.setPayingKey(null);
            order.setExpireTime(now);
            order.setPaidTime(now);
            insertOrder(order, locked);
            reservations.confirm(reservationId, now);
            notices.paid(locked.getUserId(), reservationId, locked.getSlotId(), order.getOutTradeNo());
            return PaidView.of(order, ReservationStatus.CONFIRMED, PaidOutcome.CONFIRMED);
        });
        audit.record(
                staff.actor(),
                "PAY_AT_DESK",
                AUDIT_TARGET,
                paid.outTradeNo(),
                new EngineText(
                        "audit.paidAtDesk",
                        reservationId,
                        BigDecimal.valueOf(paid.amountCents(), 2).toPlainString()));
        return paid;
    }

    /**
     * Gives a paid order's money back: through the gateway, or — for one paid at the desk — by the desk
     * handing it back (a staff refund, whose answer says so: {@code RefundService.Refunded#handBackAtDesk}).
     * Throws when the gateway refuses.
     */
    static void giveBack(PaymentGateway gateway, PayOrder order, String reason) {
        if (DESK_CHANNEL.equals(order.getChannel())) {
            log.info(
                    "Order {} was paid at the desk: its {} cents are handed back there ({})",
                    order.getOutTradeNo(),
                    order.getAmountCents(),
                    reason);
            return;
        }
        gateway.refund(order, reason);
    }

    /** Payment success (the simulated gateway's callback, or staff's "mark paid"). Idempotent. */
    public PaidView onPaid(String outTradeNo, String actor) {
        PayOrder order = orders.findByOutTradeNo(outTradeNo);
        if (order == null) {
            throw CourtRushException.notFound("pay.orderNotFound", outTradeNo);
        }
        PaidView view = transactions.execute(tx -> settlePayment(order.getReservationId(), order.getId()));
        switch (view.outcome()) {
            case CONFIRMED ->
                audit.record(
                        actor,
                        "MARK_PAID",
                        AUDIT_TARGET,
                        outTradeNo,
                        new EngineText("audit.markPaid", view.reservationId()));
            case AUTO_REFUNDED -> {
                audit.record(
                        "system:payment",
                        "AUTO_REFUND",
                        AUDIT_TARGET,
                        outTradeNo,
                        new EngineText("audit.autoRefund", view.reservationId()));
                log.warn(
                        "Payment of order {} arrived after reservation {} ended; refunded it",
                        outTradeNo,
                        view.reservationId());
            }
            default -> {}
        }
        return view;
    }

    private PaidView settlePayment(long reservationId, long orderId) {
        Reservation reservation = reservations.lockById(reservationId);
        PayOrder order = orders.selectById(orderId);
        LocalDateTime now = LocalDateTime.now(clock);
        return switch (order.getStatus()) {
            case SUCCESS -> PaidView.of(order, reservation.getStatus(), PaidOutcome.ALREADY_PAID);
            case REFUNDED -> PaidView.of(order, reservation.getStatus(), PaidOutcome.ALREADY_REFUNDED);
            case PAYING -> {
                if (reservation.getStatus() == ReservationStatus.PENDING_PAYMENT) {
                    orders.markPaid(order.getId(), now);
                    reservations.confirm(reservationId, now);
                    notices.paid(
                            reservation.getUserId(), reservationId, reservation.getSlotId(), order.getOutTradeNo());
                    yield PaidView.of(orders.selectById(orderId), ReservationStatus.CONFIRMED, PaidOutcome.CONFIRMED);
                }
                yield refundAtOnce(order, reservation, now);
            }
            case FAILED, CLOSED -> refundAtOnce(order, reservation, now);
        };
    }

    private PaidView refundAtOnce(PayOrder order, Reservation reservation, LocalDateTime now) {
        orders.markRefunded(order.getId(), order.getStatus(), now);
        notices.refunded(
                reservation.getUserId(),
                reservation.getId(),
                reservation.getSlotId(),
                order.getOutTradeNo(),
                order.getAmountCents(),
                null);
        giveBack(gateway, order, "reservation " + reservation.getId() + " had already ended");
        return PaidView.of(orders.selectById(order.getId()), reservation.getStatus(), PaidOutcome.AUTO_REFUNDED);
    }

    /** {@code GET /pay/reservation/{id}}: the reservation's payment state. */
    public PaymentState state(long reservationId, Caller caller) {
        Reservation reservation = access.visibleTo(reservationId, caller);
        PayOrder latest =
                orders.findAll(reservationId).stream().reduce((a, b) -> b).orElse(null);
        return new PaymentState(
                reservationId,
                reservation.getStatus(),
                latest == null ? null : latest.getStatus(),
                latest == null ? null : latest.getOutTradeNo(),
                latest == null ? amountOf(reservation) : latest.getAmountCents(),
                latest == null ? null : latest.getExpireTime(),
                latest == null ? null : latest.getPaidTime(),
                latest == null ? null : latest.getRefundTime(),
                gateway.simulated());
    }

    int amountOf(Reservation reservation) {
        return priceOf(slots.selectById(reservation.getSlotId()));
    }

    private int priceOf(TimeSlot slot) {
        return settings.priceCents(slot == null ? null : slot.getPriceCents());
    }

    private String description(PayOrder order) {
        return "CourtRush reservation " + order.getReservationId();
    }

    private static void requireUnpaid(Reservation reservation) {
        switch (reservation.getStatus()) {
            case PENDING_PAYMENT -> {}
            case CONFIRMED -> throw CourtRushException.conflict("pay.alreadyPaid", reservation.getId());
            default ->
                throw CourtRushException.conflict("pay.cancelled", reservation.getId(), reservation.getCancelReason());
        }
    }

    /**
     * What {@code POST /pay/wechat/{id}} answers. {@code codeUrl} is a placeholder: payments are
     * simulated. {@code secondsToExpire} counts from this answer, so a client needs no clock of its own.
     */
    public record OrderView(
            String outTradeNo,
            long reservationId,
            int amountCents,
            PayOrderStatus status,
            LocalDateTime expireTime,
            long secondsToExpire,
            String codeUrl,
            boolean reused,
            String gateway) {
        static OrderView of(PayOrder order, PaymentGateway gateway, boolean reused, LocalDateTime now) {
            return new OrderView(
                    order.getOutTradeNo(),
                    order.getReservationId(),
                    order.getAmountCents(),
                    order.getStatus(),
                    order.getExpireTime(),
                    Math.max(0, Duration.between(now, order.getExpireTime()).toSeconds()),
                    gateway.simulated() ? "weixin://wxpay/simulated/" + order.getOutTradeNo() : null,
                    reused,
                    gateway.channel() + (gateway.simulated() ? " (simulated)" : ""));
        }
    }

    /** How a payment notification ended. */
    public enum PaidOutcome {
        CONFIRMED,
        ALREADY_PAID,
        AUTO_REFUNDED,
        ALREADY_REFUNDED
    }

    /** What a payment notification answers. */
    public record PaidView(
            String outTradeNo,
            long reservationId,
            PayOrderStatus payStatus,
            ReservationStatus reservationStatus,
            PaidOutcome outcome,
            int amountCents) {
        static PaidView of(PayOrder order, ReservationStatus reservationStatus, PaidOutcome outcome) {
            return new PaidView(
                    order.getOutTradeNo(),
                    order.getReservationId(),
                    order.getStatus(),
                    reservationStatus,
                    outcome,
                    order.getAmountCents());
        }
    }

    /** A reservation's payment state. */
    public record PaymentState(
            long reservationId,
            ReservationStatus reservationStatus,
            PayOrderStatus payStatus,
            String outTradeNo,
            int amountCents,
            LocalDateTime expireTime,
            LocalDateTime paidTime,
            LocalDateTime refundTime,
            boolean simulated) {}
}
