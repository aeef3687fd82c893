package com.courtrush.paysim;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.paysim.SimHttpServer.Request;
import com.courtrush.paysim.SimHttpServer.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A WeChat Pay APIv3 simulator for demos and tests — no money moves. It listens on loopback and
 * speaks APIv3 as WeChat Pay documents it, so the official Java SDK works against it when only the
 * host {@code api.mch.weixin.qq.com} is rewritten to {@link #baseUrl()}:
 *
 * <ul>
 *   <li>requests must carry a valid {@code WECHATPAY2-SHA256-RSA2048} Authorization from the kit's
 *       merchant key; every answer is signed with the platform key named by {@link Kit#publicKeyId()};
 *   <li>H5, Native and JSAPI prepay; query by out_trade_no or transaction_id; close; refunds and
 *       their query;
 *   <li>TRANSACTION.SUCCESS and REFUND.SUCCESS/ABNORMAL notifications, encrypted under the APIv3 key
 *       and signed, retried on a compressed schedule, with controls to drop, repeat, reorder and
 *       forge them;
 *   <li>a stand-in cashier page at {@code /cashier/<token>} (the h5_url);
 *   <li>paying inside WeChat (JSAPI): the official account's OAuth2 snsapi_base ({@code
 *       /connect/oauth2/authorize}, {@code /sns/oauth2/access_token}) for one simulated user's
 *       {@link #openId()}, and a stand-in {@code WeixinJSBridge} ({@link #bridgeScript()}) whose
 *       {@code getBrandWCPayRequest} checks the paySign and pays;
 *   <li>the official account's server API ({@link OfficialAccountServer}): its access token, the JS-SDK's ticket and
 *       subscribe notifications (订阅通知), with its users' consents and switches to make each fail.
 * </ul>
 *
 * <p>Not simulated: certificates download, combined/partner payments, bills, profit sharing, coupons,
 * the real WeChat client, real openids, snsapi_userinfo's user info. Thread-safe.
 */
public final class WechatPaySimulator implements AutoCloseable {

    /** Default port of the command line. */
    public static final int DEFAULT_PORT = 8091;

    private final KitStore.Loaded keys;
    private final Orders orders;
    private final Notifier notifier;
    private final ApiHandler api;
    private final TradeBills bills;
    private final CashierPage cashier;
    private final OAuth oauth;
    private final JsapiBridge bridge;
    private final OfficialAccountServer officialAccount;
    private final OpenTagBridge openTags;
    private final SimControls controls = new SimControls(this);
    private final SimHttpServer server;
    private final String baseUrl;
    private final AtomicBoolean abnormalNextRefund = new AtomicBoolean();
    private final java.util.concurrent.atomic.AtomicInteger failingCalls =
            new java.util.concurrent.atomic.AtomicInteger();
    private volatile Duration refundDelay = Duration.ofMillis(300);

    private WechatPaySimulator(int port, Path kitDir) throws IOException {
        this.keys = KitStore.loadOrCreate(kitDir);
        this.orders = new Orders(keys.kit(), keys.openId());
        this.notifier = new Notifier(keys.kit(), keys.platformPrivateKey());
        this.bills = new TradeBills(orders);
        this.api = new ApiHandler(keys, orders, this, bills);
        this.cashier = new CashierPage(orders, this, keys.kit().merchantName());
        this.oauth = new OAuth(keys.kit(), keys.openId());
        this.bridge = new JsapiBridge(keys.kit(), keys.merchantPublicKey(), keys.openId(), orders, this);
        this.officialAccount = new OfficialAccountServer(keys.kit());
        this.server = new SimHttpServer(InetAddress.getLoopbackAddress(), port, this::route);
        this.baseUrl = "http://127.0.0.1:" + server.port();
        this.openTags = new OpenTagBridge(
                officialAccount, keys.kit(), request -> oauth.openIdOf(OAuth.userOf(request)), baseUrl);
    }

    /**
     * Starts a simulator on loopback.
     *
     * @param port the port, 0 for any free one
     * @param kitDir the merchant kit: created on first use, reused afterwards
     * @return the running simulator; close it when done
     */
    public static WechatPaySimulator start(int port, Path kitDir) {
        try {
            return new WechatPaySimulator(port, kitDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the WeChat Pay simulator on port " + port, e);
        }
    }

    /** {@code http://127.0.0.1:<port>}, what replaces {@code https://api.mch.weixin.qq.com}. */
    public String baseUrl() {
        return baseUrl;
    }

    /** The merchant kit the simulator accepts. */
    public Kit kit() {
        return keys.kit();
    }

    /**
     * The openid of the one simulated WeChat user under the kit's app id: what {@code
     * /sns/oauth2/access_token} answers and the payer.openid of every order paid here that was not
     * placed by JSAPI (a JSAPI order keeps the payer.openid it was placed with, and the stand-in
     * WeixinJSBridge pays it only if that is this openid). Fixed per kit (kept in kit.json).
     */
    public String openId() {
        return keys.openId();
    }

    /**
     * The stand-in {@code WeixinJSBridge} ({@code GET /sim/weixin-js-bridge.js}) for a test to inject
     * into the app's page in a browser, where WeChat's own browser would define it: {@code
     * invoke('getBrandWCPayRequest', params, callback)} posts the params to {@code <base>/sim/jsapi/pay},
     * which checks the paySign and pays the order; it then dispatches {@code WeixinJSBridgeReady}.
     */
    public String bridgeScript() {
        return bridge.script();
    }

    /**
     * As if the student confirmed in the cashier: the order becomes SUCCESS and TRANSACTION.SUCCESS
     * is sent to its notify_url.
     *
     * @throws IllegalStateException if the order is unknown, paid, closed or expired
     */
    public OrderSnapshot pay(String outTradeNo) {
        Orders.Order order;
        try {
            order = orders.pay(outTradeNo);
        } catch (SimException e) {
            throw new IllegalStateException(e.code() + ": " + e.getMessage(), e);
        }
        OrderSnapshot snapshot = order.snapshot();
        notifier.dispatch(notifier.genuine(
                "TRANSACTION.SUCCESS",
                "支付成功",
                "transaction",
                order.transactionJson(),
                outTradeNo,
                null,
                snapshot.notifyUrl()));
        return snapshot;
    }

    /**
     * The official account's server API ({@code /cgi-bin/token}, the JS-SDK's ticket, subscribe notifications), its
     * users' consents, the notifications it accepted and its switches.
     */
    public OfficialAccountServer officialAccount() {
        return officialAccount;
    }

    /**
     * The stand-in JS-SDK ({@code GET /sim/jweixin.js}) for a test to inject into the app's page where WeChat's own
     * browser would provide it: {@code wx.config} checked as WeChat checks it, and the subscribe open tag whose tap is
     * the browser's WeChat user's "allow".
     */
    public String jsSdkScript() {
        return openTags.script();
    }

    /** The order's current state, if the simulator knows it. */
    public Optional<OrderSnapshot> order(String outTradeNo) {
        return orders.find(outTradeNo).map(Orders.Order::snapshot);
    }

    /** The order's refunds in the order they were accepted. */
    public List<RefundSnapshot> refunds(String outTradeNo) {
        return orders.refundsOf(outTradeNo).stream()
                .map(Orders.Refund::snapshot)
                .toList();
    }

    /** Makes an unpaid order expired (its time_expire now lies in the past): it can no longer be paid. */
    public void expire(String outTradeNo) {
        try {
            orders.expire(outTradeNo);
        } catch (SimException e) {
            throw new IllegalStateException(e.code() + ": " + e.getMessage(), e);
        }
    }

    /** Every delivery attempt so far, oldest first. */
    public List<NotificationRecord> notifications() {
        return notifier.records();
    }

    /** The next {@code n} notifications are never sent, as if lost. */
    public void dropNextNotifications(int n) {
        notifier.dropNext(n);
    }

    /** The next {@code n} notifications are sent twice (same id). */
    public void repeatNextNotifications(int n) {
        notifier.repeatNext(n);
    }

    /** The next notification is held back and delivered right after the one that follows it. */
    public void holdNextNotification() {
        notifier.holdNext();
    }

    /**
     * Sends a TRANSACTION.SUCCESS for the order (as if paid, even if it is not) signed with a key that
     * is not the platform's, once, recorded as forged. The merchant must reject it.
     */
    public void forge(String notifyUrl, String outTradeNo) {
        notifier.sendOnce(notifier.forgedSignature(forgedResource(outTradeNo), outTradeNo, notifyUrl));
    }

    /**
     * Sends a TRANSACTION.SUCCESS correctly signed but whose ciphertext was altered, once, recorded as
     * forged. Decrypting it must fail.
     */
    public void forgeTampered(String notifyUrl, String outTradeNo) {
        notifier.sendOnce(notifier.tamperedCiphertext(forgedResource(outTradeNo), outTradeNo, notifyUrl));
    }

    /** The next {@code n} calls to the /v3 API fail as WeChat Pay does when it is in trouble: 500 SYSTEM_ERROR. */
    public void failNextApiCalls(int n) {
        failingCalls.set(n);
    }

    /** Whether this /v3 call is one to fail (and counts it). */
    boolean failsThisCall() {
        return failingCalls.getAndUpdate(n -> Math.max(0, n - 1)) > 0;
    }

    /** The next refund accepted ends ABNORMAL instead of SUCCESS. */
    public void abnormalNextRefund() {
        abnormalNextRefund.set(true);
    }

    /**
     * Plants a paid trade of {@code day} in the merchant's trade bill that the merchant never asked for: reconciling
     * that day finds it only at WeChat Pay.
     */
    public void plantTradeInBill(LocalDate day, String outTradeNo, long fen) {
        bills.plantTrade(day, outTradeNo, fen);
    }

    /** The trade bill says {@code fen} for this order (or refund, by its number) instead of what it was. */
    public void plantBillAmount(String number, long fen) {
        bills.plantAmount(number, fen);
    }

    /** A day's trade bill as WeChat Pay's download gives it (for a look, or a test's). */
    public String tradeBill(LocalDate day) {
        return bills.bill(day, kit().mchid(), kit().appId());
    }

    /** How long a refund stays PROCESSING (default 300 ms). */
    public void refundDelay(Duration delay) {
        this.refundDelay = delay;
    }

    /**
     * The waits between delivery attempts of a notification that was not acknowledged; the number of
     * attempts is one more than the number of waits. Default 1 s, 2 s, 4 s, 8 s, 16 s (6 attempts).
     */
    public void retrySchedule(List<Duration> waitsBetweenAttempts) {
        notifier.retryDelays(waitsBetweenAttempts);
    }

    /** Stops listening and sending. */
    @Override
    public void close() {
        server.close();
        notifier.close();
    }

    // ----------------------------------------------------------------------------------------------

    void refundAccepted(Orders.Refund refund) {
        boolean abnormal = abnormalNextRefund.getAndSet(false);
        notifier.pool()
                .schedule(
                        () -> {
                            orders.finishRefund(refund, abnormal);
                            RefundSnapshot s = refund.snapshot();
                            boolean ok = s.status().equals("SUCCESS");
                            notifier.dispatch(notifier.genuine(
                                    ok ? "REFUND.SUCCESS" : "REFUND.ABNORMAL",
                                    ok ? "退款成功" : "退款异常",
                                    "refund",
                                    refund.notificationJson(),
                                    s.outTradeNo(),
                                    s.outRefundNo(),
                                    s.notifyUrl()));
                        },
                        refundDelay.toMillis(),
                        TimeUnit.MILLISECONDS);
    }

    private JSONObject forgedResource(String outTradeNo) {
        Optional<Orders.Order> order = orders.find(outTradeNo);
        JSONObject json = order.map(Orders.Order::transactionJson).orElseGet(() -> {
            JSONObject fake = new JSONObject();
            fake.put("appid", kit().appId());
            fake.put("mchid", kit().mchid());
            fake.put("out_trade_no", outTradeNo);
            fake.put("amount", JSONObject.of("total", 1, "payer_total", 1, "currency", "CNY", "payer_currency", "CNY"));
            return fake;
        });
        json.put("trade_state", "SUCCESS");
        json.put("trade_state_desc", "支付成功");
        json.putIfAbsent("transaction_id", "4200000000" + KitStore.digits(18));
        json.putIfAbsent("success_time", Orders.rfc3339(Orders.now()));
        json.putIfAbsent("payer", JSONObject.of("openid", "oFORGED0000000000000000000"));
        return json;
    }

    private Response route(Request request) {
        String path = request.path();
        if (path.startsWith("/v3/")) {
            return api.handle(request);
        }
        if (path.startsWith("/cashier/")) {
            return cashier.handle(request);
        }
        if (oauth.handles(path)) {
            return oauth.handle(request);
        }
        if (path.startsWith("/cgi-bin/") && officialAccount.handles(path)) {
            return officialAccount.handle(request);
        }
        if (path.equals("/healthz")) {
            return json(200, Map.of("status", "UP", "simulator", "WeChat Pay SIMULATOR — no money moves"));
        }
        if (path.startsWith("/sim/")) {
            if (!request.remote().isLoopbackAddress()) {
                return json(
                        403, Map.of("code", "FORBIDDEN", "message", "the simulator's controls answer loopback only"));
            }
            if (bridge.handles(path)) {
                return bridge.handle(request);
            }
            if (openTags.handles(path)) {
                return openTags.handle(request);
            }
            try {
                return controls.handle(request);
            } catch (IllegalStateException | IllegalArgumentException e) {
                return json(400, Map.of("code", "INVALID_REQUEST", "message", String.valueOf(e.getMessage())));
            }
        }
        return json(404, Map.of("code", "NOT_FOUND", "message", "no such page in the simulator"));
    }

    private static Response json(int status, Object body) {
        return Response.of(status, "application/json; charset=utf-8", JSON.toJSONString(body));
    }
}
