package com.courtrush.pay.api;

/**
 * What WeChat Pay answered when a manager tried the settings: asked for an order of 0.01 yuan (closed at once), its
 * signed answer tells whether the merchant's key signs and WeChat Pay's public key, as given, verifies the answer;
 * when not, {@code summary} names the key that is wrong.
 */
public record WechatPayTrial(boolean ok, String summary, String detail) {}
