package com.courtrush.core;

import java.math.BigDecimal;

/** An amount of money in cents as people read it in yuan: 2000 → "20.00" (the texts put the "¥" before it). */
public final class Yuan {

    private Yuan() {}

    public static String of(long cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }
}
