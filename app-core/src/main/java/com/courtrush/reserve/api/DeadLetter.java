package com.courtrush.reserve.api;

/** One dead letter, as the dashboard lists it. */
public record DeadLetter(
        String traceId,
        long userId,
        long slotId,
        long sessionId,
        long grantedAt,
        long failedAt,
        String error,
        DeadLetterSettlement settlement) {}
