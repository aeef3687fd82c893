package com.courtrush.pay;

import java.time.Duration;

/**
 * Turns at asking WeChat Pay about an order, shared by every node: a student's page that watches its payment asks at
 * most once per few seconds per order, however often it polls and whichever node it reaches (issue 74). Implemented
 * by {@link RedisAskTurns}.
 */
interface AskTurns {

    /** Whether this call may ask about the order now: true at most once per {@code every}. */
    boolean take(String outTradeNo, Duration every);
}
