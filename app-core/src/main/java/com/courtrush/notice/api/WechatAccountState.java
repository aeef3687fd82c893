package com.courtrush.notice.api;

/**
 * Which official account students are signed in and notified through (SPEC §22), as staff see it: never its AppSecret.
 *
 * @param source {@code MERCHANT} (the account bound to the WeChat Pay merchant, with its AppSecret on file),
 *     {@code OWN} (set on its own in {@code PUT /admin/wechat-notices}) or {@code NONE}
 * @param appId the account's AppID; null when none is set
 * @param publicUrl where students reach the engine inside WeChat (the account's web authorization domain); null when
 *     none is set
 * @param appSecretOnFile whether the AppSecret of the account set on its own is on file on this node
 */
public record WechatAccountState(String source, String appId, String publicUrl, boolean appSecretOnFile) {

    public static final String MERCHANT = "MERCHANT";
    public static final String OWN = "OWN";
    public static final String NONE = "NONE";
}
