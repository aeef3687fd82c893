package com.courtrush.pay.api;

/**
 * What WeChat Pay answered when a manager tried the settings: an order number nobody used is looked up, and the
 * answer tells whether the merchant's key signs for it and WeChat Pay's key verifies the answer.
 */
public record WechatPayTrial(boolean ok, String summary, String detail) {}
