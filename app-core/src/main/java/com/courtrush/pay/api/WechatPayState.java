package com.courtrush.pay.api;

/**
 * The live WeChat Pay as staff see it: its settings, which secrets are on file here (never the secrets), and which
 * mode payments run in now.
 *
 * @param mode SIMULATED (no money moves), LIVE (WeChat Pay with the merchant's id), or LIVE_SIMULATOR (the live
 *     gateway talking to the WeChat Pay simulator: a demo, no money moves)
 * @param keyDirectory where this node keeps the merchant's secrets
 * @param appSecretOnFile the official account's AppSecret is on file: students pay inside WeChat (JSAPI)
 */
public record WechatPayState(
        WechatPaySettings settings,
        boolean privateKeyOnFile,
        boolean apiV3KeyOnFile,
        boolean platformKeyOnFile,
        String keyDirectory,
        String mode,
        boolean appSecretOnFile) {

    /** Without paying inside WeChat. */
    public WechatPayState(
            WechatPaySettings settings,
            boolean privateKeyOnFile,
            boolean apiV3KeyOnFile,
            boolean platformKeyOnFile,
            String keyDirectory,
            String mode) {
        this(settings, privateKeyOnFile, apiV3KeyOnFile, platformKeyOnFile, keyDirectory, mode, false);
    }
}
