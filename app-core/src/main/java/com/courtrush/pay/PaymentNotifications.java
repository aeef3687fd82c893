package com.courtrush.pay;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.LogSafe;
import com.courtrush.core.OutsideRefusals;
import com.courtrush.core.Yuan;
import com.courtrush.notice.StaffAlerts;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.wechat.pay.java.core.exception.DecryptionException;
import com.wechat.pay.java.core.exception.MalformedMessageException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * WeChat Pay's notifications ({@code POST /pay/wechat/notify}): the signature verified with WeChat Pay's public key
 * and the resource decrypted with the APIv3 key, by the SDK's parser; then a payment settles its order (confirmed,
 * or refunded when the booking ended) and a refund's outcome settles the refund. Each is idempotent and
 * order-independent: the same notification twice, or a refund's before its payment's, changes nothing twice.
 *
 * <p>One rule for the answer (issue 74): WeChat Pay sends a notification again, for a day, until it is answered 2xx —
 * so it is answered 2xx whenever the engine is done with it: {@link Taken#HANDLED}, or {@link Taken#SET_ASIDE} on
 * purpose with the reason in the audit (not verifiably WeChat Pay's — unsigned, older than five minutes, forged,
 * unreadable —, or WeChat Pay's word the engine must not act on — another amount or merchant than the order's, which
 * also alerts staff once, or an order or refund it does not know). Only trouble of a moment on the engine's side (the
 * database, a lock, this node without the merchant's keys) is thrown, answered with an error status so that WeChat
 * Pay sends it again.
 */
@Component
class PaymentNotifications {

    private static final Logger log = LoggerFactory.getLogger(PaymentNotifications.class);
    private static final OutsideRefusals refusals = new OutsideRefusals(PaymentNotifications.class);
    /** How far a notification's timestamp may be from now (WeChat Pay's own rule for its answers). */
    static final Duration FRESH = Duration.ofMinutes(5);

    static final String ACTOR = "wechatpay:notify";
    private static final String DEFAULT_SIGN_TYPE = "WECHATPAY2-SHA256-RSA2048";

    private final WechatPayClients clients;
    private final PaymentSettlement payments;
    private final Refunds refunds;
    private final PayOrderMapper orders;
    private final PayRefundMapper refundRows;
    private final AuditTrail audit;
    private final WechatPayWatch watch;
    private final StaffAlerts alerts;
    private final Clock clock;
    private final Cache<String, Boolean> refusedLately = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofMinutes(1))
            .maximumSize(10_000)
            .build();

    PaymentNotifications(
            WechatPayClients clients,
            PaymentSettlement payments,
            Refunds refunds,
            PayOrderMapper orders,
            PayRefundMapper refundRows,
            AuditTrail audit,
            WechatPayWatch watch,
            StaffAlerts alerts,
            Clock clock) {
        this.watch = watch;
        this.clients = clients;
        this.payments = payments;
        this.refunds = refunds;
        this.orders = orders;
        this.refundRows = refundRows;
        this.audit = audit;
        this.alerts = alerts;
        this.clock = clock;
    }

    /** What WeChat Pay's headers carry. */
    record Signed(String serial, String signature, String timestamp, String nonce, String signType) {}

    /** How the engine is done with a notification; both are answered 2xx (WeChat Pay has nothing to send again). */
    enum Taken {
        /** Acted on, or already was (a duplicate changes nothing twice), or verified with nothing to act on. */
        HANDLED,
        /** Set aside on purpose, the reason audited (and staff alerted once for another amount or merchant). */
        SET_ASIDE
    }

    /**
     * Takes a notification as it came. Throws when the engine cannot take it now (the database, a lock, this node
     * without the merchant's keys): WeChat Pay is then answered with an error status and sends it again.
     */
    Taken take(String body, Signed signed, String from) {
        // the merchant saved, even turned off: its orders already made still settle by its word
        Optional<WechatPayClients.Clients> live = clients.merchant();
        if (live.isEmpty()) {
            if (!clients.saved().mchid().isEmpty()) {
                log.error(
                        "A WeChat Pay notification came from {} but this node has not the merchant's keys; WeChat "
                                + "Pay sends it again (copy the key folder from the node where they were set)",
                        from);
                throw CourtRushException.unavailable(null, "pay.keysMissing");
            }
            return refuse(from, "payments are simulated here", "", new EngineText("audit.notifyRefused.notLive"));
        }
        if (signed.serial() == null || signed.signature() == null || signed.timestamp() == null) {
            return refuse(from, "unsigned", "", new EngineText("audit.notifyRefused.unsigned"));
        }
        if (!fresh(signed.timestamp())) {
            return refuse(
                    from,
                    "stale timestamp",
                    LogSafe.of(signed.timestamp()),
                    new EngineText("audit.notifyRefused.stale", sentAt(signed.timestamp())));
        }
        String eventType;
        try {
            JSONObject envelope = body == null || body.isBlank() ? null : JSON.parseObject(body);
            if (envelope == null) {
                return refuse(from, "empty", "", new EngineText("audit.notifyRefused.unreadable"));
            }
            eventType = envelope.getString("event_type");
        } catch (JSONException e) {
            return refuse(from, "not JSON", e.getMessage(), new EngineText("audit.notifyRefused.unreadable"));
        }
        RequestParam param = new RequestParam.Builder()
                .serialNumber(signed.serial())
                .signature(signed.signature())
                .timestamp(signed.timestamp())
                .nonce(signed.nonce())
                .signType(signed.signType() == null ? DEFAULT_SIGN_TYPE : signed.signType())
                .body(body)
                .build();
        WechatPayClients.Clients merchant = live.get();
        Object verified;
        try {
            // only the parse is guarded: what fails after it is the engine's, and WeChat Pay must send it again
            Class<?> kind = eventType != null && eventType.startsWith("REFUND.")
                    ? RefundNotification.class
                    : "TRANSACTION.SUCCESS".equals(eventType) ? Transaction.class : JSONObject.class;
            verified = merchant.notifications().parse(param, kind);
        } catch (ValidationException e) {
            return refuse(from, "signature not WeChat Pay's", "", new EngineText("audit.notifyRefused.signature"));
        } catch (DecryptionException | MalformedMessageException | IllegalArgumentException e) {
            return refuse(
                    from,
                    "resource not readable",
                    e.getClass().getSimpleName(),
                    new EngineText("audit.notifyRefused.unreadable"));
        }
        if (verified instanceof RefundNotification refund) {
            return refunded(refund, merchant);
        }
        if (verified instanceof Transaction transaction) {
            return paid(transaction, merchant);
        }
        log.info("WeChat Pay notification {} taken; nothing to do", LogSafe.of(eventType));
        return Taken.HANDLED;
    }

    /** A payment WeChat Pay verified: settled, unless it is not of this merchant, not known, or of another amount. */
    Taken paid(Transaction transaction, WechatPayClients.Clients merchant) {
        String number = transaction.getOutTradeNo();
        String ours = merchant.settings().mchid();
        if (!ours.equals(transaction.getMchid())) {
            return mismatch(
                    StaffAlerts.Mismatch.MERCHANT, number, LogSafe.of(transaction.getMchid()), ours, "merchant");
        }
        PaymentGateway.Trade trade = new WechatPayGateway(merchant, clock.getZone(), watch).trade(transaction);
        if (!trade.paid()) {
            return Taken.HANDLED;
        }
        PayOrder order = orders.findByOutTradeNo(number);
        if (order == null) {
            // not an order of ours: nothing to settle, and nothing WeChat Pay should send again
            return setAside(number, "no such order here", new EngineText("audit.notifySetAside.noOrder"));
        }
        if (trade.paidCents() != null && trade.paidCents().intValue() != order.getAmountCents()) {
            return mismatch(
                    StaffAlerts.Mismatch.AMOUNT,
                    number,
                    Yuan.of(trade.paidCents().intValue()),
                    Yuan.of(order.getAmountCents()),
                    "amount");
        }
        payments.onProviderPaid(number, trade, ACTOR);
        return Taken.HANDLED;
    }

    /** A refund's outcome WeChat Pay verified: settled, unless the refund is not known or of another amount. */
    Taken refunded(RefundNotification notification, WechatPayClients.Clients merchant) {
        String number = notification.getOutRefundNo();
        PayRefund refund = refundRows.findByNumber(number);
        if (refund == null) {
            return setAside(number, "no such refund here", new EngineText("audit.notifySetAside.noRefund"));
        }
        Long said = notification.getAmount() == null
                ? null
                : notification.getAmount().getRefund();
        if (said != null && said.intValue() != refund.getAmountCents()) {
            return mismatch(
                    StaffAlerts.Mismatch.AMOUNT,
                    number,
                    Yuan.of(said.intValue()),
                    Yuan.of(refund.getAmountCents()),
                    "amount");
        }
        refunds.settle(
                refund,
                new PaymentGateway.RefundAnswer(
                        WechatPayGateway.status(notification.getRefundStatus()),
                        notification.getRefundId(),
                        new WechatPayGateway(merchant, clock.getZone(), watch).time(notification.getSuccessTime())));
        return Taken.HANDLED;
    }

    /**
     * WeChat Pay's verified word that does not match the engine's order or refund (its amount, its merchant): nothing
     * is settled by it — the money stays as the engine kept it and reconciliation shows the difference —, it is
     * audited, and staff are alerted (once per order or refund: the alert's own id).
     */
    private Taken mismatch(StaffAlerts.Mismatch what, String number, String there, String here, String field) {
        log.error(
                "WeChat Pay's verified notification of {} gives {} {} where the engine has {}: set aside, nothing "
                        + "settled; look into it on WeChat Pay's merchant platform",
                LogSafe.of(number),
                field,
                there,
                here);
        audit.record(
                ACTOR,
                AuditAction.PAY_NOTIFY_SET_ASIDE,
                AuditTarget.PAY_ORDER,
                LogSafe.of(number),
                new EngineText("audit.notifySetAside." + field, there, here));
        alerts.notifyMismatch(what, LogSafe.of(number), there, here);
        return Taken.SET_ASIDE;
    }

    /** WeChat Pay's verified word about an order or a refund this engine does not know: audited, nothing to settle. */
    private Taken setAside(String number, String why, EngineText inWords) {
        log.warn("WeChat Pay's verified notification of {} was set aside: {}", LogSafe.of(number), why);
        audit.record(ACTOR, AuditAction.PAY_NOTIFY_SET_ASIDE, AuditTarget.PAY_ORDER, LogSafe.of(number), inWords);
        return Taken.SET_ASIDE;
    }

    /** When a notification says it was sent, as a wall time ("2026-11-28 09:00:05"); else as it came, made safe. */
    private Object sentAt(String timestamp) {
        try {
            return LocalDateTime.ofInstant(Instant.ofEpochSecond(Long.parseLong(timestamp.strip())), clock.getZone());
        } catch (NumberFormatException | DateTimeException e) {
            return LogSafe.of(timestamp);
        }
    }

    private boolean fresh(String timestamp) {
        try {
            Instant sent = Instant.ofEpochSecond(Long.parseLong(timestamp.strip()));
            return Duration.between(sent, clock.instant()).abs().compareTo(FRESH) <= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A body too large to be a notification, refused before anything read it ({@link NotifyAnswers}). */
    Taken tooLarge(String from) {
        return refuse(from, "body too large", "", new EngineText("audit.notifyRefused.tooLarge"));
    }

    /**
     * Not verifiably WeChat Pay's: set aside, audited once a minute per sender and kind of refusal — anyone may post
     * here, and a flood of forgeries must not become a flood of audit rows — and logged as {@link OutsideRefusals}
     * allow, whatever the number of senders.
     */
    private Taken refuse(String from, String why, String detail, EngineText inWords) {
        if (refusedLately.asMap().putIfAbsent(from + " " + why, Boolean.TRUE) == null) {
            refusals.refused("A WeChat Pay notification", "from {}: {} {}", from, why, detail);
            // the audit says it in the desk's words, both languages; the log keeps the technical detail
            audit.record(ACTOR, AuditAction.PAY_NOTIFY_REFUSED, AuditTarget.PAY_NOTIFY, from, inWords);
        } else {
            log.debug("A WeChat Pay notification from {} was refused again: {} {}", from, why, LogSafe.of(detail));
        }
        return Taken.SET_ASIDE;
    }
}
