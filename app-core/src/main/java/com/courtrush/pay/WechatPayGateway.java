package com.courtrush.pay;

import com.courtrush.core.CourtRushException;
import com.courtrush.pay.api.PayScene;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.WechatPaySettings;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.exception.WechatPayException;
import com.wechat.pay.java.service.payments.h5.model.H5Info;
import com.wechat.pay.java.service.payments.h5.model.SceneInfo;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.Status;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * WeChat Pay APIv3, live, through its official Java SDK: H5 on a phone's browser, a Native QR code on a computer;
 * orders queried and closed; refunds in part or whole. Every call is signed with the merchant's key and every
 * answer verified with WeChat Pay's public key by the SDK. A refusal becomes a 409 with WeChat Pay's own code; no
 * answer (or WeChat Pay's own 5xx) a 503 "did not answer"; an answer that does not verify a 503 saying that paying
 * online is not available and the gym is told — it is the gym's key, not WeChat Pay, that is wrong. Each leaves the
 * caller's transaction to roll back; {@link WechatPayWatch} tells staff of the last two, once per episode.
 */
final class WechatPayGateway implements PaymentGateway {

    private static final Logger log = LoggerFactory.getLogger(WechatPayGateway.class);
    private static final String CURRENCY = "CNY";
    /** WeChat Pay's limits on a description and a refund's reason. */
    private static final int DESCRIPTION_MAX = 127;

    private static final int REASON_MAX = 80;
    /** WeChat Pay's own errors: 500 SYSTEM_ERROR and the like (try again later). */
    private static final int HTTP_SERVER_ERROR = 500;

    private final WechatPayClients.Clients clients;
    private final ZoneId zone;
    private final WechatPayWatch watch;

    WechatPayGateway(WechatPayClients.Clients clients, ZoneId zone, WechatPayWatch watch) {
        this.clients = clients;
        this.zone = zone;
        this.watch = watch;
    }

    private WechatPaySettings settings() {
        return clients.settings();
    }

    @Override
    public String channel() {
        return "WECHAT";
    }

    @Override
    public boolean simulated() {
        return false;
    }

    @Override
    public String payee() {
        return settings().merchantName();
    }

    @Override
    public String merchant() {
        return settings().mchid();
    }

    @Override
    public boolean takes(PayScene scene) {
        // inside WeChat needs the gym's official account: its AppSecret finds the student's openid
        return scene != PayScene.JSAPI || clients.jsapiReady();
    }

    @Override
    public Invite prepay(PayOrder order, String description, PayScene scene, Payer payer) {
        String timeExpire = rfc3339(order.getExpireTime());
        String what = cut(description, DESCRIPTION_MAX);
        return switch (scene) {
            case H5 -> {
                var request = new com.wechat.pay.java.service.payments.h5.model.PrepayRequest();
                request.setAppid(settings().appId());
                request.setMchid(settings().mchid());
                request.setDescription(what);
                request.setOutTradeNo(order.getOutTradeNo());
                request.setTimeExpire(timeExpire);
                request.setNotifyUrl(settings().notifyUrl());
                var amount = new com.wechat.pay.java.service.payments.h5.model.Amount();
                amount.setTotal(order.getAmountCents());
                amount.setCurrency(CURRENCY);
                request.setAmount(amount);
                SceneInfo sceneInfo = new SceneInfo();
                sceneInfo.setPayerClientIp(payer.clientIp());
                H5Info h5 = new H5Info();
                h5.setType("Wap");
                h5.setAppName(settings().merchantName());
                h5.setAppUrl(settings().publicUrl());
                sceneInfo.setH5Info(h5);
                request.setSceneInfo(sceneInfo);
                String url = prepayCall(
                                order, "prepay (H5) ", () -> clients.h5().prepay(request))
                        .getH5Url();
                yield new Invite(url, null, null);
            }
            case NATIVE -> {
                var request = new com.wechat.pay.java.service.payments.nativepay.model.PrepayRequest();
                request.setAppid(settings().appId());
                request.setMchid(settings().mchid());
                request.setDescription(what);
                request.setOutTradeNo(order.getOutTradeNo());
                request.setTimeExpire(timeExpire);
                request.setNotifyUrl(settings().notifyUrl());
                var amount = new com.wechat.pay.java.service.payments.nativepay.model.Amount();
                amount.setTotal(order.getAmountCents());
                amount.setCurrency(CURRENCY);
                request.setAmount(amount);
                String code = prepayCall(
                                order,
                                "prepay (Native) ",
                                () -> clients.nativePay().prepay(request))
                        .getCodeUrl();
                yield Invite.code(code);
            }
            case JSAPI -> {
                var request = new com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest();
                request.setAppid(settings().appId());
                request.setMchid(settings().mchid());
                request.setDescription(what);
                request.setOutTradeNo(order.getOutTradeNo());
                request.setTimeExpire(timeExpire);
                request.setNotifyUrl(settings().notifyUrl());
                var amount = new com.wechat.pay.java.service.payments.jsapi.model.Amount();
                amount.setTotal(order.getAmountCents());
                amount.setCurrency(CURRENCY);
                request.setAmount(amount);
                var paying = new com.wechat.pay.java.service.payments.jsapi.model.Payer();
                paying.setOpenid(payer.openId());
                request.setPayer(paying);
                var asked = prepayCall(
                        order, "prepay (JSAPI) ", () -> clients.jsapi().prepayWithRequestPayment(request));
                // what WeixinJSBridge's getBrandWCPayRequest takes, as WeChat names it
                yield new Invite(
                        null,
                        null,
                        Map.of(
                                "appId", asked.getAppId(),
                                "timeStamp", asked.getTimeStamp(),
                                "nonceStr", asked.getNonceStr(),
                                "package", asked.getPackageVal(),
                                "signType", asked.getSignType(),
                                "paySign", asked.getPaySign()));
            }
        };
    }

    @Override
    public Trade query(PayOrder order) {
        var request = new com.wechat.pay.java.service.payments.h5.model.QueryOrderByOutTradeNoRequest();
        request.setMchid(order.getMchid());
        request.setOutTradeNo(order.getOutTradeNo());
        return call(
                "query " + order.getOutTradeNo(),
                () -> trade(clients.h5().queryOrderByOutTradeNo(request)),
                e -> "ORDER_NOT_EXIST".equals(e.getErrorCode()) ? Trade.of(Trade.State.NOT_FOUND) : null);
    }

    /** A transaction as WeChat Pay reports it (an answer to a query, or a notification's resource). */
    Trade trade(Transaction transaction) {
        Transaction.TradeStateEnum state = transaction.getTradeState();
        if (state == null) {
            return Trade.of(Trade.State.UNPAID);
        }
        return switch (state) {
            case SUCCESS, REFUND ->
                new Trade(
                        Trade.State.PAID,
                        transaction.getTransactionId(),
                        transaction.getAmount() == null
                                ? null
                                : transaction.getAmount().getTotal(),
                        time(transaction.getSuccessTime()));
            case NOTPAY, USERPAYING, ACCEPT -> Trade.of(Trade.State.UNPAID);
            case CLOSED, REVOKED, PAYERROR -> Trade.of(Trade.State.CLOSED);
        };
    }

    @Override
    public Trade close(PayOrder order) {
        var request = new com.wechat.pay.java.service.payments.h5.model.CloseOrderRequest();
        request.setMchid(order.getMchid());
        request.setOutTradeNo(order.getOutTradeNo());
        // WeChat Pay answers a close with 204 and no body: nothing of it to verify
        return call(
                "close " + order.getOutTradeNo(),
                () -> {
                    clients.h5().closeOrder(request);
                    return Trade.of(Trade.State.CLOSED);
                },
                e -> switch (String.valueOf(e.getErrorCode())) {
                    case "ORDERPAID" -> query(order); // paid a moment before: what matters is the payment
                    case "ORDER_NOT_EXIST" -> Trade.of(Trade.State.NOT_FOUND);
                    case "ORDER_CLOSED" -> Trade.of(Trade.State.CLOSED);
                    default -> null;
                },
                false);
    }

    @Override
    public RefundAnswer refund(PayOrder order, PayRefund refund) {
        CreateRequest request = new CreateRequest();
        request.setOutTradeNo(order.getOutTradeNo());
        request.setOutRefundNo(refund.getOutRefundNo());
        request.setReason(cut(refund.getReason() == null ? "refund" : refund.getReason(), REASON_MAX));
        request.setNotifyUrl(settings().notifyUrl());
        AmountReq amount = new AmountReq();
        amount.setRefund(refund.getAmountCents().longValue());
        amount.setTotal(order.getAmountCents().longValue());
        amount.setCurrency(CURRENCY);
        request.setAmount(amount);
        return answer(call(
                "refund " + refund.getOutRefundNo(), () -> clients.refunds().create(request)));
    }

    @Override
    public RefundAnswer queryRefund(PayOrder order, PayRefund refund) {
        QueryByOutRefundNoRequest request = new QueryByOutRefundNoRequest();
        request.setOutRefundNo(refund.getOutRefundNo());
        return call(
                "query refund " + refund.getOutRefundNo(),
                () -> answer(clients.refunds().queryByOutRefundNo(request)),
                e -> "RESOURCE_NOT_EXISTS".equals(e.getErrorCode()) ? RefundAnswer.unknownThere() : null);
    }

    private RefundAnswer answer(Refund refund) {
        return new RefundAnswer(status(refund.getStatus()), refund.getRefundId(), time(refund.getSuccessTime()));
    }

    static RefundStatus status(Status status) {
        if (status == null) {
            return RefundStatus.REFUNDING;
        }
        return switch (status) {
            case SUCCESS -> RefundStatus.SUCCESS;
            case PROCESSING -> RefundStatus.REFUNDING;
            case ABNORMAL -> RefundStatus.ABNORMAL;
            case CLOSED -> RefundStatus.CLOSED;
        };
    }

    /** A prepay: an order WeChat Pay says is paid already (ORDERPAID) is news of a payment, not a refusal. */
    private <T> T prepayCall(PayOrder order, String what, Supplier<T> call) {
        return call(what + order.getOutTradeNo(), call, refusal -> {
            if ("ORDERPAID".equals(refusal.getErrorCode())) {
                throw new PaidAlready(order.getOutTradeNo());
            }
            return null;
        });
    }

    private <T> T call(String what, Supplier<T> call) {
        return call(what, call, refusal -> null);
    }

    private <T> T call(String what, Supplier<T> call, Function<ServiceException, T> known) {
        return call(what, call, known, true);
    }

    /**
     * Asks WeChat Pay; {@code known} turns a refusal that is an answer (no such order) into one, else null; {@code
     * signed}: a success carries a body the SDK verified (a close's 204 has none).
     */
    private <T> T call(String what, Supplier<T> call, Function<ServiceException, T> known, boolean signed) {
        T answer;
        try {
            answer = call.get();
        } catch (ServiceException e) {
            if (e.getHttpStatusCode() >= HTTP_SERVER_ERROR) {
                // WeChat Pay in trouble (SYSTEM_ERROR): asked again later, as if it had not answered
                watch.unreached(what, e);
                throw unreachable(what, e);
            }
            watch.reached();
            T knownAnswer = known.apply(e);
            if (knownAnswer != null) {
                return knownAnswer;
            }
            throw refused(what, e);
        } catch (ValidationException e) {
            watch.unverified(what, settings().publicKeyId());
            throw unverified(what, e);
        } catch (WechatPayException e) {
            watch.unreached(what, e);
            throw unreachable(what, e);
        }
        if (signed) {
            watch.verified();
        } else {
            watch.reached();
        }
        return answer;
    }

    private static CourtRushException refused(String what, ServiceException e) {
        log.warn(
                "WeChat Pay refused to {}: HTTP {} {} {}",
                what,
                e.getHttpStatusCode(),
                e.getErrorCode(),
                e.getErrorMessage());
        return CourtRushException.conflict("pay.providerRefused", e.getErrorCode(), e.getErrorMessage());
    }

    private static CourtRushException unreachable(String what, WechatPayException e) {
        log.warn("WeChat Pay could not be asked to {}: {}", what, e.toString());
        return CourtRushException.unavailable(e, "pay.providerUnreachable");
    }

    /** Students are told payments are not available (the gym is told by the watch), not that WeChat Pay is down. */
    private CourtRushException unverified(String what, ValidationException e) {
        log.warn(
                "WeChat Pay's answer to {} did not verify with its public key on file ({}): {}",
                what,
                settings().publicKeyId(),
                e.getMessage());
        return CourtRushException.unavailable(e, "pay.providerUnverified");
    }

    private String rfc3339(LocalDateTime time) {
        return time.withNano(0).atZone(zone).toOffsetDateTime().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }

    LocalDateTime time(String rfc3339) {
        return rfc3339 == null || rfc3339.isBlank()
                ? null
                : OffsetDateTime.parse(rfc3339).atZoneSameInstant(zone).toLocalDateTime();
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }
}
