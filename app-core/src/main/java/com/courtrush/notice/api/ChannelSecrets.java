package com.courtrush.notice.api;

/** The channels' secrets in full, for a manager who asked (null: not set). */
public record ChannelSecrets(String smtpPassword, String webhookUrl) {}
