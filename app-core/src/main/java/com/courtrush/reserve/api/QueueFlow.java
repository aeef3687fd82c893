package com.courtrush.reserve.api;

/** What moves through the reserve queues. */
public enum QueueFlow {
    PUBLISHED,
    REFUSED,
    CONSUMED,
    DEAD_LETTERED
}
