package com.courtrush.monitor.api;

/** Messages ready in the queue and consumers attached, as the broker reports them. */
public record QueueStats(String name, boolean exists, long depth, int consumers) {}
