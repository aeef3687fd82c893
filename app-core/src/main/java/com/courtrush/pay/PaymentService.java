package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.PayDeadline;
import com.courtrush.core.QrCodes;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.PayScene;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.reserve.lifecycle.ReservationDeadlines;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A student's pay order: made at WeChat Pay (or its simulator) under a lock per reservation ({@link PaymentLocks}, 5 s
 * lease), an unexpired PAYING order reused — or, when WeChat Pay says it is paid already (ORDERPAID: its notification
 * lost), settled — and expiring with its booking; G4 in the database backs the lock. What the student's payment state
 * is, and which WeChat Pay runs. A payment's success is {@link PaymentSettlement}'s; money taken at the desk is {@link
 * DeskPayments}'.
 */
@Service
public class PaymentService {

    private static final Logger log = LoggerFactory.getLogger(PaymentService.class);
    private static final Duration LOCK_WAIT = Duration.ofSeconds(3);
    private static final Duration LOCK_LEASE = Duration.ofSeconds(5);
    static final AuditTarget AUDIT_TARGET = AuditTarget.PAY_ORDER;
    /** The channel of an order paid in person at the desk (cash or card at the counter). */
    public static final String DESK_CHANNEL = PayOrderView.DESK_CHANNEL;

    private final PayOrderMapper orders;
    private final ReservationMapper reservations;
    private final ReservationAccess access;
    private final TimeSlotMapper slots;
    private final PaymentGateways gateways;
    private final WechatOpenIds openIds;
    private final ReservationDeadlines deadlines;
    private final PaymentLocks locks;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final NewPayOrders newOrders;
    private final PaymentSettlement settlement;
    private final OrderDescriptions descriptions;

    PaymentService(
            PayOrderMapper orders,
            ReservationMapper reservations,
            ReservationAccess access,
            TimeSlotMapper slots,
            PaymentGateways gateways,
            WechatOpenIds openIds,
            ReservationDeadlines deadlines,
            PaymentLocks locks,
            TransactionTemplate transactions,
            Clock clock,
            NewPayOrders newOrders,
            PaymentSettlement settlement,
            OrderDescriptions descriptions) {
        this.orders = orders;
        this.reservations = reservations;
        this.access = access;
        this.slots = slots;
        this.gateways = gateways;
        this.openIds = openIds;
        this.deadlines = deadlines;
        this.locks = locks;
        this.transactions = transactions;
        this.clock = clock;
        this.newOrders = newOrders;
        this.settlement = settlement;
        this.descriptions = descriptions;
    }

