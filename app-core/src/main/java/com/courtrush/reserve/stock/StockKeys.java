package com.courtrush.reserve.stock;

import java.time.LocalDate;
import java.time.ZoneId;

/** When an opening's Redis keys expire: six hours after the end of its slots' day. */
public final class StockKeys {

    private static final long GRACE_SECONDS = 6 * 3600;

    public static long expireAt(LocalDate slotDate, ZoneId zone) {
        return slotDate.plusDays(1).atStartOfDay(zone).toEpochSecond() + GRACE_SECONDS;
    }

    private StockKeys() {}
}
