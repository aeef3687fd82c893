package com.courtrush.pay;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.redis.RedisKeys;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.Response;
import org.redisson.api.RBucket;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Who a student is at the gym's official account (their openid), which paying inside WeChat (JSAPI) needs: asked
 * once of WeChat by its OAuth (snsapi_base — no consent screen: WeChat sends the student straight back with a
 * code), the code exchanged for the openid with the official account's AppSecret, and kept. The round trip is bound
 * to the student who began it by a single-use state, ten minutes at most.
 */
@Component
class WechatOpenIds {

    private static final Logger log = LoggerFactory.getLogger(WechatOpenIds.class);
    private static final Duration STATE_LIVES = Duration.ofMinutes(10);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final WechatOpenIdMapper mapper;
    private final WechatPayClients clients;
    private final RedissonClient redisson;
    private final Clock clock;

    WechatOpenIds(WechatOpenIdMapper mapper, WechatPayClients clients, RedissonClient redisson, Clock clock) {
        this.mapper = mapper;
        this.clients = clients;
        this.redisson = redisson;
        this.clock = clock;
    }

    /**
     * The openid of the student paying inside WeChat: the one kept, or the one WeChat's {@code code} stands for. When
     * none is known, throws a 409 whose data is {@code {authorizeUrl}}: where the page sends the student to get one.
     */
    String of(long userId, long reservationId, String code, String state) {
        WechatPayClients.Clients merchant = clients.live()
                .filter(WechatPayClients.Clients::jsapiReady)
                .orElseThrow(() -> CourtRushException.conflict("pay.jsapiUnavailable"));
        String appId = merchant.settings().appId();
        if (code != null && !code.isBlank()) {
            return exchange(merchant, userId, code.strip(), state);
        }
        String known = mapper.find(userId, appId);
        if (known != null) {
            return known;
        }
        throw CourtRushException.conflict("pay.openIdNeeded")
                .withData(Map.of("authorizeUrl", authorizeUrl(merchant, userId, reservationId)));
    }

    private String authorizeUrl(WechatPayClients.Clients merchant, long userId, long reservationId) {
        byte[] random = new byte[18];
        RANDOM.nextBytes(random);
        String state = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        bucket(state).set(Long.toString(userId), STATE_LIVES);
        String back = merchant.settings().publicUrl() + "/?pay=" + reservationId;
        return merchant.oauthBase() + "/connect/oauth2/authorize?appid="
                + encode(merchant.settings().appId())
                + "&redirect_uri=" + encode(back) + "&response_type=code&scope=snsapi_base&state=" + state
                + "#wechat_redirect";
    }

    private String exchange(WechatPayClients.Clients merchant, long userId, String code, String state) {
        String owner = state == null ? null : bucket(state).getAndDelete();
        if (owner == null || !owner.equals(Long.toString(userId))) {
            // not this student's round trip, used, or too old: the page starts it again
            throw CourtRushException.badRequest("pay.wechatReturnExpired");
        }
        String appId = merchant.settings().appId();
        HttpUrl url = HttpUrl.get(merchant.apiBase() + "/sns/oauth2/access_token")
                .newBuilder()
                .addQueryParameter("appid", appId)
                .addQueryParameter("secret", merchant.secrets().appSecret())
                .addQueryParameter("code", code)
                .addQueryParameter("grant_type", "authorization_code")
                .build();
        JSONObject answer;
        try (Response response =
                merchant.http().newCall(new Request.Builder().url(url).build()).execute()) {
            answer = JSON.parseObject(
                    response.body() == null ? "" : response.body().string());
        } catch (IOException | JSONException e) {
            // the address carries the AppSecret: never logged, only what went wrong
            log.warn(
                    "WeChat's OAuth could not be asked for an openid: {}",
                    e.getClass().getSimpleName());
            throw CourtRushException.unavailable(e, "pay.providerUnreachable");
        }
        String openid = answer == null ? null : answer.getString("openid");
        if (openid == null || openid.isBlank()) {
            Object errcode = answer == null ? null : answer.get("errcode");
            log.warn("WeChat's OAuth refused a code for user {}: errcode {}", userId, errcode);
            throw CourtRushException.conflict("pay.wechatReturnRefused", errcode);
        }
        mapper.keep(userId, appId, openid, LocalDateTime.now(clock));
        return openid;
    }

    private RBucket<String> bucket(String state) {
        return redisson.getBucket(RedisKeys.wechatOauthState(state), StringCodec.INSTANCE);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
