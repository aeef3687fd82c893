package com.courtrush.pay;

import com.alibaba.fastjson2.JSON;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.pay.api.WechatPaySettings;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.http.DefaultHttpClientBuilder;
import com.wechat.pay.java.core.http.HostName;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.service.billdownload.BillDownloadServiceExtension;
import com.wechat.pay.java.service.payments.h5.H5Service;
import com.wechat.pay.java.service.payments.jsapi.JsapiServiceExtension;
import com.wechat.pay.java.service.payments.nativepay.NativePayService;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * WeChat Pay's official SDK, set up from the saved merchant and its secrets on file: the H5 and Native payment
 * services, refunds and the notification parser. Every node reads the settings from the database (kept for a few
 * seconds) and its secrets from its own key directory; a change of either builds the clients again.
 *
 * <p>Demos and tests set {@code courtrush.pay.wechat-simulator-url}: the SDK's requests for WeChat Pay's API host
 * (and the engine's for WeChat's own API) are then sent to the simulator instead (an OkHttp interceptor rewrites
 * scheme, host and port; the SDK signs and verifies as ever), and students are sent to its OAuth page. Production
 * never sets it.
 */
@Component
class WechatPayClients {

    private static final Logger log = LoggerFactory.getLogger(WechatPayClients.class);
    private static final Duration CONNECT = Duration.ofSeconds(3);
    private static final Duration READ = Duration.ofSeconds(5);
    /** Where WeChat asks a student's consent (the official account's OAuth) and where its API answers. */
    static final String WECHAT_OPEN = "https://open.weixin.qq.com";

    static final String WECHAT_API_HOST = "api.weixin.qq.com";
    static final String WECHAT_API = "https://" + WECHAT_API_HOST;

    private final WechatPayMapper mapper;
    private final WechatPayKeys keys;
    private final URI simulator;
    private final Clock clock;
    private final LoadingCache<String, Optional<WechatPaySettings>> saved;
    private volatile Clients built;

    WechatPayClients(WechatPayMapper mapper, WechatPayKeys keys, CourtRushProperties properties, Clock clock) {
        this.mapper = mapper;
        this.keys = keys;
        this.simulator = properties.pay().wechatSimulatorUrl();
        this.clock = clock;
        this.saved = Caffeine.newBuilder()
                .expireAfterWrite(Duration.ofSeconds(5))
                .build(key -> Optional.ofNullable(mapper.config())
                        .map(json -> JSON.parseObject(json, WechatPaySettings.class)));
        if (simulator != null) {
            log.warn(
                    "courtrush.pay.wechat-simulator-url is set: WeChat Pay's API is asked at the SIMULATOR {} — no "
                            + "money moves (demos and tests only)",
                    simulator);
        }
    }

    /** The settings as saved; {@link WechatPaySettings#none()} when never saved. */
    WechatPaySettings saved() {
        return saved.get("saved").orElseGet(WechatPaySettings::none);
    }

    void keep(WechatPaySettings settings) {
        mapper.keep(settings.enabled(), JSON.toJSONString(settings), LocalDateTime.now(clock));
        saved.invalidateAll();
        built = null;
    }

    boolean toSimulator() {
        return simulator != null;
    }

    /**
     * The clients of the merchant turned on; empty when none is (payments are simulated). Throws (503) when one is
     * turned on but its secrets are not on file on this node.
     */
    Optional<Clients> live() {
        WechatPaySettings settings = saved();
        if (!settings.enabled()) {
            return Optional.empty();
        }
        Optional<Clients> merchant = merchant();
        if (merchant.isEmpty()) {
            // never fall back to the simulated gateway: the gym believes money moves
            log.error(
                    "WeChat Pay is turned on for merchant {} but its keys are not in {} on this node: payments are "
                            + "refused here until they are (copy the folder from the node where they were set)",
                    settings.mchid(),
                    keys.dir());
            throw CourtRushException.unavailable(null, "pay.keysMissing");
        }
        return merchant;
    }

