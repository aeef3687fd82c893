package com.courtrush.notice.api;

import java.util.Map;

/**
 * A kind of notice sent as the official account's subscribe notification: the template a manager chose in the
 * account's console ({@code templateId}) and where each of its keywords' values comes from ({@code thing1} → {@code
 * COURT}: a {@code WechatField}'s name).
 */
public record WechatTemplate(String kind, String templateId, Map<String, String> fields) {}
