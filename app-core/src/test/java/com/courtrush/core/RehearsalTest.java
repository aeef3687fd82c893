package com.courtrush.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The rehearsal's ids: above every counter in memory, below zero in the database, and never a real one. */
class RehearsalTest {

    @Test
    void realIdsAreNotTheRehearsals() {
        assertThat(Rehearsal.isRehearsal(1)).isFalse();
        assertThat(Rehearsal.isRehearsal(Rehearsal.FIRST_ID - 1)).isFalse();
        assertThat(Rehearsal.isRehearsal(Rehearsal.FIRST_ID)).isTrue();
        assertThat(Rehearsal.isRehearsal(-1)).as("a mirror id").isTrue();
    }

    @Test
    void eachIdHasItsOwnMirrorBelowZero() {
        assertThat(Rehearsal.mirror(Rehearsal.FIRST_ID)).isEqualTo(-1);
        assertThat(Rehearsal.mirror(Rehearsal.FIRST_ID + 41)).isEqualTo(-42);
        assertThat(Rehearsal.isRehearsal(Rehearsal.mirror(Rehearsal.FIRST_ID + 41)))
                .isTrue();
        assertThatThrownBy(() -> Rehearsal.mirror(7)).isInstanceOf(IllegalArgumentException.class);
    }
}
