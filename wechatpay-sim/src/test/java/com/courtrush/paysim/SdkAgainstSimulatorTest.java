package com.courtrush.paysim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.exception.DecryptionException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.http.DefaultHttpClientBuilder;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.payments.h5.H5Service;
import com.wechat.pay.java.service.payments.h5.model.H5Info;
import com.wechat.pay.java.service.payments.h5.model.SceneInfo;
import com.wechat.pay.java.service.payments.jsapi.JsapiServiceExtension;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.nativepay.NativePayService;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import com.wechat.pay.java.service.refund.model.Status;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The official WeChat Pay Java SDK, unmodified, against the simulator (only the host rewritten). */
class SdkAgainstSimulatorTest {

    @TempDir
    static Path kitDir;

    static WechatPaySimulator sim;
    static NotificationReceiver receiver;
    static RSAPublicKeyConfig config;
    static HttpClient client;
    static H5Service h5;
    static NativePayService nativePay;
    static JsapiServiceExtension jsapi;
    static RefundService refunds;
    static NotificationParser parser;
    static final AtomicInteger SEQ = new AtomicInteger();

    @BeforeAll
    static void start() {
        sim = WechatPaySimulator.start(0, kitDir);
        sim.refundDelay(Duration.ofMillis(100));
        sim.retrySchedule(List.of(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(300)));
        receiver = new NotificationReceiver();
        Kit kit = sim.kit();
        config = new RSAPublicKeyConfig.Builder()
                .merchantId(kit.mchid())
                .privateKeyFromPath(kit.privateKeyPath().toString())
                .merchantSerialNumber(kit.merchantSerialNumber())
                .publicKeyFromPath(kit.publicKeyPath().toString())
                .publicKeyId(kit.publicKeyId())
                .apiV3Key(kit.apiV3Key())
                .build();
        client = new DefaultHttpClientBuilder()
                .config(config)
                .okHttpClient(towardsSimulator(sim.baseUrl()))
                .build();
        h5 = new H5Service.Builder().httpClient(client).build();
        nativePay = new NativePayService.Builder().httpClient(client).build();
        jsapi = new JsapiServiceExtension.Builder()
                .config(config)
                .httpClient(client)
                .build();
        refunds = new RefundService.Builder().httpClient(client).build();
        parser = new NotificationParser(config);
    }

    @AfterAll
    static void stop() {
        sim.close();
        receiver.close();
    }

    /** An OkHttp client whose interceptor sends api.mch.weixin.qq.com's calls to the simulator. */
    static OkHttpClient towardsSimulator(String baseUrl) {
        HttpUrl base = HttpUrl.get(baseUrl);
        return new OkHttpClient.Builder()
                .addInterceptor(chain -> {
                    okhttp3.Request request = chain.request();
                    HttpUrl url = request.url()
                            .newBuilder()
                            .scheme(base.scheme())
                            .host(base.host())
                            .port(base.port())
                            .build();
                    return chain.proceed(request.newBuilder().url(url).build());
                })
                .build();
    }

    static String no(String prefix) {
        return prefix + System.nanoTime() % 1_000_000_000L + SEQ.incrementAndGet();
    }

    static String h5Prepay(String outTradeNo, long total, String notifyPath) {
        var request = new com.wechat.pay.java.service.payments.h5.model.PrepayRequest();
        request.setAppid(sim.kit().appId());
        request.setMchid(sim.kit().mchid());
        request.setDescription("羽毛球场 Court 3 18:00-19:00");
        request.setOutTradeNo(outTradeNo);
        request.setNotifyUrl(receiver.url(notifyPath));
        var amount = new com.wechat.pay.java.service.payments.h5.model.Amount();
        amount.setTotal((int) total);
        request.setAmount(amount);
        SceneInfo scene = new SceneInfo();
        scene.setPayerClientIp("127.0.0.1");
        H5Info info = new H5Info();
        info.setType("Wap");
        scene.setH5Info(info);
        request.setSceneInfo(scene);
        return h5.prepay(request).getH5Url();
    }

