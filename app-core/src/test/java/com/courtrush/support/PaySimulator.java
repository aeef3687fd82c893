package com.courtrush.support;

import com.courtrush.paysim.Kit;
import com.courtrush.paysim.WechatPaySimulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The WeChat Pay simulator (module wechatpay-sim) the stack tests' engines are pointed at
 * ({@code courtrush.pay.wechat-simulator-url}): one per test JVM, started on first use with a fresh merchant kit.
 * The engine stays SIMULATED until a scenario sets the kit's merchant (and turns it off again).
 */
public final class PaySimulator {

    private static WechatPaySimulator shared;

    private PaySimulator() {}

    /** The simulator, started on first use. */
    public static synchronized WechatPaySimulator shared() {
        if (shared == null) {
            try {
                shared = WechatPaySimulator.start(0, Files.createTempDirectory("wechatpay-sim-kit"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "wechatpay-sim-stop"));
        }
        return shared;
    }

    /** The body of {@code PUT /admin/wechat-pay} that sets the simulator's merchant for the engine at {@code port}. */
    public static Map<String, Object> merchant(int port, boolean enabled) {
        Kit kit = shared().kit();
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("enabled", enabled);
        settings.put("mchid", kit.mchid());
        settings.put("appId", kit.appId());
        settings.put("merchantSerialNumber", kit.merchantSerialNumber());
        settings.put("publicKeyId", kit.publicKeyId());
        settings.put("merchantName", kit.merchantName());
        settings.put("publicUrl", "http://127.0.0.1:" + port);
        Map<String, Object> setup = new LinkedHashMap<>();
        setup.put("settings", settings);
        setup.put("privateKeyPem", kit.privateKeyPem());
        setup.put("apiV3Key", kit.apiV3Key());
        setup.put("platformPublicKeyPem", kit.publicKeyPem());
        setup.put("appSecret", kit.appSecret()); // the official account's: students pay inside WeChat too
        return setup;
    }
}
