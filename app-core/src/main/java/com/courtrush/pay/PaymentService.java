package com.courtrush.pay;

import com.courtrush.account.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.QrCodes;
import com.courtrush.core.Yuan;
import com.courtrush.notice.Notices;
import com.courtrush.pay.api.PaidOutcome;
import com.courtrush.pay.api.PaidView;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.PayScene;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.reserve.lifecycle.ReservationDeadlines;
import com.courtrush.setting.AppSettings;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import com.courtrush.till.Receipts;
import com.courtrush.till.api.DeskChannel;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Objects;
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
    static final AuditTarget AUDIT_TARGET = AuditTarget.PAY_ORDER;
    /** The channel of an order paid in person at the desk (cash or card at the counter). */
    public static final String DESK_CHANNEL = PayOrderView.DESK_CHANNEL;

    private final PayOrderMapper orders;
    private final ReservationMapper reservations;
    private final ReservationAccess access;
    private final TimeSlotMapper slots;
    private final PaymentGateways gateways;
    private final Refunds refunds;
    private final WechatOpenIds openIds;
    private final AppSettings settings;
    private final ReservationDeadlines deadlines;
    private final PaymentLocks locks;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;
    private final Notices notices;

    private final Receipts receipts;

    PaymentService(
            Notices notices,
            PayOrderMapper orders,
            ReservationMapper reservations,
            ReservationAccess access,
            TimeSlotMapper slots,
            PaymentGateways gateways,
            Refunds refunds,
            WechatOpenIds openIds,
            AppSettings settings,
            ReservationDeadlines deadlines,
            PaymentLocks locks,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock,
            Receipts receipts) {
        this.receipts = receipts;
        this.notices = notices;
        this.orders = orders;
        this.reservations = reservations;
        this.access = access;
        this.slots = slots;
        this.gateways = gateways;
        this.refunds = refunds;
        this.openIds = openIds;
        this.settings = settings;
        this.deadlines = deadlines;
        this.locks = locks;
        this.transactions = transactions;
        this.audit = audit;
        this.clock = clock;
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
        if (paying != null
                && paying.getExpireTime().isAfter(now)
                && Objects.equals(paying.getMchid(), gateway.merchant())
                && (!paying.live() || scene.name().equals(paying.getScene()))
                && reservations.selectById(reservationId).getStatus() == ReservationStatus.PENDING_PAYMENT) {
            // the same order asked again (WeChat Pay answers a prepay of an unpaid order anew, in the same way)
            PaymentGateway.Invite invite = gateway.prepay(paying, description(paying), scene, payer);
            return OrderView.of(paying, gateway, invite, true, LocalDateTime.now(clock));
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
            return insertOrder(locked, slot, gateway, now, scene);
        });
        if (paying != null && paying.live()) {
            // replaced (expired, or asked in another way — a phone's order paid on a computer): closed at WeChat Pay
            // too, so only the new one can be paid (a payment of the old one is refunded)
            closeAtProvider(paying);
        }
        PaymentGateway.Invite invite = gateway.prepay(created, description(created), scene, payer);
        return OrderView.of(created, gateway, invite, false, LocalDateTime.now(clock));
    }

    /** Closes a live order at WeChat Pay, after its booking ended or it was replaced; a failure is only logged. */
    void closeAtProvider(PayOrder order) {
        try {
            PaymentGateway.Trade trade = gateways.of(order).close(order);
            if (trade.paid()) {
                // paid a moment before it was closed: settled as any payment (refunded, the order being over)
                onProviderPaid(order.getOutTradeNo(), trade, SystemActor.PAYMENT.actor());
            }
        } catch (RuntimeException e) {
            log.warn(
                    "Order {} could not be closed at WeChat Pay ({}); a payment of it is refunded when it is reported",
                    order.getOutTradeNo(),
                    e.toString());
        }
    }

    private PayOrder insertOrder(
            Reservation reservation, TimeSlot slot, PaymentGateway gateway, LocalDateTime now, PayScene scene) {
        PayOrder order = newOrder(reservation, gateway.channel(), priceOf(slot), now);
        order.setMchid(gateway.merchant());
        order.setScene(gateway.simulated() ? null : scene.name());
        order.setStatus(PayOrderStatus.PAYING);
        order.setPayingKey(reservation.getId());
        // an order expires when a reservation made at the same moment would time out, and never after the slot's
        // start (SPEC §19, issue 55): WeChat Pay then refuses a payment the timeout job would have to refund
        order.setExpireTime(
                slot == null ? deadlines.payBy(now) : deadlines.payBy(now, slot.getSlotDate(), slot.getStartTime()));
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

    /**
     * Staff's "mark paid" from the console: the reservation's PAYING order is reported paid. An order made at the
     * live WeChat Pay is paid only when WeChat Pay says so: it is asked, and refused here while unpaid.
     */
    public PaidView markPaid(long reservationId, Caller staff) {
        access.visibleTo(reservationId, staff);
        PayOrder paying = orders.findPaying(reservationId);
        if (paying == null) {
            throw CourtRushException.conflict("pay.noPayingOrder", reservationId);
        }
        return onPaid(paying.getOutTradeNo(), staff.actor());
    }

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
     * The desk takes the money in person (cash or card at the counter; a walk-in, or a student who comes to
     * pay): a DESK order, paid now, and the reservation CONFIRMED in one transaction (the caller's, if it
     * has one). Taken also for a slot that has started — the student is standing at the desk. A PAYING
     * order the student opened on the phone is closed, so paying it as well would be refunded at once. Refused
     * once the slot has ended.
     */
    public PaidView payAtDesk(long reservationId, Caller staff) {
        return payAtDesk(reservationId, null, DeskChannel.CASH, staff);
    }

    /**
     * As {@link #payAtDesk(long, Caller)}, for the amount staff were shown and confirmed: refused, with the amount it
     * costs now, if that is not it (the price changed meanwhile). No amount: whatever it costs.
     */
    public PaidView payAtDesk(long reservationId, Integer expectedCents, DeskChannel channel, Caller staff) {
        access.visibleTo(reservationId, staff);
        DeskChannel taken = channel == null ? DeskChannel.CASH : channel;
        if (!DeskChannel.TAKEN_AT_DESK.contains(taken)) {
            throw CourtRushException.badRequest("pay.deskChannel", taken);
        }
        PaidView paid = transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            requireUnpaid(locked);
            LocalDateTime now = LocalDateTime.now(clock);
            TimeSlot slot = slots.selectById(locked.getSlotId());
            if (slot != null && !now.isBefore(slot.getSlotDate().atTime(slot.getEndTime()))) {
                // nothing left to play: a booking paid now could only end as a no-show
                throw CourtRushException.conflict("pay.slotEnded", reservationId);
            }
            int price = priceOf(slot);
            if (expectedCents != null && expectedCents != price) {
                throw CourtRushException.conflict(
                        "pay.amountChanged",
                        BigDecimal.valueOf(expectedCents, 2).toPlainString(),
                        BigDecimal.valueOf(price, 2).toPlainString());
            }
            orders.closePaying(reservationId, now);
            PayOrder order = newOrder(locked, DESK_CHANNEL, price, now);
            order.setStatus(PayOrderStatus.SUCCESS);
            order.setPayingKey(null);
            order.setExpireTime(now);
            order.setPaidTime(now);
            order.setDeskChannel(taken.name());
            order.setTakenBy(staff.actor());
            insertOrder(order, locked);
            receipts.payment(reservationId, order.getOutTradeNo(), taken, price, staff.actor());
            reservations.confirm(reservationId, now);
            notices.paid(locked.getUserId(), reservationId, locked.getSlotId(), order.getOutTradeNo());
            return paid(order, ReservationStatus.CONFIRMED, PaidOutcome.CONFIRMED);
        });
        audit.record(
                staff.actor(),
                AuditAction.PAY_AT_DESK,
                AUDIT_TARGET,
                paid.outTradeNo(),
                new EngineText(
                        "audit.paidAtDesk",
                        reservationId,
                        BigDecimal.valueOf(paid.amountCents(), 2).toPlainString()));
        return paid;
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
                        AUDIT_TARGET,
                        outTradeNo,
                        new EngineText("audit.paidAmount", view.reservationId(), Yuan.of(order.getAmountCents())));
            case AUTO_REFUNDED -> {
                audit.record(
                        SystemActor.PAYMENT.actor(),
                        AuditAction.AUTO_REFUND,
                        AUDIT_TARGET,
                        outTradeNo,
                        new EngineText(
                                "audit.autoRefundAmount", view.reservationId(), Yuan.of(order.getAmountCents())));
                log.warn(
                        "Payment of order {} arrived after reservation {} ended; refunded it",
                        outTradeNo,
                        view.reservationId());
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
            case FAILED, CLOSED -> refundAtOnce(order, reservation, transactionId, actor);
        };
    }

    private PaidView refundAtOnce(PayOrder order, Reservation reservation, String transactionId, String actor) {
        if (transactionId != null) {
            orders.noteTransaction(order.getId(), transactionId);
        }
        PayRefund refund = refunds.whole(
                order, order.getStatus(), "reservation " + reservation.getId() + " had already ended", actor);
        notices.refunded(
                reservation.getUserId(),
                reservation.getId(),
                reservation.getSlotId(),
                refund.getOutRefundNo(),
                refund.getAmountCents(),
                null);
        refunds.send(order, refund);
        return paid(orders.selectById(order.getId()), reservation.getStatus(), PaidOutcome.AUTO_REFUNDED);
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
    }

    private static PaidView paid(PayOrder order, ReservationStatus reservationStatus, PaidOutcome outcome) {
        return new PaidView(
                order.getOutTradeNo(),
                order.getReservationId(),
                order.getStatus(),
                reservationStatus,
                outcome,
                order.getAmountCents());
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
