package com.courtrush.monitor.api;

/** A grant in flight: in Redis, not yet in the database. */
public record PendingGrant(String traceId, long userId, long slotId, long sessionId, long ageMillis) {}
