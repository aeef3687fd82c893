package com.courtrush.pay.api;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;

/** WeChat Pay's bills are of China's days, whatever the gym's own zone. */
public final class BillDays {

    public static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");

    private BillDays() {}

    /** The day of the last whole bill at {@code clock}'s now: yesterday, in China. */
    public static LocalDate lastBillDay(Clock clock) {
        return LocalDate.now(clock.withZone(CHINA)).minusDays(1);
    }

    /** Today in China: no bill of a later day exists. */
    public static LocalDate today(Clock clock) {
        return LocalDate.now(clock.withZone(CHINA));
    }
}
