package com.courtrush.pay;

import com.courtrush.core.EngineMessages;
import com.courtrush.pay.api.WechatPaySettings;
import com.courtrush.pay.api.WechatPayTrial;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.exception.WechatPayException;
import com.wechat.pay.java.service.payments.nativepay.model.Amount;
import com.wechat.pay.java.service.payments.nativepay.model.CloseOrderRequest;
import com.wechat.pay.java.service.payments.nativepay.model.PrepayRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Interceptor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A manager's "Try it" (SPEC §19): WeChat Pay is asked for a Native order of 0.01 yuan nobody will pay, closed at once.
 * Its answer is a real one, 200 and signed — WeChat Pay's SDK verifies the signature of a success only, never of an
 * error (an order nobody made answers 404, which would "verify" with any key) — so the try proves that the merchant's
 * key signs, that the AppID belongs to the merchant and that WeChat Pay's public key, as given, verifies what WeChat Pay
 * says. When something does not, it says which key: the merchant's private key (WeChat Pay refused its signature), the
 * public key id (WeChat Pay signed with another) or the public key itself.
 */
@Component
class MerchantTrial {

    private static final Logger log = LoggerFactory.getLogger(MerchantTrial.class);
    /** The order's time at WeChat Pay, should its close fail: it cannot be paid after this. */
    private static final Duration TRIAL_ORDER_LIFE = Duration.ofMinutes(5);
    /** One fen: WeChat Pay's least amount. */
    private static final int ONE_FEN = 1;

    private static final DateTimeFormatter NUMBERED = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS");
    /** The header naming the key WeChat Pay signed its answer with (its public key id). */
    static final String SIGNED_BY = "Wechatpay-Serial";

    private final WechatPayClients clients;
    private final Clock clock;

    MerchantTrial(WechatPayClients clients, Clock clock) {
        this.clients = clients;
        this.clock = clock;
    }

    /** Asks WeChat Pay with these settings and secrets, saved or not, and says what it answered. */
    WechatPayTrial run(WechatPaySettings settings, WechatPayKeys.Secrets secrets, Locale locale) {
        AtomicReference<String> signedBy = new AtomicReference<>();
        Interceptor watcher = chain -> {
            okhttp3.Response response = chain.proceed(chain.request());
            signedBy.set(response.header(SIGNED_BY));
            return response;
        };
        WechatPayClients.Clients trying;
        try {
            trying = clients.build(settings, secrets, watcher);
        } catch (IllegalArgumentException e) {
            return new WechatPayTrial(false, text(locale, "wechatPay.try.unreachable"), e.getMessage());
        }
        PrepayRequest order = order(settings);
        try {
            trying.nativePay().prepay(order);
        } catch (ServiceException e) {
            String detail = e.getHttpStatusCode() + " " + e.getErrorCode() + " " + e.getErrorMessage();
            if (e.getHttpStatusCode() >= 500) {
                return new WechatPayTrial(false, text(locale, "wechatPay.try.unreachable"), detail);
            }
            String key =
                    "SIGN_ERROR".equals(e.getErrorCode()) ? "wechatPay.try.wrongPrivateKey" : "wechatPay.try.refused";
            return new WechatPayTrial(false, text(locale, key), detail);
        } catch (ValidationException e) {
            return unverified(settings, signedBy.get(), locale);
        } catch (WechatPayException | IllegalArgumentException e) {
            return new WechatPayTrial(false, text(locale, "wechatPay.try.unreachable"), e.getMessage());
        }
        close(trying, settings, order.getOutTradeNo());
        return new WechatPayTrial(
                true, EngineMessages.format(locale, "wechatPay.try.ok", settings.publicKeyId()), order.getOutTradeNo());
    }

    /** WeChat Pay answered, and its answer did not verify: which of the keys given is not WeChat Pay's. */
    private static WechatPayTrial unverified(WechatPaySettings settings, String signedBy, Locale locale) {
        if (signedBy != null && !signedBy.isBlank() && !signedBy.equals(settings.publicKeyId())) {
            return new WechatPayTrial(
                    false,
                    EngineMessages.format(locale, "wechatPay.try.wrongPublicKeyId", signedBy, settings.publicKeyId()),
                    SIGNED_BY + ": " + signedBy);
        }
        return new WechatPayTrial(
                false,
                EngineMessages.format(locale, "wechatPay.try.wrongPublicKey", settings.publicKeyId()),
                SIGNED_BY + ": " + signedBy);
    }

    private PrepayRequest order(WechatPaySettings settings) {
        OffsetDateTime now = OffsetDateTime.now(clock);
        PrepayRequest request = new PrepayRequest();
        request.setAppid(settings.appId());
        request.setMchid(settings.mchid());
        // never CR…, the engine's own orders: a reconciliation or a notification never takes it for one
        request.setOutTradeNo(
                "TRY" + NUMBERED.format(now) + ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
        request.setDescription("CourtRush 试一试商户设置（无需支付）");
        request.setTimeExpire(now.plus(TRIAL_ORDER_LIFE).withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        request.setNotifyUrl(settings.notifyUrl());
        Amount amount = new Amount();
        amount.setTotal(ONE_FEN);
        amount.setCurrency("CNY");
        request.setAmount(amount);
        return request;
    }

    /** Closes the trial's order, so nobody can pay it; should WeChat Pay not answer, it expires unpaid soon. */
    private static void close(WechatPayClients.Clients trying, WechatPaySettings settings, String outTradeNo) {
        CloseOrderRequest close = new CloseOrderRequest();
        close.setMchid(settings.mchid());
        close.setOutTradeNo(outTradeNo);
        try {
            trying.nativePay().closeOrder(close);
        } catch (WechatPayException e) {
            log.warn(
                    "The trial order {} of merchant {} could not be closed at WeChat Pay ({}); it expires unpaid within "
                            + "{} min",
                    outTradeNo,
                    settings.mchid(),
                    e.toString(),
                    TRIAL_ORDER_LIFE.toMinutes());
        }
    }

    private static String text(Locale locale, String key) {
        return EngineMessages.format(locale, key);
    }
}
