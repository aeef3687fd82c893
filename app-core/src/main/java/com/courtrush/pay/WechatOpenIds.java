package com.courtrush.pay;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.redis.RedisKeys;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.Map;
import org.redisson.api.RBucket;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;

/**
 * Who a student is at the gym's official account (their openid), which paying inside WeChat (JSAPI) needs: asked
 * once of WeChat by its OAuth (snsapi_base — no consent screen: WeChat sends the student straight back with a
 * code), the code exchanged for the openid with the official account's AppSecret ({@link OfficialAccount}), and kept. The round trip is bound
 * to the student who began it by a single-use state, ten minutes at most.
 */
@Component
class WechatOpenIds {

    private static final Duration STATE_LIVES = Duration.ofMinutes(10);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final WechatOpenIdMapper mapper;
    private final WechatPayClients clients;
    private final OfficialAccount account;
    private final RedissonClient redisson;
    private final Clock clock;

    WechatOpenIds(
            WechatOpenIdMapper mapper,
            WechatPayClients clients,
            OfficialAccount account,
            RedissonClient redisson,
            Clock clock) {
        this.mapper = mapper;
        this.clients = clients;
        this.account = account;
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
        return account.authorizeUrl(merchant.settings().publicUrl() + "/?pay=" + reservationId, state);
    }

    private String exchange(WechatPayClients.Clients merchant, long userId, String code, String state) {
        String owner = state == null ? null : bucket(state).getAndDelete();
        if (owner == null || !owner.equals(Long.toString(userId))) {
            // not this student's round trip, used, or too old: the page starts it again
            throw CourtRushException.badRequest("pay.wechatReturnExpired");
        }
        String openid = account.openIdOf(code);
        mapper.keep(userId, merchant.settings().appId(), openid, LocalDateTime.now(clock));
        return openid;
    }

    private RBucket<String> bucket(String state) {
        return redisson.getBucket(RedisKeys.wechatOauthState(state), StringCodec.INSTANCE);
    }
}