    /**
     * {@code POST /pay/wechat/{id}}: the student's PAYING order, reused while unexpired, and what the student's
     * client opens to pay it in {@code scene}. Inside WeChat (JSAPI) the student's openid is needed first: the one
     * kept, or the one WeChat's {@code wechatCode} stands for; with none, a 409 says where to send the student.
     */
    public OrderView createOrder(
            long reservationId, Caller caller, PayScene scene, String clientIp, String wechatCode, String wechatState) {
        access.ownedBy(reservationId, caller);
        String openId = scene == PayScene.JSAPI && !gateways.current().simulated()
                ? openIds.of(caller.userId(), reservationId, wechatCode, wechatState)
                : null;
        PaymentGateway.Payer payer = new PaymentGateway.Payer(clientIp, openId);
        try (PaymentLocks.Held held = locks.tryLock(reservationId, LOCK_WAIT, LOCK_LEASE)
                .orElseThrow(() -> CourtRushException.conflict("pay.busy"))) {
            return orderUnderLock(reservationId, scene, payer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CourtRushException.conflict("pay.interrupted");
        }
    }

    /** {@link #createOrder} outside WeChat's own browser. */
    public OrderView createOrder(long reservationId, Caller caller, PayScene scene, String clientIp) {
        return createOrder(reservationId, caller, scene, clientIp, null, null);
    }

    private OrderView orderUnderLock(long reservationId, PayScene scene, PaymentGateway.Payer payer) {
        LocalDateTime now = LocalDateTime.now(clock);
        PaymentGateway gateway = gateways.current();
        if (!gateway.takes(scene)) {
            throw CourtRushException.conflict("pay.jsapiUnavailable");
        }
        PayOrder paying = orders.findPaying(reservationId);
        boolean unpaid = reservations.selectById(reservationId).getStatus() == ReservationStatus.PENDING_PAYMENT;
        if (paying != null
                && paying.getExpireTime().isAfter(now)
                && Objects.equals(paying.getMchid(), gateway.merchant())
                && (!paying.live() || scene.name().equals(paying.getScene()))
                && unpaid) {
            // the same order asked again (WeChat Pay answers a prepay of an unpaid order anew, in the same way)
            try {
                PaymentGateway.Invite invite = gateway.prepay(paying, description(paying), scene, payer);
                return OrderView.of(paying, gateway, invite, true, LocalDateTime.now(clock));
            } catch (PaymentGateway.PaidAlready e) {
                // WeChat Pay says ORDERPAID: paid, though its notification never came — settled now, not a dead end
                return paidAtProvider(paying, gateway);
            }
        }
        if (paying != null && paying.live() && unpaid && closeAtProvider(paying)) {
            // to be replaced (asked in another way — a phone's order paid on a computer — or expired): closed at
            // WeChat Pay first, so only the new one can be paid; it was paid (its notification lost), and is settled
            return OrderView.paid(orders.selectById(paying.getId()), gateway);
        }
        PayOrder created = transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            NewPayOrders.requireUnpaid(locked);
            TimeSlot slot = slots.selectById(locked.getSlotId());
            if (slot != null && slot.startedBy(now)) {
                throw CourtRushException.conflict("pay.slotStarted", reservationId);
            }
            // an order expires with its booking — the deadline the booking was given when won, never after the
            // slot's start (SPEC §19, issues 55 and 74): WeChat Pay then refuses a payment the timeout job would
            // have to refund
            LocalDateTime expiry = slot == null
                    ? PayDeadline.given(locked.getPayBy(), locked.getCreateTime(), deadlines.payTimeoutMinutes())
                    : deadlines.payBy(
                            locked.getPayBy(), locked.getCreateTime(), slot.getSlotDate(), slot.getStartTime());
            if (!expiry.isAfter(now)) {
                throw CourtRushException.conflict("pay.overdue", reservationId);
            }
            if (paying != null) {
                orders.markExpired(paying.getId(), now);
            }
            return insertOrder(locked, slot, gateway, now, scene, expiry);
        });
        PaymentGateway.Invite invite = gateway.prepay(created, description(created), scene, payer);
        return OrderView.of(created, gateway, invite, false, LocalDateTime.now(clock));
    }

    /**
     * Closes a live order at WeChat Pay before it is replaced; a failure is logged: a payment of it is refunded when
     * reported (an ended booking's order is {@link ClosingOrders}'). True when WeChat Pay said it was paid: settled as
     * any payment (confirmed while its booking waits).
     */
    boolean closeAtProvider(PayOrder order) {
        try {
            PaymentGateway.Trade trade = gateways.of(order).close(order);
            if (trade.paid()) {
                // paid a moment before it was closed (or its notification was lost): settled as any payment
                settlement.onProviderPaid(order.getOutTradeNo(), trade, SystemActor.PAYMENT.actor());
                return true;
            }
            return false;
        } catch (RuntimeException e) {
            log.warn(
                    "Order {} could not be closed at WeChat Pay ({}); a payment of it is refunded when it is reported",
                    order.getOutTradeNo(),
                    e.toString());
            return false;
        }
    }

    /**
     * WeChat Pay refused to ask for a payment of {@code paying} because it is paid (ORDERPAID): it is asked, and the
     * payment settled — the booking confirmed — instead of a refusal the student cannot get past (issue 74).
     */
    private OrderView paidAtProvider(PayOrder paying, PaymentGateway gateway) {
        PaymentGateway.Trade trade = settlement.settleFromProvider(paying, SystemActor.PAYMENT.actor());
        if (!trade.paid()) {
            log.warn(
                    "WeChat Pay answered ORDERPAID for order {} of reservation {}, but its query says {}; not settled",
                    paying.getOutTradeNo(),
                    paying.getReservationId(),
                    trade.state());
            throw CourtRushException.conflict("pay.providerRefused", "ORDERPAID", trade.state());
        }
        log.info(
                "WeChat Pay says order {} is paid, its notification never came; reservation {} settled by a query",
                paying.getOutTradeNo(),
                paying.getReservationId());
        return OrderView.paid(orders.selectById(paying.getId()), gateway);
    }

    private PayOrder insertOrder(
            Reservation reservation,
            TimeSlot slot,
            PaymentGateway gateway,
            LocalDateTime now,
            PayScene scene,
            LocalDateTime expiry) {
        PayOrder order =
                NewPayOrders.newOrder(reservation, gateway.channel(), newOrders.priceOf(reservation, slot), now);
        order.setMchid(gateway.merchant());
        order.setScene(gateway.simulated() ? null : scene.name());
        order.setStatus(PayOrderStatus.PAYING);
        order.setPayingKey(reservation.getId());
        order.setExpireTime(expiry);
        return newOrders.insert(order, reservation);
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
                latest == null || latest.getRefundedCents() == null ? 0 : latest.getRefundedCents(),
                latest != null ? !latest.live() : currentlySimulated());
    }

    /** {@code GET /pay/mode}: which WeChat Pay new orders are made at, said plainly on the students' page. */
    public PayMode mode() {
        try {
            PaymentGateway gateway = gateways.current();
            return new PayMode(
                    gateway.simulated(), gateway.payee(), !gateway.simulated() && gateway.takes(PayScene.JSAPI));
        } catch (CourtRushException e) {
            return new PayMode(false, null, false); // live, but not on this node now: its payments are refused here
        }
    }

    /** Whether new orders are made at the simulated gateway (not when live WeChat Pay lacks its keys here). */
    private boolean currentlySimulated() {
        try {
            return gateways.current().simulated();
        } catch (CourtRushException e) {
            return false;
        }
    }

    int amountOf(Reservation reservation) {
        return newOrders.priceOf(reservation, slots.selectById(reservation.getSlotId()));
    }

    private String description(PayOrder order) {
        return descriptions.of(reservations.selectById(order.getReservationId()).getSlotId());
    }

    /**
     * What {@code POST /pay/wechat/{id}} answers: the order, and what the student's client opens to pay it — WeChat
     * Pay's page ({@code h5Url}, H5), or a code to scan ({@code codeUrl}, drawn as {@code qrSvg}; a placeholder when
     * payments are simulated). {@code secondsToExpire} counts from this answer, so a client needs no clock of its
     * own. {@code jsapi}: what WeixinJSBridge's getBrandWCPayRequest takes, inside WeChat. {@code simulated}: no money
     * moves.
     */
    public record OrderView(
            String outTradeNo,
            long reservationId,
            int amountCents,
            PayOrderStatus status,
            LocalDateTime expireTime,
            long secondsToExpire,
            String codeUrl,
            String h5Url,
            String qrSvg,
            Map<String, String> jsapi,
            boolean reused,
            String gateway,
            boolean simulated) {
        static OrderView of(
                PayOrder order,
                PaymentGateway gateway,
                PaymentGateway.Invite invite,
                boolean reused,
                LocalDateTime now) {
            return new OrderView(
                    order.getOutTradeNo(),
                    order.getReservationId(),
                    order.getAmountCents(),
                    order.getStatus(),
                    order.getExpireTime(),
                    Math.max(0, Duration.between(now, order.getExpireTime()).toSeconds()),
                    invite.codeUrl(),
                    invite.h5Url(),
                    invite.codeUrl() == null ? null : QrCodes.svg(invite.codeUrl()),
                    invite.jsapi(),
                    reused,
                    gateway.channel() + (gateway.simulated() ? " (simulated)" : ""),
                    gateway.simulated());
        }

        /** An order WeChat Pay said is paid, settled: nothing to open. Its status says how it ended (SUCCESS). */
        static OrderView paid(PayOrder order, PaymentGateway gateway) {
            return new OrderView(
                    order.getOutTradeNo(),
                    order.getReservationId(),
                    order.getAmountCents(),
                    order.getStatus(),
                    order.getExpireTime(),
                    0,
                    null,
                    null,
                    null,
                    null,
                    true,
                    gateway.channel() + (gateway.simulated() ? " (simulated)" : ""),
                    gateway.simulated());
        }
    }

    /**
     * Which WeChat Pay runs; {@code merchantName}: the payee students see at WeChat Pay, when live; {@code jsapi}:
     * students pay inside WeChat's own browser (the gym's official account is set up).
     */
    public record PayMode(boolean simulated, String merchantName, boolean jsapi) {}

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
            int refundedCents,
            boolean simulated) {}
}
