package com.courtrush.opening.api;

/** What a warm-up did. */
public record WarmupReport(long sessionId, int slots, long permits) {}