    static Transaction query(String outTradeNo) {
        var request = new com.wechat.pay.java.service.payments.h5.model.QueryOrderByOutTradeNoRequest();
        request.setMchid(sim.kit().mchid());
        request.setOutTradeNo(outTradeNo);
        return h5.queryOrderByOutTradeNo(request);
    }

    static RequestParam param(NotificationReceiver.Received r) {
        return new RequestParam.Builder()
                .serialNumber(r.serial())
                .nonce(r.nonce())
                .signature(r.signature())
                .timestamp(r.timestamp())
                .signType(r.signType())
                .body(r.body())
                .build();
    }

    static void await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 5 s; notifications: " + sim.notifications());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    static CreateRequest refundRequest(
            String outTradeNo, String outRefundNo, long refund, long total, String notifyPath) {
        CreateRequest request = new CreateRequest();
        request.setOutTradeNo(outTradeNo);
        request.setOutRefundNo(outRefundNo);
        request.setReason("场地取消 booking cancelled");
        request.setNotifyUrl(receiver.url(notifyPath));
        AmountReq amount = new AmountReq();
        amount.setRefund(refund);
        amount.setTotal(total);
        amount.setCurrency("CNY");
        request.setAmount(amount);
        return request;
    }

    @Test
    void h5PrepayQueryPayAndTheNotificationParses() {
        String outTradeNo = no("H5");
        String h5Url = h5Prepay(outTradeNo, 2000, "/notify/h5");
        assertThat(h5Url).startsWith(sim.baseUrl() + "/cashier/").contains("?prepay_id=wx");

        Transaction unpaid = query(outTradeNo);
        assertThat(unpaid.getTradeState()).isEqualTo(Transaction.TradeStateEnum.NOTPAY);
        assertThat(unpaid.getTradeType()).isEqualTo(Transaction.TradeTypeEnum.MWEB);
        assertThat(unpaid.getAmount().getTotal()).isEqualTo(2000);

        sim.pay(outTradeNo);
        Transaction paid = query(outTradeNo);
        assertThat(paid.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        assertThat(paid.getTransactionId()).isNotBlank();
        assertThat(paid.getSuccessTime()).endsWith("+08:00");
        assertThat(paid.getPayer().getOpenid()).isNotBlank();
        assertThat(paid.getAmount().getPayerTotal()).isEqualTo(2000);

        await(() -> !receiver.at("/notify/h5").isEmpty());
        Transaction notified = parser.parse(param(receiver.at("/notify/h5").get(0)), Transaction.class);
        assertThat(notified.getOutTradeNo()).isEqualTo(outTradeNo);
        assertThat(notified.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        assertThat(notified.getTransactionId()).isEqualTo(paid.getTransactionId());
        // the simulator records an attempt once the answer is in, just after the receiver saw it
        await(() -> sim.notifications().stream().anyMatch(n -> n.outTradeNo().equals(outTradeNo)));
        assertThat(sim.notifications())
                .anySatisfy(n -> assertThat(n)
                        .extracting(
                                NotificationRecord::outTradeNo,
                                NotificationRecord::eventType,
                                NotificationRecord::httpStatus)
                        .containsExactly(outTradeNo, "TRANSACTION.SUCCESS", 204));
    }

    @Test
    void nativeAndJsapiPrepayAndRePrepay() {
        String outTradeNo = no("NAT");
        var request = new com.wechat.pay.java.service.payments.nativepay.model.PrepayRequest();
        request.setAppid(sim.kit().appId());
        request.setMchid(sim.kit().mchid());
        request.setDescription("Court 1");
        request.setOutTradeNo(outTradeNo);
        request.setNotifyUrl(receiver.url("/notify/native"));
        var amount = new com.wechat.pay.java.service.payments.nativepay.model.Amount();
        amount.setTotal(1500);
        request.setAmount(amount);
        String codeUrl = nativePay.prepay(request).getCodeUrl();
        assertThat(codeUrl).startsWith("weixin://wxpay/bizpayurl?pr=");
        assertThat(nativePay.prepay(request).getCodeUrl()).isEqualTo(codeUrl);

        amount.setTotal(1600);
        assertThatThrownBy(() -> nativePay.prepay(request)).isInstanceOfSatisfying(ServiceException.class, e -> {
            assertThat(e.getHttpStatusCode()).isEqualTo(400);
            assertThat(e.getErrorCode()).isEqualTo("INVALID_REQUEST");
        });

        amount.setTotal(1500);
        sim.pay(outTradeNo);
        assertThatThrownBy(() -> nativePay.prepay(request))
                .isInstanceOfSatisfying(
                        ServiceException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo("ORDERPAID"));

        var js = new com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest();
        js.setAppid(sim.kit().appId());
        js.setMchid(sim.kit().mchid());
        js.setDescription("Court 2");
        js.setOutTradeNo(no("JS"));
        js.setNotifyUrl(receiver.url("/notify/jsapi"));
        var jsAmount = new com.wechat.pay.java.service.payments.jsapi.model.Amount();
        jsAmount.setTotal(900);
        js.setAmount(jsAmount);
        var payer = new com.wechat.pay.java.service.payments.jsapi.model.Payer();
        payer.setOpenid("oStudent0001");
        js.setPayer(payer);
        var payment = jsapi.prepayWithRequestPayment(js);
        assertThat(payment.getPackageVal()).startsWith("prepay_id=wx");
        assertThat(payment.getAppId()).isEqualTo(sim.kit().appId());
        assertThat(sim.pay(js.getOutTradeNo()).payerOpenid()).isEqualTo("oStudent0001");

        js.setPayer(null);
        js.setOutTradeNo(no("JS"));
        assertThatThrownBy(() -> jsapi.prepayWithRequestPayment(js))
                .isInstanceOfSatisfying(
                        ServiceException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo("PARAM_ERROR"));
    }

    @Test
    void closeAnUnpaidOrder() {
        String outTradeNo = no("CLS");
        h5Prepay(outTradeNo, 800, "/notify/close");
        var close = new com.wechat.pay.java.service.payments.h5.model.CloseOrderRequest();
        close.setMchid(sim.kit().mchid());
        close.setOutTradeNo(outTradeNo);
        h5.closeOrder(close);
        assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.CLOSED);
        assertThatThrownBy(() -> sim.pay(outTradeNo))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ORDER_CLOSED");
        assertThatThrownBy(() -> h5Prepay(outTradeNo, 800, "/notify/close"))
                .isInstanceOfSatisfying(
                        ServiceException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo("ORDER_CLOSED"));

        String paidNo = no("CLP");
        h5Prepay(paidNo, 800, "/notify/close");
        sim.pay(paidNo);
        close.setOutTradeNo(paidNo);
        assertThatThrownBy(() -> h5.closeOrder(close))
                .isInstanceOfSatisfying(
                        ServiceException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo("ORDERPAID"));

        assertThatThrownBy(() -> query("NOSUCHORDER1")).isInstanceOfSatisfying(ServiceException.class, e -> {
            assertThat(e.getHttpStatusCode()).isEqualTo(404);
            assertThat(e.getErrorCode()).isEqualTo("ORDER_NOT_EXIST");
        });
    }

    @Test
    void partialRefundsUpToTheTotalAndIdempotentRefundNumbers() {
        String outTradeNo = no("REF");
        String path = "/notify/refund-" + outTradeNo;
        h5Prepay(outTradeNo, 10000, path);
        assertThatThrownBy(() -> refunds.create(refundRequest(outTradeNo, outTradeNo + "-0", 100, 10000, path)))
                .isInstanceOfSatisfying(
                        ServiceException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo("INVALID_REQUEST"));
        sim.pay(outTradeNo);

        Refund first = refunds.create(refundRequest(outTradeNo, outTradeNo + "-1", 3000, 10000, path));
        assertThat(first.getStatus()).isEqualTo(Status.PROCESSING);
        assertThat(first.getAmount().getRefund()).isEqualTo(3000L);
        Refund again = refunds.create(refundRequest(outTradeNo, outTradeNo + "-1", 3000, 10000, path));
        assertThat(again.getRefundId()).isEqualTo(first.getRefundId());
        Refund rest = refunds.create(refundRequest(outTradeNo, outTradeNo + "-2", 7000, 10000, path));
        assertThat(sim.refunds(outTradeNo)).hasSize(2);
        assertThatThrownBy(() -> refunds.create(refundRequest(outTradeNo, outTradeNo + "-3", 1, 10000, path)))
                .isInstanceOfSatisfying(ServiceException.class, e -> {
                    assertThat(e.getHttpStatusCode()).isEqualTo(400);
                    assertThat(e.getErrorCode()).isEqualTo("INVALID_REQUEST");
                    assertThat(e.getErrorMessage()).contains("exceeds");
                });

        // 2 refund notifications + the payment one
        await(() -> receiver.at(path).size() >= 3);
        List<RefundNotification> notified = receiver.at(path).stream()
                .filter(r -> r.body().contains("REFUND."))
                .map(r -> parser.parse(param(r), RefundNotification.class))
                .toList();
        assertThat(notified)
                .extracting(RefundNotification::getOutRefundNo)
                .containsExactlyInAnyOrder(outTradeNo + "-1", outTradeNo + "-2");
        assertThat(notified).allSatisfy(n -> {
            assertThat(n.getRefundStatus()).isEqualTo(Status.SUCCESS);
            assertThat(n.getSuccessTime()).isNotBlank();
            assertThat(n.getAmount().getTotal()).isEqualTo(10000L);
        });

        var q = new QueryByOutRefundNoRequest();
        q.setOutRefundNo(rest.getOutRefundNo());
        assertThat(refunds.queryByOutRefundNo(q).getStatus()).isEqualTo(Status.SUCCESS);
        assertThat(query(outTradeNo).getTradeState()).isEqualTo(Transaction.TradeStateEnum.REFUND);
        q.setOutRefundNo("NO-SUCH-REFUND");
        assertThatThrownBy(() -> refunds.queryByOutRefundNo(q))
                .isInstanceOfSatisfying(
                        ServiceException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo("RESOURCE_NOT_EXISTS"));
    }

    @Test
    void anAbnormalRefund() {
        String outTradeNo = no("ABN");
        String path = "/notify/abnormal";
        h5Prepay(outTradeNo, 500, path);
        sim.pay(outTradeNo);
        sim.abnormalNextRefund();
        refunds.create(refundRequest(outTradeNo, outTradeNo + "-1", 500, 500, path));
        await(() -> receiver.at(path).stream().anyMatch(r -> r.body().contains("REFUND.ABNORMAL")));
        var r = receiver.at(path).stream()
                .filter(x -> x.body().contains("REFUND.ABNORMAL"))
                .findFirst()
                .orElseThrow();
        assertThat(parser.parse(param(r), RefundNotification.class).getRefundStatus())
                .isEqualTo(Status.ABNORMAL);
    }

    @Test
    void aRequestSignedWithAnotherKeyIsRefused() throws Exception {
        var generator = java.security.KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        Kit kit = sim.kit();
        RSAPublicKeyConfig wrong = new RSAPublicKeyConfig.Builder()
                .merchantId(kit.mchid())
                .privateKey(generator.generateKeyPair().getPrivate())
                .merchantSerialNumber(kit.merchantSerialNumber())
                .publicKeyFromPath(kit.publicKeyPath().toString())
                .publicKeyId(kit.publicKeyId())
                .apiV3Key(kit.apiV3Key())
                .build();
        HttpClient wrongClient = new DefaultHttpClientBuilder()
                .config(wrong)
                .okHttpClient(towardsSimulator(sim.baseUrl()))
                .build();
        var request = new com.wechat.pay.java.service.payments.h5.model.QueryOrderByOutTradeNoRequest();
        request.setMchid(kit.mchid());
        request.setOutTradeNo("ANYORDER1");
        assertThatThrownBy(() ->
                        new H5Service.Builder().httpClient(wrongClient).build().queryOrderByOutTradeNo(request))
                .isInstanceOfSatisfying(ServiceException.class, e -> {
                    assertThat(e.getHttpStatusCode()).isEqualTo(401);
                    assertThat(e.getErrorCode()).isEqualTo("SIGN_ERROR");
                });
    }

    @Test
    void dropRepeatHoldAndRetry() {
        String dropped = no("DRP");
        h5Prepay(dropped, 100, "/notify/drop");
        sim.dropNextNotifications(1);
        sim.pay(dropped);
        await(() -> sim.notifications().stream().anyMatch(n -> n.outTradeNo().equals(dropped)));
        assertThat(sim.notifications().stream().filter(n -> n.outTradeNo().equals(dropped)))
                .singleElement()
                .satisfies(n -> assertThat(n.outcome()).isEqualTo("DROPPED"));

        String repeated = no("REP");
        h5Prepay(repeated, 100, "/notify/repeat");
        sim.repeatNextNotifications(1);
        sim.pay(repeated);
        await(() -> receiver.at("/notify/repeat").size() == 2);
        var twice = receiver.at("/notify/repeat").stream()
                .map(r -> parser.parse(param(r), Transaction.class).getOutTradeNo())
                .toList();
        assertThat(twice).containsExactly(repeated, repeated);

        String first = no("HLD");
        String second = no("HLD");
        h5Prepay(first, 100, "/notify/hold");
        h5Prepay(second, 100, "/notify/hold");
        sim.holdNextNotification();
        sim.pay(first);
        sim.pay(second);
        await(() -> receiver.at("/notify/hold").size() == 2);
        assertThat(receiver.at("/notify/hold").stream()
                        .map(r -> parser.parse(param(r), Transaction.class).getOutTradeNo())
                        .toList())
                .containsExactly(second, first);

        String retried = no("RTY");
        h5Prepay(retried, 100, "/notify/retry");
        receiver.failNext(2);
        sim.pay(retried);
        await(() -> sim.notifications().stream().anyMatch(n -> n.outTradeNo().equals(retried) && n.delivered()));
        assertThat(sim.notifications().stream().filter(n -> n.outTradeNo().equals(retried)))
                .extracting(NotificationRecord::attempt, NotificationRecord::httpStatus)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1, 500),
                        org.assertj.core.groups.Tuple.tuple(2, 500),
                        org.assertj.core.groups.Tuple.tuple(3, 204));
    }

    @Test
    void forgedNotificationsFailTheParser() {
        String outTradeNo = no("FRG");
        h5Prepay(outTradeNo, 100, "/notify/forged-unused");
        sim.forge(receiver.url("/notify/forged"), outTradeNo);
        await(() -> receiver.at("/notify/forged").size() == 1);
        assertThatThrownBy(
                        () -> parser.parse(param(receiver.at("/notify/forged").get(0)), Transaction.class))
                .isInstanceOf(ValidationException.class);

        sim.forgeTampered(receiver.url("/notify/tampered"), outTradeNo);
        await(() -> receiver.at("/notify/tampered").size() == 1);
        assertThatThrownBy(
                        () -> parser.parse(param(receiver.at("/notify/tampered").get(0)), Transaction.class))
                .isInstanceOf(DecryptionException.class);
        // the simulator records a delivery once the receiver has answered it: a moment after the receiver saw it
        await(() -> sim.notifications().stream()
                        .filter(n -> n.outTradeNo().equals(outTradeNo))
                        .count()
                == 2);
        assertThat(sim.notifications().stream().filter(n -> n.outTradeNo().equals(outTradeNo)))
                .hasSize(2)
                .allSatisfy(n -> assertThat(n.forged()).isTrue());
        assertThat(sim.order(outTradeNo).orElseThrow().tradeState()).isEqualTo("NOTPAY");
    }
}
