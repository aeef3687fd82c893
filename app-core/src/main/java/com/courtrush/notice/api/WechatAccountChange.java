package com.courtrush.notice.api;

/**
 * The official account as a manager sets it on its own, for a gym without a WeChat Pay merchant (SPEC §22): its AppID,
 * its AppSecret (blank: the one on file stays) and where students reach the engine inside WeChat.
 */
public record WechatAccountChange(String appId, String appSecret, String publicUrl) {

    @Override
    public String toString() {
        return "WechatAccountChange[appId=" + appId + ", publicUrl=" + publicUrl + ", appSecret=hidden]";
    }
}
