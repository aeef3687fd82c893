package com.courtrush.support;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;

/** Wall-clock helpers in the engine's zone. */
public final class Times {

    public static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
    public static final Duration SETTLE = Duration.ofSeconds(30);

    public static LocalDateTime now() {
        return LocalDateTime.now(ZONE);
    }

    public static LocalDate tomorrow() {
        return LocalDate.now(ZONE).plusDays(1);
    }

    public static void sleepUntil(LocalDateTime target) {
        long millis = Duration.between(LocalDateTime.now(ZONE), target).toMillis();
        if (millis > 0) {
            TestApi.sleep(millis);
        }
    }

    private Times() {}
}
