package com.courtrush.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The tests' clock sets the gym's hour and leaves real time alone (what Redis, the broker and the phone measure). */
class TestClockTest {

    @AfterEach
    void back() {
        TestClock.GYM.reset();
    }

    @Test
    void eachOfTheGymsHoursIsReadAtOnceWhileTheInstantStaysTheMachines() {
        for (LocalTime hour : AtGymHours.HOURS) {
            LocalDateTime set = TestClock.GYM.at(hour);
            assertThat(set.toLocalTime().truncatedTo(ChronoUnit.SECONDS)).isEqualTo(hour);
            assertThat(Times.now()).isCloseTo(set, within(2, ChronoUnit.SECONDS));
            assertThat(TestClock.GYM.millis()).isCloseTo(System.currentTimeMillis(), within(50L));
            // what the engine does with a wall time: the instant it stands for is now
            assertThat(Times.instant(Times.now()).toEpochMilli()).isCloseTo(System.currentTimeMillis(), within(50L));
            assertThat(((ZoneOffset) Times.zone()).getTotalSeconds()).isBetween(-18 * 3600, 18 * 3600);
        }
    }

    @Test
    void theDateMovesByADayAtMostAndMovingOnIsTimePassing() {
        LocalDateTime before = Times.now();
        LocalDateTime set = TestClock.GYM.at(LocalTime.of(0, 10));
        // the nearest 00:10 may lie past the ±18 h a zone offset allows (at 12:26 UTC+8, the next day's):
        // then the other side's, over 12 hours away but never a whole day
        assertThat(Duration.between(before, set).abs()).isLessThan(Duration.ofDays(1));
        assertThat(ChronoUnit.DAYS.between(before.toLocalDate(), set.toLocalDate()))
                .isBetween(-1L, 1L);
        LocalDateTime later = TestClock.GYM.advance(Duration.ofMinutes(13));
        assertThat(Duration.between(set, later).toSeconds()).isBetween(13 * 60L, 13 * 60L + 2);
    }

    @Test
    void aSlotThatStartedTwentyMinutesAgoIsMadePossibleByMovingTheClockOnNeverBySleeping() {
        TestClock.GYM.at(LocalTime.of(0, 10));
        long started = System.nanoTime();
        Times.clearOfMidnight(Duration.ofMinutes(20));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
        assertThat(Times.now().toLocalTime()).isAfterOrEqualTo(LocalTime.of(0, 23));
        TestClock.GYM.at(LocalTime.of(23, 58));
        Times.clearOfMidnight(Duration.ofMinutes(5));
        assertThat(Times.now().toLocalTime()).isBetween(LocalTime.of(0, 8), LocalTime.of(0, 9));
    }
}
