package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditActors;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.pay.api.WechatPaySettings;
import com.courtrush.pay.api.WechatPaySetup;
import com.courtrush.pay.api.WechatPayState;
import com.courtrush.pay.api.WechatPayTrial;
import com.wechat.pay.java.core.util.PemUtil;
import java.net.URI;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/**
 * The live WeChat Pay merchant, as a manager sets it (SPEC §19): checked when saved — the ids in WeChat Pay's
 * shapes, the keys readable, the address https — and, when turned on, tried first ({@link MerchantTrial}: a signed
 * answer of WeChat Pay's, verified with the public key given). Secrets go to files (0600), never back out.
 */
@Service
public class MerchantSetup {

    private static final Pattern MCHID = Pattern.compile("[0-9]{6,32}");
    static final Pattern APP_ID = Pattern.compile("[A-Za-z0-9_]{6,32}");
    private static final Pattern SERIAL = Pattern.compile("[0-9A-Fa-f]{8,64}");
    private static final Pattern PUBLIC_KEY_ID = Pattern.compile("PUB_KEY_ID_[0-9A-Za-z_]{1,64}");
    private static final int API_V3_KEY_LENGTH = 32;
    static final Pattern APP_SECRET = Pattern.compile("[0-9A-Za-z]{16,64}");
    private static final int NAME_MAX = 64;

    private final WechatPayClients clients;
    private final MerchantTrial trial;
    private final WechatPayKeys keys;
    private final PayOrderMapper orders;
    private final AuditTrail audit;

    MerchantSetup(
            WechatPayClients clients,
            MerchantTrial trial,
            WechatPayKeys keys,
            PayOrderMapper orders,
            AuditTrail audit) {
        this.clients = clients;
        this.trial = trial;
        this.keys = keys;
        this.orders = orders;
        this.audit = audit;
    }

    /** The merchant as saved, which secrets are on file here, and the mode payments run in. */
    public WechatPayState state() {
        WechatPaySettings settings = clients.saved();
        String mode = !settings.enabled() ? "SIMULATED" : clients.toSimulator() ? "LIVE_SIMULATOR" : "LIVE";
        return new WechatPayState(
                settings,
                keys.has(WechatPayKeys.PRIVATE_KEY),
                keys.has(WechatPayKeys.API_V3_KEY),
                keys.has(WechatPayKeys.PLATFORM_KEY),
                keys.dir().toString(),
                mode,
                keys.has(WechatPayKeys.APP_SECRET));
    }

    /**
     * Saves the merchant once checked (and, turned on, tried); the secrets given replace those on file. Another
     * merchant replaces the saved one only once nothing is under way at it. Audited.
     */
    public WechatPayState save(WechatPaySetup setup, Locale locale, Caller manager) {
        WechatPaySettings settings = checked(setup.settings());
        String before = clients.saved().mchid();
        if (!before.isEmpty() && !before.equals(settings.mchid())) {
            // its orders and refunds under way are asked about with its keys: they end first (a timeout at most)
            int open = orders.openAt(before);
            if (open > 0) {
                throw CourtRushException.conflict("wechatPay.ordersOpen", before, open);
            }
        }
        WechatPayKeys.Secrets secrets = secrets(setup, settings);
        if (settings.enabled()) {
            if (secrets == null) {
                throw CourtRushException.badRequest("wechatPay.keysNeeded");
            }
            WechatPayTrial tried = trial.run(settings, secrets, locale);
            if (!tried.ok()) {
                throw CourtRushException.conflict("wechatPay.tryFailed", tried.summary() + " " + tried.detail());
            }
        }
        keys.keep(setup.privateKeyPem(), setup.apiV3Key(), setup.platformPublicKeyPem(), blankless(setup.appSecret()));
        clients.keep(settings);
        audit.record(
                manager.actor(),
                AuditAction.SET_WECHAT_PAY,
                AuditTarget.SETTING,
                "WECHAT_PAY",
                new EngineText("audit.wechatPaySet", AuditActors.onOff(settings.enabled()), settings.mchid()));
        return state();
    }

    /** Asks WeChat Pay with these settings (saved or not) for a signed answer, and says what it answered. */
    public WechatPayTrial tryIt(WechatPaySetup setup, Locale locale) {
        WechatPaySettings settings = checked(setup.settings());
        WechatPayKeys.Secrets secrets = secrets(setup, settings);
        if (secrets == null) {
            throw CourtRushException.badRequest("wechatPay.keysNeeded");
        }
        return trial.run(settings, secrets, locale);
    }

