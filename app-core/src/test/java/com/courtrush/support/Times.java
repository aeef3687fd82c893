package com.courtrush.support;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import org.slf4j.LoggerFactory;

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

    /**
     * Waits, when needed, until a slot that started {@code started} ago is still today's and has a few minutes left
     * before midnight in the gym's zone: a slot never spans midnight (its day, start and end are one date), so a test
     * that makes a slot "running now" cannot run in the first minutes of a day or the last ones.
     */
    public static void clearOfMidnight(Duration started) {
        LocalDateTime now = now();
        LocalTime time = now.toLocalTime();
        LocalDateTime clear = null;
        if (time.isBefore(LocalTime.MIDNIGHT.plus(started).plus(MIDNIGHT_MARGIN))) {
            clear = now.toLocalDate().atStartOfDay().plus(started).plus(MIDNIGHT_MARGIN);
        } else if (time.isAfter(LocalTime.MAX.minus(MIDNIGHT_MARGIN))) {
            clear = now.toLocalDate().plusDays(1).atStartOfDay().plus(started).plus(MIDNIGHT_MARGIN);
        }
        if (clear != null) {
            LoggerFactory.getLogger(Times.class)
                    .warn(
                            "A slot that started {} ago cannot be made at {} in {}: waiting until {}",
                            started,
                            time,
                            ZONE,
                            clear);
            sleepUntil(clear);
        }
    }

    private static final Duration MIDNIGHT_MARGIN = Duration.ofMinutes(3);

    private Times() {}
}
