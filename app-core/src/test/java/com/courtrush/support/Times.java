package com.courtrush.support;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import org.slf4j.LoggerFactory;

/** Wall-clock helpers in the gym's zone, on the tests' clock ({@link TestClock}) that the engines read too. */
public final class Times {

    public static final Duration SETTLE = Duration.ofSeconds(30);

    /** The zone the gym's wall clock reads in now (the tests' clock may have moved it). */
    public static ZoneId zone() {
        return TestClock.GYM.getZone();
    }

    public static LocalDateTime now() {
        return LocalDateTime.now(TestClock.GYM);
    }

    public static LocalDate today() {
        return LocalDate.now(TestClock.GYM);
    }

    public static LocalDate tomorrow() {
        return today().plusDays(1);
    }

    /** The real moment a gym wall time stands for, by the clock's zone now. */
    public static Instant instant(LocalDateTime wallTime) {
        return wallTime.atZone(zone()).toInstant();
    }

    public static void sleepUntil(LocalDateTime target) {
        long millis = Duration.between(now(), target).toMillis();
        if (millis > 0) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Makes sure a slot that started {@code started} ago can still be today's and has a few minutes left before
     * midnight in the gym's zone: a slot never spans midnight (its day, start and end are one date), so a slot
     * "running now" cannot be made in the first minutes of a day or the last ones. When the gym's clock reads such a
     * minute, it is moved on (never slept through) to the first one where the slot can be made.
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
                    .info(
                            "A slot that started {} ago cannot be made at {} in the gym: its clock moves on to {}",
                            started,
                            time,
                            clear);
            TestClock.GYM.advance(Duration.between(now, clear));
        }
    }

    private static final Duration MIDNIGHT_MARGIN = Duration.ofMinutes(3);

    private Times() {}
}
