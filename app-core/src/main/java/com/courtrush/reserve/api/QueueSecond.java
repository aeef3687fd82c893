package com.courtrush.reserve.api;

/** One second of the reserve queues, all nodes together. */
public record QueueSecond(long epochSecond, long published, long refused, long consumed, long deadLettered) {}
