package com.courtrush.paysim;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official account's server API as WeChat answers it: a token for the AppID and AppSecret, the stable token the
 * same to every caller, a notification taken once per consent with its keywords within their kinds' limits, each
 * refusal by its code, and the switches.
 */
class OfficialAccountServerTest {

    @TempDir
    static Path kitDir;

    static WechatPaySimulator sim;
    static final HttpClient HTTP = HttpClient.newHttpClient();
    static final String USER = "o" + "x".repeat(27);
    static final Map<String, Object> DATA = Map.of(
            "thing1", Map.of("value", "3号场"),
            "time2", Map.of("value", "2026年12月1日 19:00~20:00"),
            "phrase3", Map.of("value", "待支付"),
            "thing4", Map.of("value", "抢到了"));

    @BeforeAll
    static void start() {
        sim = WechatPaySimulator.start(0, kitDir);
    }

    @AfterAll
    static void stop() {
        sim.close();
    }

    static JSONObject call(String method, String pathAndQuery, Object body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(sim.baseUrl() + pathAndQuery));
        request.method(
                method,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(JSON.toJSONString(body)));
        HttpResponse<String> answer = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return JSON.parseObject(answer.body());
    }

    static String token() throws Exception {
        Kit kit = sim.kit();
        return call(
                        "GET",
                        "/cgi-bin/token?grant_type=client_credential&appid=" + kit.appId() + "&secret="
                                + kit.appSecret(),
                        null)
                .getString("access_token");
    }

    static int send(String token, Map<String, Object> data) throws Exception {
        return call(
                        "POST",
                        "/cgi-bin/message/subscribe/bizsend?access_token=" + token,
                        Map.of(
                                "touser",
                                USER,
                                "template_id",
                                "SIM-BOOKING-STATE",
                                "page",
                                "https://gym/#/mine",
                                "data",
                                data))
                .getIntValue("errcode");
    }

    @Test
    void aNotificationIsTakenOncePerConsentWithItsKeywordsWithinTheirLimits() throws Exception {
        Kit kit = sim.kit();
        assertThat(call("GET", "/cgi-bin/token?grant_type=client_credential&appid=" + kit.appId() + "&secret=no", null)
                        .getIntValue("errcode"))
                .isEqualTo(40125);
        String token = token();
        assertThat(send(token, DATA)).as("no consent").isEqualTo(43101);
        sim.officialAccount().consent(USER, Set.of("SIM-BOOKING-STATE"));
        Map<String, Object> tooLong = new java.util.HashMap<>(DATA);
        tooLong.put("thing4", Map.of("value", "这是一条超过二十个字的很长很长很长很长的说明文字"));
        assertThat(send(token, tooLong)).as("a thing over 20 characters").isEqualTo(47003);
        assertThat(send(token, DATA)).as("taken").isZero();
        assertThat(send(token, DATA)).as("the consent spent").isEqualTo(43101);
        assertThat(sim.officialAccount().messages())
                .filteredOn(m -> m.toUser().equals(USER))
                .singleElement()
                .satisfies(m -> assertThat(m.data()).containsEntry("phrase3", "待支付"));
        assertThat(send("made-up", DATA)).as("a token never issued").isEqualTo(40001);
        sim.officialAccount().consent(USER, Set.of("SIM-BOOKING-STATE"));
        sim.officialAccount().expireTokens();
        assertThat(send(token, DATA)).as("an ended token").isEqualTo(42001);
        sim.officialAccount().quotaSpent(true);
        assertThat(send(token(), DATA)).as("the quota spent").isEqualTo(45009);
        sim.officialAccount().quotaSpent(false);
    }

    @Test
    void theStableTokenIsTheSameForEveryCallerWhileItIsValid() throws Exception {
        Kit kit = sim.kit();
        Map<String, Object> ask =
                Map.of("grant_type", "client_credential", "appid", kit.appId(), "secret", kit.appSecret());
        String first = call("POST", "/cgi-bin/stable_token", ask).getString("access_token");
        int issued = sim.officialAccount().tokensIssued();
        assertThat(call("POST", "/cgi-bin/stable_token", ask).getString("access_token"))
                .isEqualTo(first);
        assertThat(sim.officialAccount().tokensIssued()).isEqualTo(issued);
        sim.officialAccount().expireTokens();
        assertThat(call("POST", "/cgi-bin/stable_token", ask).getString("access_token"))
                .as("a new one once it ended")
                .isNotEqualTo(first);
        Map<String, Object> forced = new java.util.HashMap<>(ask);
        forced.put("force_refresh", true);
        call("POST", "/cgi-bin/stable_token", forced);
        assertThat(sim.officialAccount().tokensIssued()).isEqualTo(issued + 2);
    }
}
