package com.courtrush.pay.api;

/**
 * What a manager sends to set the live WeChat Pay: its settings and, when they change, its secrets. A secret left
 * null keeps the one on file (for the same merchant only); none is ever answered back.
 *
 * @param privateKeyPem the merchant's API private key ({@code apiclient_key.pem}, PKCS#8 PEM)
 * @param apiV3Key the APIv3 key (32 characters) that encrypts notifications
 * @param platformPublicKeyPem WeChat Pay's public key ({@code pub_key.pem}) that verifies its answers
 * @param appSecret the official account's AppSecret (the AppID's): only to pay inside WeChat (JSAPI), optional
 */
public record WechatPaySetup(
        WechatPaySettings settings,
        String privateKeyPem,
        String apiV3Key,
        String platformPublicKeyPem,
        String appSecret) {

    /** Without paying inside WeChat. */
    public WechatPaySetup(
            WechatPaySettings settings, String privateKeyPem, String apiV3Key, String platformPublicKeyPem) {
        this(settings, privateKeyPem, apiV3Key, platformPublicKeyPem, null);
    }

    @Override
    public String toString() {
        // never the secrets, whoever logs this
        return "WechatPaySetup[settings=" + settings + ", secrets given=" + (privateKeyPem != null) + "/"
                + (apiV3Key != null) + "/" + (platformPublicKeyPem != null) + "/" + (appSecret != null) + "]";
    }
}
