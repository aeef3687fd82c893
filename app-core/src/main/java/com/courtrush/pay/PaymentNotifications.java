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
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * WeChat Pay's notifications ({@code POST /pay/wechat/notify}): the signature verified with WeChat Pay's public key
 * and the resource decrypted with the APIv3 key, by the SDK's parser; then a payment settles its order (confirmed,
 * or refunded when the booking ended) and a refund's outcome settles the refund. Each is idempotent and
 * order-independent: the same notification twice, or a refund's before its payment's, changes nothing twice. A
 * notification older than five minutes (a replay), unsigned or forged is refused and audited.
 */
@Component
class PaymentNotifications {

    private static final Logger log = LoggerFactory.getLogger(PaymentNotifications.class);
    /** How far a notification's timestamp may be from now (WeChat Pay's own rule for its answers). */
    static final Duration FRESH = Duration.ofMinutes(5);

    static final String ACTOR = "wechatpay:notify";
    private static final String DEFAULT_SIGN_TYPE = "WECHATPAY2-SHA256-RSA2048";

    private final WechatPayClients clients;
    private final PaymentSettlement payments;
    private final Refunds refunds;
    private final PayRefundMapper refundRows;
    private final AuditTrail audit;
    private final WechatPayWatch watch;
    private final Clock clock;
    private final Cache<String, Boolean> refusedLately = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofMinutes(1))
            .maximumSize(10_000)
            .build();

    PaymentNotifications(
            WechatPayClients clients,
            PaymentSettlement payments,
            Refunds refunds,
            PayRefundMapper refundRows,
            AuditTrail audit,
            WechatPayWatch watch,
            Clock clock) {
        this.watch = watch;
        this.clients = clients;
        this.payments = payments;
        this.refunds = refunds;
        this.refundRows = refundRows;
        this.audit = audit;
        this.clock = clock;
    }

    /** What WeChat Pay's headers carry. */
    record Signed(String serial, String signature, String timestamp, String nonce, String signType) {}

    /** How a notification was taken; anything but TAKEN is answered FAIL (and WeChat Pay sends it again). */
    enum Taken {
        TAKEN,
        NOT_LIVE,
        REFUSED,
        MALFORMED
    }

    Taken take(String body, Signed signed, String from) {
        // the merchant saved, even turned off: its orders already made still settle by its word
        Optional<WechatPayClients.Clients> live = clients.merchant();
        if (live.isEmpty()) {
            log.warn("A WeChat Pay notification came from {} but payments are simulated here; refused", from);
            return Taken.NOT_LIVE;
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
            JSONObject envelope = JSON.parseObject(body);
            eventType = envelope == null ? null : envelope.getString("event_type");
        } catch (JSONException e) {
            log.warn("A WeChat Pay notification from {} is not JSON: {}", from, e.getMessage());
            return Taken.MALFORMED;
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
        try {
            if (eventType != null && eventType.startsWith("REFUND.")) {
                refunded(merchant.notifications().parse(param, RefundNotification.class), merchant);
            } else if ("TRANSACTION.SUCCESS".equals(eventType)) {
                paid(merchant.notifications().parse(param, Transaction.class), merchant);
            } else {
                // verified, and nothing this engine acts on
                merchant.notifications().parse(param, JSONObject.class);
                log.info("WeChat Pay notification {} taken; nothing to do", LogSafe.of(eventType));
            }
            return Taken.TAKEN;
        } catch (ValidationException e) {
            return refuse(from, "signature not WeChat Pay's", "", new EngineText("audit.notifyRefused.signature"));
        } catch (DecryptionException | MalformedMessageException | IllegalArgumentException e) {
            return refuse(
                    from,
                    "resource not readable",
                    e.getClass().getSimpleName(),
                    new EngineText("audit.notifyRefused.unreadable"));
        }
    }

    private void paid(Transaction transaction, WechatPayClients.Clients merchant) {
        if (!merchant.settings().mchid().equals(transaction.getMchid())) {
            log.error(
                    "A verified WeChat Pay notification names merchant {}, not ours ({}); ignored",
                    LogSafe.of(transaction.getMchid()),
                    merchant.settings().mchid());
            return;
        }
        PaymentGateway.Trade trade = new WechatPayGateway(merchant, clock.getZone(), watch).trade(transaction);
        if (!trade.paid()) {
            return;
        }
        try {
            payments.onProviderPaid(transaction.getOutTradeNo(), trade, ACTOR);
        } catch (CourtRushException e) {
            if (e.status() == HttpStatus.NOT_FOUND) {
                // not an order of ours: nothing to settle, and nothing WeChat Pay should send again
                log.warn(
                        "WeChat Pay reported order {} paid; no such order here",
                        LogSafe.of(transaction.getOutTradeNo()));
                return;
            }
            throw e;
        }
    }

    private void refunded(RefundNotification notification, WechatPayClients.Clients merchant) {
        PayRefund refund = refundRows.findByNumber(notification.getOutRefundNo());
        if (refund == null) {
            log.warn("WeChat Pay reported refund {}; no such refund here", LogSafe.of(notification.getOutRefundNo()));
            return;
        }
        WechatPayGateway gateway = new WechatPayGateway(merchant, clock.getZone(), watch);
        refunds.settle(
                refund,
                new PaymentGateway.RefundAnswer(
                        WechatPayGateway.status(notification.getRefundStatus()),
                        notification.getRefundId(),
                        gateway.time(notification.getSuccessTime())));
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

    /**
     * Refused: logged and audited once a minute per sender and kind of refusal — anyone may post here, and a flood of
     * forgeries must not become a flood of audit rows.
     */
    private Taken refuse(String from, String why, String detail, EngineText inWords) {
        if (refusedLately.asMap().putIfAbsent(from + " " + why, Boolean.TRUE) == null) {
            log.warn("A WeChat Pay notification from {} was refused: {} {}", from, why, detail);
            // the audit says it in the desk's words, both languages; the log keeps the technical detail
            audit.record(ACTOR, AuditAction.PAY_NOTIFY_REFUSED, AuditTarget.PAY_NOTIFY, from, inWords);
        } else {
            log.debug("A WeChat Pay notification from {} was refused again: {} {}", from, why, detail);
        }
        return Taken.REFUSED;
    }
}
