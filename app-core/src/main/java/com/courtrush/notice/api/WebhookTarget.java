package com.courtrush.notice.api;

/** Where staff alerts are posted. */
public record WebhookTarget(String url, WebhookFormat format) {}
