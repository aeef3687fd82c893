package com.courtrush.pay;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.notice.api.WechatAccount;
import com.courtrush.notice.api.WechatAccountChange;
import com.courtrush.notice.api.WechatAccountState;
import com.courtrush.notice.api.WechatJsConfig;
import com.courtrush.notice.api.WechatRefused;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
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
import me.chanjar.weixin.mp.config.impl.WxMpDefaultConfigImpl;
import me.chanjar.weixin.mp.config.impl.WxMpRedissonConfigImpl;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.stereotype.Component;

/**
 * The gym's WeChat official account (公众号): the one students pay through inside WeChat, whose AppID and AppSecret a
 * manager sets with the merchant, or — for a gym without a merchant — one set on its own ({@link #set}, SPEC §22).
 * Its APIs go through WxJava ({@code weixin-java-mp}), pointed at WeChat or, in demos and tests, at the simulator, with
 * the account's access token and tickets kept in the engine's Redis for every node ({@link RedisKeys#WECHAT_MP}).
 * Known whether payments are live or simulated: a merchant saved with its AppSecret on file, or an account set on its
 * own, is enough to sign students in and notify them.
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
    private final WechatPayKeys keys;
    private final OfficialAccountMapper mapper;
    private final RedissonClient redisson;
    private final Clock clock;
    private volatile Built built;
    /** The account set on its own, as saved: every node reads it, kept for a few seconds. */
    private final LoadingCache<String, Optional<OfficialAccountMapper.Saved>> own;

    private final LoadingCache<String, Optional<String>> appIds = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofSeconds(5))
            .build(key ->
                    service().map(service -> service.getWxMpConfigStorage().getAppId()));

    /** WxJava's service, for the account and the addresses it was made with. */
    private record Built(String appId, String secret, String openBase, String apiBase, WxMpService service) {}

    /** The account in use: its AppID and AppSecret, where students reach the engine, and where it was set. */
    private record Account(String source, String appId, String secret, String publicUrl) {
        @Override
        public String toString() {
            return "Account[" + source + ", " + appId + "]";
        }
    }

    OfficialAccount(
            WechatPayClients clients,
            WechatPayKeys keys,
            OfficialAccountMapper mapper,
            RedissonClient redisson,
            Clock clock) {
        this.clients = clients;
        this.keys = keys;
        this.mapper = mapper;
        this.redisson = redisson;
        this.clock = clock;
        this.own = Caffeine.newBuilder()
                .expireAfterWrite(Duration.ofSeconds(5))
                .build(key -> Optional.ofNullable(mapper.saved()));
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
     * Where students reach the engine, as the account was set with (WeChat sends browsers back only to the account's
     * registered domain); empty when no account is set.
     */
    @Override
    public Optional<String> publicUrl() {
        return account().map(Account::publicUrl);
    }

    @Override
    public WechatAccountState state() {
        Optional<Account> account = account();
        return new WechatAccountState(
                account.map(Account::source).orElse(WechatAccountState.NONE),
                account.map(Account::appId).orElse(null),
                account.map(Account::publicUrl).orElse(null),
                keys.has(WechatPayKeys.OWN_APP_SECRET));
    }

    /**
     * Sets the official account on its own (a manager's; the caller audits it), once checked — the AppID and AppSecret
     * in WeChat's shapes, the address https — and tried: WeChat gives a token for them. The AppSecret given replaces
     * the one on file (the merchant's too, when the merchant is of the same AppID: one AppSecret per account); blank,
     * the one on file stays. Refused while students pay inside WeChat through a merchant of another AppID: one account
     * signs them in, as their openids are per AppID.
     */
    @Override
    public void set(WechatAccountChange change) {
        if (change == null) {
            throw CourtRushException.badRequest("wechat.badField", "account");
        }
        String appId = strip(change.appId());
        String publicUrl = strip(change.publicUrl()).replaceAll("/+$", "");
        String given = strip(change.appSecret());
        require(MerchantSetup.APP_ID.matcher(appId).matches(), "appId");
        require(MerchantSetup.reachableAddress(publicUrl), "publicUrl");
        require(given.isEmpty() || MerchantSetup.APP_SECRET.matcher(given).matches(), "appSecret");
        Optional<WechatPayClients.Clients> merchant = clients.merchant();
        boolean merchantsAccount =
                merchant.map(m -> m.settings().appId().equals(appId)).orElse(false);
        if (merchant.isPresent() && merchant.get().jsapiReady() && !merchantsAccount) {
            throw CourtRushException.conflict(
                    "wechat.accountIsMerchants",
                    merchant.get().settings().mchid(),
                    merchant.get().settings().appId());
        }
        String secret = !given.isEmpty()
                ? given
                : own.get("own")
                        .filter(saved -> saved.appId().equals(appId))
                        .flatMap(saved -> keys.ownAppSecret())
                        .or(() -> merchant.filter(m -> merchantsAccount)
                                .map(m -> m.secrets().appSecret()))
                        .orElseThrow(() -> CourtRushException.badRequest("wechat.appSecretNeeded"));
        tried(appId, secret);
        keys.keepOwnAppSecret(secret);
        if (merchantsAccount) {
            keys.keep(null, null, null, secret);
        }
        mapper.keep(appId, publicUrl, LocalDateTime.now(clock));
        own.invalidateAll();
        appIds.invalidateAll();
        log.info("The official account {} is set on its own; students reach the engine at {}", appId, publicUrl);
    }

    /** Asks WeChat for the account's token (the stable one: the nodes' own stays valid); refused in WeChat's words. */
    private void tried(String appId, String secret) {
        WxMpService service = wxJava(new WxMpDefaultConfigImpl(), appId, secret);
        try {
            service.getAccessToken();
        } catch (WxErrorException e) {
            int errcode = e.getError().getErrorCode();
            if (errcode == 99999 || errcode == -1) {
                log.warn(
                        "WeChat could not be asked for the account {}'s token: {}",
                        appId,
                        e.getError().getErrorMsg());
                throw CourtRushException.conflict(
                        "wechat.accountUnreachable", e.getError().getErrorMsg());
            }
            log.info("WeChat refused the account {}: errcode {}", appId, errcode);
            throw CourtRushException.conflict(
                    "wechat.accountRefused",
                    String.valueOf(errcode),
                    e.getError().getErrorMsg());
        } catch (RuntimeException e) {
            log.warn("WeChat could not be asked for the account {}'s token: {}", appId, e.toString());
            throw CourtRushException.unavailable(
                    e,
                    "wechat.accountUnreachable",
                    String.valueOf(NestedExceptionUtils.getMostSpecificCause(e).getMessage()));
        }
    }

    private static void require(boolean ok, String field) {
        if (!ok) {
            throw CourtRushException.badRequest("wechat.badField", field);
        }
    }

    private static String strip(String value) {
        return value == null ? "" : value.strip();
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

    /**
     * The account in use: the merchant's, while its AppSecret is on file (students pay through it), else the one set on
     * its own with its AppSecret on file here; empty when neither.
     */
    private Optional<Account> account() {
        Optional<WechatPayClients.Clients> merchant = clients.merchant().filter(WechatPayClients.Clients::jsapiReady);
        if (merchant.isPresent()) {
            WechatPayClients.Clients m = merchant.get();
            return Optional.of(new Account(
                    WechatAccountState.MERCHANT,
                    m.settings().appId(),
                    m.secrets().appSecret(),
                    m.settings().publicUrl()));
        }
        return own.get("own")
                .flatMap(saved -> keys.ownAppSecret()
                        .map(secret -> new Account(WechatAccountState.OWN, saved.appId(), secret, saved.publicUrl())));
    }

    /** WxJava's service for the account in use now; remade when the account or its AppSecret changed. */
    Optional<WxMpService> service() {
        Optional<Account> inUse = account();
        if (inUse.isEmpty()) {
            return Optional.empty();
        }
        Account account = inUse.get();
        String appId = account.appId();
        String secret = account.secret();
        Built current = built;
        if (current != null
                && current.appId().equals(appId)
                && current.secret().equals(secret)
                && current.openBase().equals(clients.oauthBase())
                && current.apiBase().equals(clients.apiBase())) {
            return Optional.of(current.service());
        }
        WxMpService service = wxJava(new WxMpRedissonConfigImpl(redisson, RedisKeys.WECHAT_MP), appId, secret);
        built = new Built(appId, secret, clients.oauthBase(), clients.apiBase(), service);
        return Optional.of(service);
    }

    /**
     * WxJava's service for an account, its token kept where {@code config} keeps it (Redis for every node; memory for
     * a manager's try), pointed at WeChat or the simulator.
     */
    private WxMpService wxJava(WxMpDefaultConfigImpl config, String appId, String secret) {
        config.setAppId(appId);
        config.setSecret(secret);
        config.setHostConfig(new WxMpHostConfig(clients.apiBase(), clients.oauthBase(), clients.apiBase()));
        // the stable access token: nodes that ask at once (WxJava checks Redis before its lock, not after) get the same
        // one from WeChat instead of each making the other's invalid; a manager's try leaves theirs valid
        config.setUseStableAccessToken(true);
        WxMpServiceImpl service = new WxMpServiceImpl();
        service.setWxMpConfigStorage(config);
        service.setMaxRetryTimes(0); // a busy WeChat (-1) is tried again by whoever asked, not by blocking here
        return service;
    }
}
