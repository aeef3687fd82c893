package com.courtrush.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The setup's sizes: the rehearsal's students and the courts for every opening. */
class SeedingTest {

    @Test
    void theRehearsalHasFourInFiveOfTheCrowdAndAtLeastTwiceItsPlacesOfStudents() {
        assertThat(Seeding.rehearsalStudents(5_000, 45)).isEqualTo(4_000);
        assertThat(Seeding.rehearsalStudents(10, 45)).isEqualTo(2 * WarmUp.REHEARSAL_OPENINGS * WarmUp.REHEARSAL_SLOTS);
        assertThat(Seeding.rehearsalStudents(5_000, 0))
                .as("no warm-up, no rehearsal")
                .isZero();
    }

    @Test
    void courtsAreMadeForTheMeasuredOpeningAndForEachRehearsalOpening() {
        int measured = BenchData.courtsFor(100);
        assertThat(Seeding.courtCount(100, 0)).isEqualTo(measured);
        assertThat(Seeding.courtCount(100, 45))
                .isEqualTo(measured + WarmUp.REHEARSAL_OPENINGS * BenchData.courtsFor(WarmUp.REHEARSAL_SLOTS));
    }
}
