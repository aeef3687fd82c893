package com.courtrush.pay;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.notice.api.WechatAccount;
import com.courtrush.notice.api.WechatJsConfig;
import com.courtrush.notice.api.WechatRefused;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import me.chanjar.weixin.common.api.WxConsts;
import me.chanjar.weixin.common.bean.WxJsapiSignature;
import me.chanjar.weixin.common.error.WxErrorException;
import me.chanjar.weixin.mp.api.WxMpService;
import me.chanjar.weixin.mp.api.impl.WxMpServiceImpl;
import me.chanjar.weixin.mp.bean.subscribe.WxMpSubscribeMessage;
import me.chanjar.weixin.mp.config.WxMpHostConfig;
import me.chanjar.weixin.mp.config.impl.WxMpRedissonConfigImpl;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The gym's WeChat official account (公众号): the one students pay through inside WeChat, whose AppID and AppSecret a
 * manager sets with the merchant. Its APIs go through WxJava ({@code weixin-java-mp}), pointed at WeChat or, in demos
 * and tests, at the simulator, with the account's access token and tickets kept in the engine's Redis for every node
 * ({@link RedisKeys#WECHAT_MP}). Known whether payments are live or simulated: a merchant saved with its AppSecret on
 * file is enough to sign students in (SPEC §22).
 */
@Component
public class OfficialAccount implements WechatAccount {

    private static final Logger log = LoggerFactory.getLogger(OfficialAccount.class);
    /**
     * WeChat's answers that refuse a notification for good: no consent left (43101), a template or openid not of the
     * account (40037, 40003), a value it does not take (47003), a page outside the account's domains (40165).
     */
    private static final Set<Integer> REFUSALS = Set.of(43101, 40037, 40003, 47003, 40165);

    private final WechatPayClients clients;
    private final RedissonClient redisson;
    private volatile Built built;
    private final LoadingCache<String, Optional<String>> appIds = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofSeconds(5))
            .build(key ->
                    service().map(service -> service.getWxMpConfigStorage().getAppId()));

    /** WxJava's service, for the account and the addresses it was made with. */
    private record Built(String appId, String secret, String openBase, String apiBase, WxMpService service) {}

    OfficialAccount(WechatPayClients clients, RedissonClient redisson) {
        this.clients = clients;
        this.redisson = redisson;
    }

    /** The account's AppID, when one is set with its AppSecret; empty otherwise. */
    @Override
    public Optional<String> appId() {
        return service().map(service -> service.getWxMpConfigStorage().getAppId());
    }

    /**
     * Whether an account is set, as every sign-in view asks it ({@code GET /auth/campus}): as of a few seconds ago,
     * not from the merchant's files at each page.
     */
    public boolean isSet() {
        return appIds.get("appId").isPresent();
    }

    /**
     * Where students reach the engine, as the merchant was set with (WeChat sends browsers back only to the account's
     * registered domain); empty when no account is set.
     */
    @Override
    public Optional<String> publicUrl() {
        return clients.merchant()
                .filter(WechatPayClients.Clients::jsapiReady)
                .map(merchant -> merchant.settings().publicUrl());
    }

    /**
     * Where a browser inside WeChat is sent to learn who it is, without a consent screen (snsapi_base): WeChat sends
     * it back to {@code redirectUri} with a {@code code} and the {@code state}.
     */
    public String authorizeUrl(String redirectUri, String state) {
        return required()
                .getOAuth2Service()
                .buildAuthorizationUrl(redirectUri, WxConsts.OAuth2Scope.SNSAPI_BASE, state);
    }

    /**
     * The openid a code from WeChat's return stands for, at this account. A code WeChat refuses (used, expired, of
     * another account) is a 409 {@code pay.wechatReturnRefused}; WeChat out of reach a 503.
     */
    public String openIdOf(String code) {
        WxMpService service = required();
        try {
            return service.getOAuth2Service().getAccessToken(code).getOpenId();
        } catch (WxErrorException e) {
            int errcode = e.getError().getErrorCode();
            if (errcode == 99999 || errcode == -1) {
                // WxJava's own code for an I/O failure; -1 is WeChat's "system busy"
                log.warn(
                        "WeChat's OAuth could not be asked for an openid: {}",
                        e.getError().getErrorMsg());
                throw CourtRushException.unavailable(e, "pay.providerUnreachable");
            }
            log.warn("WeChat's OAuth refused a code: errcode {}", errcode);
            throw CourtRushException.conflict("pay.wechatReturnRefused", errcode);
        } catch (RuntimeException e) {
            log.warn("WeChat's OAuth could not be asked for an openid: {}", e.toString());
            throw CourtRushException.unavailable(e, "pay.providerUnreachable");
        }
    }

    @Override
    public boolean simulated() {
        return clients.toSimulator();
    }

    /**
     * Sends a subscribe notification through WxJava ({@code /cgi-bin/message/subscribe/bizsend}), with the account's
     * access token from Redis: WxJava fetches one for every node, and on 40001/42001 (another client took a new one,
     * or it ended) fetches a new one and asks once more. Its own retries of a busy WeChat are off: the notices' outbox
     * tries again on its own schedule.
     */
    @Override
    public String send(String openId, String templateId, String page, Map<String, String> data) {
        WxMpService service = required();
        WxMpSubscribeMessage message = WxMpSubscribeMessage.builder()
                .toUser(openId)
                .templateId(templateId)
                .page(page)
                .dataMap(data)
                .build();
        try {
            return service.getSubscribeMsgService().send(message);
        } catch (WxErrorException e) {
            int errcode = e.getError().getErrorCode();
            if (REFUSALS.contains(errcode)) {
                throw new WechatRefused(errcode, e.getError().getErrorMsg());
            }
            throw new IllegalStateException(
                    "WeChat did not take the notification: errcode " + errcode + " "
                            + e.getError().getErrorMsg(),
                    e);
        }
    }

    @Override
    public WechatJsConfig jsConfig(String url) {
        try {
            WxJsapiSignature signed = required().createJsapiSignature(url);
            return new WechatJsConfig(
                    signed.getAppId(), signed.getTimestamp(), signed.getNonceStr(), signed.getSignature());
        } catch (WxErrorException e) {
            throw new IllegalStateException(
                    "WeChat did not give the JS-SDK's ticket: errcode "
                            + e.getError().getErrorCode() + " " + e.getError().getErrorMsg(),
                    e);
        }
    }

    private WxMpService required() {
        return service().orElseThrow(() -> CourtRushException.conflict("pay.jsapiUnavailable"));
    }

    /** WxJava's service for the account saved now; remade when the account or its AppSecret changed. */
    Optional<WxMpService> service() {
        Optional<WechatPayClients.Clients> merchant = clients.merchant().filter(WechatPayClients.Clients::jsapiReady);
        if (merchant.isEmpty()) {
            return Optional.empty();
        }
        WechatPayClients.Clients account = merchant.get();
        String appId = account.settings().appId();
        String secret = account.secrets().appSecret();
        Built current = built;
        if (current != null
                && current.appId().equals(appId)
                && current.secret().equals(secret)
                && current.openBase().equals(account.oauthBase())
                && current.apiBase().equals(account.apiBase())) {
            return Optional.of(current.service());
        }
        WxMpRedissonConfigImpl config = new WxMpRedissonConfigImpl(redisson, RedisKeys.WECHAT_MP);
        config.setAppId(appId);
        config.setSecret(secret);
        config.setHostConfig(new WxMpHostConfig(account.apiBase(), account.oauthBase(), account.apiBase()));
        // the stable access token: nodes that ask at once (WxJava checks Redis before its lock, not after) get the same
        // one from WeChat instead of each making the other's invalid
        config.setUseStableAccessToken(true);
        WxMpServiceImpl service = new WxMpServiceImpl();
        service.setWxMpConfigStorage(config);
        service.setMaxRetryTimes(0); // a busy WeChat (-1) is tried again by whoever asked, not by blocking here
        built = new Built(appId, secret, account.oauthBase(), account.apiBase(), service);
        return Optional.of(service);
    }
}
