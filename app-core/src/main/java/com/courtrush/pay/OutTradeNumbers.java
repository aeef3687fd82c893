package com.courtrush.pay;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Order numbers that carry their owner's "gene": {@code CR yyMMddHHmmss GGGG RRRRRRRR} where GGGG
 * is the user id modulo 10,000, so orders can be sharded (or looked up) by user from the number
 * alone. 26 characters, within WeChat's 32; uniqueness is guarded by the database.
 */
final class OutTradeNumbers {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss");

    static String next(long userId, LocalDateTime now) {
        return "CR" + TIME.format(now) + String.format("%04d", userId % 10_000)
                + String.format("%08d", ThreadLocalRandom.current().nextInt(100_000_000));
    }

    /** The user gene of an order number. */
    static int gene(String outTradeNo) {
        return Integer.parseInt(outTradeNo.substring(14, 18));
    }

    private OutTradeNumbers() {}
}
