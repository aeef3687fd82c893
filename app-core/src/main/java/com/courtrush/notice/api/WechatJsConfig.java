package com.courtrush.notice.api;

/**
 * What the page's {@code wx.config} takes to use WeChat's JS-SDK and open tags (the subscribe button): the account's
 * AppID, a timestamp (seconds), a nonce, and their signature with the account's jsapi_ticket over the page's address.
 */
public record WechatJsConfig(String appId, long timestamp, String nonceStr, String signature) {}