    /**
     * The clients of the merchant saved, turned on or not, when its secrets are on file here: the orders already
     * made there are still asked about, closed, refunded and notified of after live payments are turned off.
     */
    Optional<Clients> merchant() {
        WechatPaySettings settings = saved();
        if (settings.mchid().isEmpty()) {
            return Optional.empty();
        }
        Optional<WechatPayKeys.Secrets> secrets = keys.secrets();
        if (secrets.isEmpty()) {
            return Optional.empty();
        }
        Clients current = built;
        if (current != null
                && current.settings().equals(settings)
                && current.secrets().equals(secrets.get())) {
            return Optional.of(current);
        }
        Clients fresh = build(settings, secrets.get());
        built = fresh;
        return Optional.of(fresh);
    }

    /** Clients for these settings and secrets, saved or not (a manager's try). */
    Clients build(WechatPaySettings settings, WechatPayKeys.Secrets secrets) {
        return build(settings, secrets, null);
    }

    /**
     * Clients for these settings and secrets whose HTTP answers {@code watcher} sees too, as they came from WeChat Pay
     * (a manager's try reads which key signed one that did not verify); none when null.
     */
    Clients build(WechatPaySettings settings, WechatPayKeys.Secrets secrets, Interceptor watcher) {
        RSAPublicKeyConfig config = new RSAPublicKeyConfig.Builder()
                .merchantId(settings.mchid())
                .privateKey(secrets.privateKeyPem())
                .merchantSerialNumber(settings.merchantSerialNumber())
                .publicKey(secrets.platformKeyPem())
                .publicKeyId(settings.publicKeyId())
                .apiV3Key(secrets.apiV3Key())
                .build();
        OkHttpClient.Builder ok = new OkHttpClient.Builder()
                .connectTimeout(CONNECT.toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(READ.toMillis(), TimeUnit.MILLISECONDS)
                .writeTimeout(READ.toMillis(), TimeUnit.MILLISECONDS)
                .callTimeout(READ.plus(CONNECT).toMillis(), TimeUnit.MILLISECONDS);
        if (simulator != null) {
            HttpUrl target = HttpUrl.get(simulator);
            ok.addInterceptor(chain -> {
                HttpUrl url = chain.request().url();
                if (!HostName.API.equalsWith(url.host()) && !WECHAT_API_HOST.equals(url.host())) {
                    return chain.proceed(chain.request());
                }
                HttpUrl rewritten = url.newBuilder()
                        .scheme(target.scheme())
                        .host(target.host())
                        .port(target.port())
                        .build();
                return chain.proceed(chain.request().newBuilder().url(rewritten).build());
            });
        }
        if (watcher != null) {
            ok.addNetworkInterceptor(watcher);
        }
        OkHttpClient okHttp = ok.build();
        HttpClient http = new DefaultHttpClientBuilder()
                .config(config)
                .okHttpClient(okHttp)
                .build();
        return new Clients(
                settings,
                secrets,
                new H5Service.Builder().httpClient(http).build(),
                new NativePayService.Builder().httpClient(http).build(),
                new JsapiServiceExtension.Builder()
                        .config(config)
                        .httpClient(http)
                        .build(),
                new com.wechat.pay.java.service.refund.RefundService.Builder()
                        .httpClient(http)
                        .build(),
                new BillDownloadServiceExtension.Builder()
                        .config(config)
                        .httpClient(http)
                        .build(),
                new NotificationParser(config),
                okHttp);
    }

    /** Where WeChat asks a student's consent (the official account's OAuth): the simulator in demos and tests. */
    String oauthBase() {
        return simulator == null ? WECHAT_OPEN : simulator.toString().replaceAll("/+$", "");
    }

    /** Where WeChat's own API answers (the official account's token, tickets and notifications). */
    String apiBase() {
        return simulator == null ? WECHAT_API : simulator.toString().replaceAll("/+$", "");
    }

    /** One merchant's SDK services, and an HTTP client for WeChat's own API (the official account's OAuth). */
    record Clients(
            WechatPaySettings settings,
            WechatPayKeys.Secrets secrets,
            H5Service h5,
            NativePayService nativePay,
            JsapiServiceExtension jsapi,
            com.wechat.pay.java.service.refund.RefundService refunds,
            BillDownloadServiceExtension bills,
            NotificationParser notifications,
            OkHttpClient http) {

        /** Students can pay inside WeChat: the official account's AppSecret is on file. */
        boolean jsapiReady() {
            return secrets.appSecret() != null;
        }
    }
}
