package com.courtrush.paysim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cashier page, the /sim controls and the kit, over plain HTTP without the SDK. */
class CashierAndControlsTest {

    @TempDir
    static Path kitDir;

    static WechatPaySimulator sim;
    static PrivateKey merchantKey;
    static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    @BeforeAll
    static void start() {
        sim = WechatPaySimulator.start(0, kitDir);
        merchantKey = Pem.readPrivateKey(sim.kit().privateKeyPem());
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    /** A signed /v3 call, built by hand the way the SDK's WechatPay2Credential does it. */
    static HttpResponse<String> v3(String method, String target, String body) throws Exception {
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        String nonce = Signatures.nonce();
        String signature = Signatures.sign(
                merchantKey, Signatures.requestMessage(method, target, timestamp, nonce, body == null ? "" : body));
        Kit kit = sim.kit();
        String authorization = Signatures.SCHEMA + " mchid=\"" + kit.mchid() + "\",nonce_str=\"" + nonce
                + "\",signature=\"" + signature + "\",timestamp=\"" + timestamp + "\",serial_no=\""
                + kit.merchantSerialNumber() + "\"";
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(sim.baseUrl() + target))
                .header("Authorization", authorization)
                .header("Accept", "application/json");
        if (body == null) {
            request.GET();
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String h5Prepay(String outTradeNo, long total, String description) throws Exception {
        JSONObject req = new JSONObject();
        req.put("appid", sim.kit().appId());
        req.put("mchid", sim.kit().mchid());
        req.put("description", description);
        req.put("out_trade_no", outTradeNo);
        req.put("notify_url", "http://127.0.0.1:9/unreachable");
        req.put("amount", JSONObject.of("total", total, "currency", "CNY"));
        req.put("scene_info", JSONObject.of("payer_client_ip", "127.0.0.1", "h5_info", JSONObject.of("type", "Wap")));
        HttpResponse<String> response = v3("POST", "/v3/pay/transactions/h5", req.toJSONString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.parseObject(response.body()).getString("h5_url");
    }

    static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(String url, String form) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(url))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theCashierShowsTheOrderEscapedAndPaysThenRedirects() throws Exception {
        String h5Url = h5Prepay("CASH0001", 2550, "<script>alert('x')</script> 羽毛球 Court & Co");
        String back = "https://courtrush.example/pay/return?booking=42&x=<y>";
        String withRedirect = h5Url + "&redirect_url=" + URLEncoder.encode(back, StandardCharsets.UTF_8);

        HttpResponse<String> page = get(withRedirect);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(page.body())
                .contains("<meta name=viewport")
                .contains("WeChat Pay SIMULATOR — no money moves")
                .contains("微信支付模拟器 — 不会扣款")
                .contains(sim.kit().merchantName())
                .contains("¥25.50")
                .contains("id=confirm-pay")
                .contains("确认支付 Confirm payment")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; 羽毛球 Court &amp; Co")
                .doesNotContain("<script>")
                .contains("value=\"https://courtrush.example/pay/return?booking=42&amp;x=&lt;y&gt;\"");

        String token = sim.order("CASH0001").orElseThrow().cashierToken();
        HttpResponse<String> paid = post(
                sim.baseUrl() + "/cashier/" + token + "/pay",
                "redirect_url=" + URLEncoder.encode(back, StandardCharsets.UTF_8));
        assertThat(paid.statusCode()).isEqualTo(303);
        assertThat(paid.headers().firstValue("Location")).hasValue(back);
        assertThat(sim.order("CASH0001").orElseThrow().tradeState()).isEqualTo("SUCCESS");

        assertThat(get(h5Url).body()).contains("This order is paid").doesNotContain("id=confirm-pay");
        HttpResponse<String> again = post(sim.baseUrl() + "/cashier/" + token + "/pay", "");
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).contains("This order is paid");
    }

    @Test
    void withoutRedirectTheCashierSaysPaidAndRefusesExpiredOrClosedOrders() throws Exception {
        String h5Url = h5Prepay("CASH0002", 100, "Court 5");
        String token = sim.order("CASH0002").orElseThrow().cashierToken();
        HttpResponse<String> paid =
                post(sim.baseUrl() + "/cashier/" + token + "/pay", "redirect_url=javascript:alert(1)");
        assertThat(paid.statusCode()).isEqualTo(200);
        assertThat(paid.body()).contains("支付成功 Paid").contains("¥1.00");

        String expiring = h5Prepay("CASH0003", 100, "Court 6");
        sim.expire("CASH0003");
        assertThat(get(expiring).body()).contains("can no longer be paid").doesNotContain("id=confirm-pay");
        assertThatThrownBy(() -> sim.pay("CASH0003")).hasMessageContaining("ORDER_EXPIRED");

        String closing = h5Prepay("CASH0004", 100, "Court 7");
        HttpResponse<String> closed = v3(
                "POST",
                "/v3/pay/transactions/out-trade-no/CASH0004/close",
                JSONObject.of("mchid", sim.kit().mchid()).toJSONString());
        assertThat(closed.statusCode()).isEqualTo(204);
        assertThat(closed.body()).isEmpty();
        assertThat(get(closing).body()).contains("closed and can no longer be paid");
        assertThat(get(sim.baseUrl() + "/cashier/nosuchtoken").statusCode()).isEqualTo(404);
        assertThat(h5Url).contains("/cashier/" + token + "?");
    }

    @Test
    void answersCarryWeChatPaysHeadersSpelledExactly() throws Exception {
        HttpResponse<String> answer = v3(
                "GET",
                "/v3/pay/transactions/out-trade-no/NOSUCH01?mchid=" + sim.kit().mchid(),
                null);
        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(JSON.parseObject(answer.body()).getString("code")).isEqualTo("ORDER_NOT_EXIST");
        // java.net.http keeps header names as sent; check the raw spelling through a socket instead
        try (var socket =
                new java.net.Socket("127.0.0.1", URI.create(sim.baseUrl()).getPort())) {
            socket.getOutputStream()
                    .write("GET /v3/pay/transactions/out-trade-no/X HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(raw)
                    .startsWith("HTTP/1.1 401 ")
                    .contains("\r\nRequest-ID: ")
                    .contains("\r\nWechatpay-Nonce: ")
                    .contains("\r\nWechatpay-Timestamp: ")
                    .contains("\r\nWechatpay-Serial: " + sim.kit().publicKeyId() + "\r\n")
                    .contains("\r\nWechatpay-Signature: ")
                    .contains("\"code\":\"SIGN_ERROR\"");
        }
    }

    @Test
    void theSimControlsOverHttp() throws Exception {
        h5Prepay("CTRL0001", 300, "Court 8");
        HttpResponse<String> snapshot = get(sim.baseUrl() + "/sim/orders/CTRL0001");
        assertThat(JSON.parseObject(snapshot.body()).getString("trade_state")).isEqualTo("NOTPAY");
        HttpResponse<String> paid = post(sim.baseUrl() + "/sim/orders/CTRL0001/pay", "");
        assertThat(paid.statusCode()).isEqualTo(200);
        assertThat(JSON.parseObject(paid.body()).getString("trade_state")).isEqualTo("SUCCESS");
        assertThat(post(sim.baseUrl() + "/sim/orders/CTRL0001/pay", "").statusCode())
                .isEqualTo(400);
        assertThat(get(sim.baseUrl() + "/sim/orders/NOPE0001").statusCode()).isEqualTo(404);
        assertThat(post(sim.baseUrl() + "/sim/notifications/drop?count=1", "").statusCode())
                .isEqualTo(200);
        assertThat(post(sim.baseUrl() + "/sim/settings", "refund_delay_ms=50&retry_delays_ms=10,20")
                        .statusCode())
                .isEqualTo(200);
        assertThat(get(sim.baseUrl() + "/sim/notifications").statusCode()).isEqualTo(200);
        assertThat(get(sim.baseUrl() + "/healthz").body()).contains("UP");
    }

    @Test
    void theKitIsPrivateAndReusedOnTheNextStart() throws Exception {
        Kit kit = sim.kit();
        assertThat(kit.merchantSerialNumber()).matches("[0-9A-F]{40}");
        assertThat(kit.apiV3Key()).hasSize(32);
        assertThat(kit.appId()).matches("wx[0-9a-f]{16}");
        assertThat(kit.publicKeyId()).matches("PUB_KEY_ID_\\d+");
        assertThat(kit.privateKeyPem()).startsWith("-----BEGIN PRIVATE KEY-----");
        assertThat(kit.publicKeyPem()).startsWith("-----BEGIN PUBLIC KEY-----");
        assertThat(kit.toString()).doesNotContain(kit.apiV3Key());
        for (String file : new String[] {"apiclient_key.pem", "pub_key.pem", "kit.json", "sim-platform-key.pem"}) {
            assertThat(kitDir.resolve(file)).exists();
            if (kitDir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                assertThat(Files.getPosixFilePermissions(kitDir.resolve(file)))
                        .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
            }
        }
        try (WechatPaySimulator second = WechatPaySimulator.start(0, kitDir)) {
            assertThat(second.kit()).isEqualTo(kit);
            assertThat(second.baseUrl()).isNotEqualTo(sim.baseUrl());
        }
    }
}
