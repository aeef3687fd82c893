package com.courtrush.paysim;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.http.DefaultHttpClientBuilder;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.payments.jsapi.JsapiServiceExtension;
import com.wechat.pay.java.service.payments.jsapi.model.Amount;
import com.wechat.pay.java.service.payments.jsapi.model.Payer;
import com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest;
import com.wechat.pay.java.service.payments.jsapi.model.PrepayWithRequestPaymentResponse;
import com.wechat.pay.java.service.payments.model.Transaction;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Paying inside WeChat: OAuth2 snsapi_base for the openid, then the SDK's JSAPI prepay and the bridge. */
class JsapiAndOAuthTest {

    @TempDir
    static Path kitDir;

    static WechatPaySimulator sim;
    static NotificationReceiver receiver;
    static JsapiServiceExtension jsapi;
    static NotificationParser parser;
    static final AtomicInteger SEQ = new AtomicInteger();
    static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    @BeforeAll
    static void start() {
        sim = WechatPaySimulator.start(0, kitDir);
        sim.retrySchedule(List.of(Duration.ofMillis(100)));
        receiver = new NotificationReceiver();
        Kit kit = sim.kit();
        RSAPublicKeyConfig config = new RSAPublicKeyConfig.Builder()
                .merchantId(kit.mchid())
                .privateKeyFromPath(kit.privateKeyPath().toString())
                .merchantSerialNumber(kit.merchantSerialNumber())
                .publicKeyFromPath(kit.publicKeyPath().toString())
                .publicKeyId(kit.publicKeyId())
                .apiV3Key(kit.apiV3Key())
                .build();
        jsapi = new JsapiServiceExtension.Builder()
                .config(config)
                .httpClient(new DefaultHttpClientBuilder()
                        .config(config)
                        .okHttpClient(SdkAgainstSimulatorTest.towardsSimulator(sim.baseUrl()))
                        .build())
                .build();
        parser = new NotificationParser(config);
    }

    @AfterAll
    static void stop() {
        sim.close();
        receiver.close();
    }

