package com.courtrush.pay.api;

/**
 * The live WeChat Pay merchant as a manager set it (SPEC §19) — everything but its secrets, which are files in the
 * data directory ({@link WechatPaySetup}). Turned off (or never set), payments stay SIMULATED.
 *
 * @param mchid the merchant id (商户号) WeChat Pay gave the gym
 * @param appId the AppID bound to the merchant (the gym's official account, or its mobile/web app)
 * @param merchantSerialNumber the serial number of the merchant's API certificate (商户API证书序列号)
 * @param publicKeyId the id of WeChat Pay's public key (微信支付公钥ID, {@code PUB_KEY_ID_…}) that signs its answers
 * @param publicUrl this engine's address as WeChat Pay reaches it ({@code https://gym.example.edu}); its
 *     notifications come to {@code <publicUrl>/pay/wechat/notify}
 */
public record WechatPaySettings(
        boolean enabled,
        String mchid,
        String appId,
        String merchantSerialNumber,
        String publicKeyId,
        String merchantName,
        String publicUrl) {

    /** Where notifications are sent. */
    public static final String NOTIFY_PATH = "/pay/wechat/notify";

    /** Never set. */
    public static WechatPaySettings none() {
        return new WechatPaySettings(false, "", "", "", "", "", "");
    }

    /** The address WeChat Pay posts its notifications to. */
    public String notifyUrl() {
        return publicUrl + NOTIFY_PATH;
    }
}