    private WechatPayKeys.Secrets secrets(WechatPaySetup setup, WechatPaySettings settings) {
        WechatPayKeys.Secrets onFile = keys.secrets().orElse(null);
        boolean sameMerchant = settings.mchid().equals(clients.saved().mchid());
        String privateKey =
                given(setup.privateKeyPem(), sameMerchant && onFile != null ? onFile.privateKeyPem() : null);
        String apiV3Key = given(setup.apiV3Key(), sameMerchant && onFile != null ? onFile.apiV3Key() : null);
        String platform =
                given(setup.platformPublicKeyPem(), sameMerchant && onFile != null ? onFile.platformKeyPem() : null);
        if (setup.privateKeyPem() != null) {
            readable(() -> PemUtil.loadPrivateKeyFromString(setup.privateKeyPem()), "wechatPay.badPrivateKey");
        }
        if (setup.platformPublicKeyPem() != null) {
            readable(() -> PemUtil.loadPublicKeyFromString(setup.platformPublicKeyPem()), "wechatPay.badPublicKey");
        }
        if (setup.apiV3Key() != null && setup.apiV3Key().strip().length() != API_V3_KEY_LENGTH) {
            throw CourtRushException.badRequest("wechatPay.badApiV3Key", API_V3_KEY_LENGTH);
        }
        String appSecret = given(setup.appSecret(), sameMerchant && onFile != null ? onFile.appSecret() : null);
        if (setup.appSecret() != null
                && !setup.appSecret().isBlank()
                && !APP_SECRET.matcher(setup.appSecret().strip()).matches()) {
            throw CourtRushException.badRequest("wechatPay.badField", "appSecret");
        }
        if (privateKey == null || apiV3Key == null || platform == null) {
            return null;
        }
        return new WechatPayKeys.Secrets(
                privateKey.strip(), apiV3Key.strip(), platform.strip(), appSecret == null ? null : appSecret.strip());
    }

    private static String blankless(String given) {
        return given == null || given.isBlank() ? null : given;
    }

    private static String given(String given, String onFile) {
        return given != null && !given.isBlank() ? given : onFile;
    }

    private static void readable(Runnable load, String key) {
        try {
            load.run();
        } catch (RuntimeException e) {
            throw CourtRushException.badRequest(key);
        }
    }

    static WechatPaySettings checked(WechatPaySettings given) {
        if (given == null) {
            throw CourtRushException.badRequest("wechatPay.incomplete");
        }
        String mchid = strip(given.mchid());
        String appId = strip(given.appId());
        String serial = strip(given.merchantSerialNumber()).toUpperCase(Locale.ROOT);
        String publicKeyId = strip(given.publicKeyId());
        String name = strip(given.merchantName());
        String publicUrl = strip(given.publicUrl()).replaceAll("/+$", "");
        if (!given.enabled() && mchid.isEmpty()) {
            return WechatPaySettings.none();
        }
        require(MCHID.matcher(mchid).matches(), "mchid");
        require(APP_ID.matcher(appId).matches(), "appId");
        require(SERIAL.matcher(serial).matches(), "merchantSerialNumber");
        require(PUBLIC_KEY_ID.matcher(publicKeyId).matches(), "publicKeyId");
        require(!name.isEmpty() && name.length() <= NAME_MAX, "merchantName");
        require(reachableAddress(publicUrl), "publicUrl");
        return new WechatPaySettings(given.enabled(), mchid, appId, serial, publicKeyId, name, publicUrl);
    }

    /** https, or http on this machine (a demo with the simulator); no path, query or fragment. */
    static boolean reachableAddress(String url) {
        try {
            URI uri = URI.create(url);
            boolean loopback = "localhost".equals(uri.getHost())
                    || "127.0.0.1".equals(uri.getHost())
                    || "[::1]".equals(uri.getHost());
            return uri.getHost() != null
                    && ("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()) && loopback)
                    && (uri.getRawPath() == null || uri.getRawPath().isEmpty())
                    && uri.getRawQuery() == null
                    && uri.getRawFragment() == null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static void require(boolean ok, String field) {
        if (!ok) {
            throw CourtRushException.badRequest("wechatPay.badField", field);
        }
    }

    private static String strip(String value) {
        return value == null ? "" : value.strip();
    }
}