    static HttpResponse<String> get(String pathAndQuery) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(sim.baseUrl() + pathAndQuery))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(String path, String json) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(sim.baseUrl() + path))
                        .header("Content-Type", "application/json")
                        .header("Origin", "http://localhost:8080")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static String authorize(String appId, String redirectUri, String state) throws Exception {
        return "/connect/oauth2/authorize?appid=" + appId + "&redirect_uri="
                + URLEncoder.encode(redirectUri, StandardCharsets.UTF_8)
                + "&response_type=code&scope=snsapi_base&state=" + state;
    }

    /** The code in a Location the authorize step answered. */
    static String codeOf(String location) {
        String query = URI.create(location).getRawQuery();
        return UrlParts.form(query).get("code");
    }

    static JSONObject accessToken(String appId, String secret, String code) throws Exception {
        HttpResponse<String> response = get("/sns/oauth2/access_token?appid=" + appId + "&secret=" + secret + "&code="
                + code + "&grant_type=authorization_code");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Wechatpay-Signature")).isEmpty();
        return JSON.parseObject(response.body());
    }

    @Test
    void authorizeRedirectsWithCodeAndStateAppended() throws Exception {
        String appId = sim.kit().appId();
        HttpResponse<String> plain = get(authorize(appId, "https://gym.example/pay/jsapi", "BK123"));
        assertThat(plain.statusCode()).isEqualTo(302);
        String location = plain.headers().firstValue("Location").orElseThrow();
        assertThat(location).matches("https://gym\\.example/pay/jsapi\\?code=[A-Za-z0-9]{32}&state=BK123");

        HttpResponse<String> withQuery = get(
                authorize(appId, "http://localhost:8080/pay?booking=7&lang=zh#/confirm", "s1") + "#wechat_redirect");
        String second = withQuery.headers().firstValue("Location").orElseThrow();
        assertThat(second)
                .matches("http://localhost:8080/pay\\?booking=7&lang=zh&code=[A-Za-z0-9]{32}&state=s1#/confirm");
        assertThat(codeOf(second)).isNotEqualTo(codeOf(location));

        HttpResponse<String> badAppId = get(authorize("wx0000000000000000", "https://gym.example/pay", "x"));
        assertThat(badAppId.statusCode()).isEqualTo(400);
        assertThat(badAppId.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(badAppId.body()).contains("appid");

        assertThat(get(authorize(appId, "javascript:alert(1)", "x")).statusCode())
                .isEqualTo(400);
        assertThat(get(authorize(appId, "https://gym.example/pay", "x").replace("snsapi_base", "snsapi_admin"))
                        .statusCode())
                .isEqualTo(400);
        assertThat(get(authorize(appId, "https://gym.example/pay", "x")
                                .replace("response_type=code", "response_type=token"))
                        .statusCode())
                .isEqualTo(400);
    }

    @Test
    void theCodeBuysTheOpenidOnceAndOnlyWithTheAppSecret() throws Exception {
        Kit kit = sim.kit();
        String location = get(authorize(kit.appId(), "https://gym.example/pay", "st"))
                .headers()
                .firstValue("Location")
                .orElseThrow();
        String code = codeOf(location);

        assertThat(accessToken(kit.appId(), "0".repeat(32), code))
                .containsEntry("errcode", 40125)
                .containsEntry("errmsg", "invalid appsecret");
        assertThat(accessToken("wx0000000000000000", kit.appSecret(), code)).containsEntry("errcode", 40125);

        JSONObject token = accessToken(kit.appId(), kit.appSecret(), code);
        assertThat(token.getString("openid")).isEqualTo(sim.openId());
        assertThat(token.getString("access_token")).isNotBlank();
        assertThat(token.getString("refresh_token")).isNotBlank();
        assertThat(token.getIntValue("expires_in")).isEqualTo(7200);
        assertThat(token.getString("scope")).isEqualTo("snsapi_base");
        assertThat(token).doesNotContainKey("errcode");

        assertThat(accessToken(kit.appId(), kit.appSecret(), code))
                .containsEntry("errcode", 40029)
                .containsEntry("errmsg", "invalid code");
        assertThat(accessToken(kit.appId(), kit.appSecret(), "nosuchcode")).containsEntry("errcode", 40029);
    }

    static PrepayWithRequestPaymentResponse prepay(String outTradeNo, String notifyPath) {
        PrepayRequest request = new PrepayRequest();
        request.setAppid(sim.kit().appId());
        request.setMchid(sim.kit().mchid());
        request.setDescription("羽毛球场 Court 5 20:00-21:00");
        request.setOutTradeNo(outTradeNo);
        request.setNotifyUrl(receiver.url(notifyPath));
        Amount amount = new Amount();
        amount.setTotal(3000);
        request.setAmount(amount);
        Payer payer = new Payer();
        payer.setOpenid(sim.openId());
        request.setPayer(payer);
        return jsapi.prepayWithRequestPayment(request);
    }

    /** What the page hands to WeixinJSBridge.invoke('getBrandWCPayRequest', …). */
    static String bridgeParams(PrepayWithRequestPaymentResponse p, String paySign) {
        JSONObject json = new JSONObject();
        json.put("appId", p.getAppId());
        json.put("timeStamp", p.getTimeStamp());
        json.put("nonceStr", p.getNonceStr());
        json.put("package", p.getPackageVal());
        json.put("signType", p.getSignType());
        json.put("paySign", paySign);
        return json.toJSONString();
    }

    @Test
    void theBridgePaysASignedJsapiPrepay() throws Exception {
        String outTradeNo = "JSB" + System.nanoTime() % 1_000_000_000L + SEQ.incrementAndGet();
        String path = "/notify/jsapi-" + outTradeNo;
        PrepayWithRequestPaymentResponse payment = prepay(outTradeNo, path);
        assertThat(payment.getSignType()).isEqualTo("RSA");

        HttpResponse<String> answer = post("/sim/jsapi/pay", bridgeParams(payment, payment.getPaySign()));
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        assertThat(JSON.parseObject(answer.body()))
                .containsExactlyEntriesOf(Map.of("err_msg", "get_brand_wcpay_request:ok"));

        OrderSnapshot paid = sim.order(outTradeNo).orElseThrow();
        assertThat(paid.tradeState()).isEqualTo("SUCCESS");
        assertThat(paid.tradeType()).isEqualTo("JSAPI");
        assertThat(paid.payerOpenid()).isEqualTo(sim.openId());

        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (receiver.at(path).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(receiver.at(path))
                .as("notifications: %s", sim.notifications())
                .isNotEmpty();
        NotificationReceiver.Received r = receiver.at(path).get(0);
        Transaction notified = parser.parse(
                new RequestParam.Builder()
                        .serialNumber(r.serial())
                        .nonce(r.nonce())
                        .signature(r.signature())
                        .timestamp(r.timestamp())
                        .signType(r.signType())
                        .body(r.body())
                        .build(),
                Transaction.class);
        assertThat(notified.getOutTradeNo()).isEqualTo(outTradeNo);
        assertThat(notified.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        assertThat(notified.getTradeType()).isEqualTo(Transaction.TradeTypeEnum.JSAPI);
        assertThat(notified.getPayer().getOpenid()).isEqualTo(sim.openId());

        JSONObject again = JSON.parseObject(post("/sim/jsapi/pay", bridgeParams(payment, payment.getPaySign()))
                .body());
        assertThat(again.getString("err_msg")).isEqualTo("get_brand_wcpay_request:fail");
        assertThat(again.getString("detail")).contains("ORDERPAID");
    }

    @Test
    void aTamperedPaySignFailsAndTheOrderStaysUnpaid() throws Exception {
        String outTradeNo = "JST" + System.nanoTime() % 1_000_000_000L + SEQ.incrementAndGet();
        PrepayWithRequestPaymentResponse payment = prepay(outTradeNo, "/notify/jsapi-tampered");
        char first = payment.getPaySign().charAt(0);
        String tampered = (first == 'A' ? 'B' : 'A') + payment.getPaySign().substring(1);

        HttpResponse<String> answer = post("/sim/jsapi/pay", bridgeParams(payment, tampered));
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        JSONObject json = JSON.parseObject(answer.body());
        assertThat(json.getString("err_msg")).isEqualTo("get_brand_wcpay_request:fail");
        assertThat(json.getString("detail")).contains("paySign");

        JSONObject otherPackage = JSON.parseObject(bridgeParams(payment, payment.getPaySign()));
        otherPackage.put("package", "prepay_id=wx00000000000000000000000000000000");
        assertThat(JSON.parseObject(post("/sim/jsapi/pay", otherPackage.toJSONString())
                                .body())
                        .getString("err_msg"))
                .isEqualTo("get_brand_wcpay_request:fail");

        assertThat(sim.order(outTradeNo).orElseThrow().tradeState()).isEqualTo("NOTPAY");
        assertThat(sim.notifications()).noneMatch(n -> n.outTradeNo().equals(outTradeNo));
    }

    @Test
    void preflightAndTheBridgeScriptAnswerCors() throws Exception {
        HttpResponse<String> preflight = HTTP.send(
                HttpRequest.newBuilder(URI.create(sim.baseUrl() + "/sim/jsapi/pay"))
                        .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                        .header("Origin", "http://localhost:8080")
                        .header("Access-Control-Request-Method", "POST")
                        .header("Access-Control-Request-Headers", "content-type")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
                .hasValue("*");
        assertThat(preflight
                        .headers()
                        .firstValue("Access-Control-Allow-Methods")
                        .orElseThrow())
                .contains("POST");
        assertThat(preflight
                        .headers()
                        .firstValue("Access-Control-Allow-Headers")
                        .orElseThrow())
                .containsIgnoringCase("content-type");

        HttpResponse<String> script = get("/sim/weixin-js-bridge.js");
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.headers().firstValue("Content-Type")).hasValue("application/javascript; charset=utf-8");
        assertThat(script.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        assertThat(script.body())
                .isEqualTo(sim.bridgeScript())
                .startsWith("// WeChat Pay SIMULATOR")
                .contains("window.WeixinJSBridge")
                .contains("getBrandWCPayRequest")
                .contains("\"" + sim.baseUrl() + "/sim/jsapi/pay\"")
                .contains("new Event('WeixinJSBridgeReady')");
    }

    @Test
    void oldKitsGainAnAppSecretThatStays() throws Exception {
        Kit kit = sim.kit();
        assertThat(kit.appSecret()).matches("[0-9a-f]{32}");
        assertThat(kit.toString()).doesNotContain(kit.appSecret());
        assertThat(sim.openId()).matches("o[A-Za-z0-9_-]{27}");

        Path old = Files.createTempDirectory(kitDir, "old-kit");
        try (WechatPaySimulator first = WechatPaySimulator.start(0, old)) {
            assertThat(first.kit().appSecret()).isNotEqualTo(kit.appSecret());
        }
        JSONObject json = JSON.parseObject(Files.readString(old.resolve("kit.json")));
        json.remove("appSecret");
        json.remove("openId");
        Files.writeString(old.resolve("kit.json"), json.toJSONString());
        String secret;
        String openId;
        try (WechatPaySimulator upgraded = WechatPaySimulator.start(0, old)) {
            secret = upgraded.kit().appSecret();
            openId = upgraded.openId();
            assertThat(secret).matches("[0-9a-f]{32}");
        }
        assertThat(JSON.parseObject(Files.readString(old.resolve("kit.json"))))
                .containsEntry("appSecret", secret)
                .containsEntry("openId", openId);
        try (WechatPaySimulator again = WechatPaySimulator.start(0, old)) {
            assertThat(again.kit().appSecret()).isEqualTo(secret);
            assertThat(again.openId()).isEqualTo(openId);
        }
    }
}
