package com.courtrush.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A filled history's names are a campus's: the same for a student every time, each fragment found in a few. */
class CampusNamesTest {

    @Test
    void eachFragmentIsFoundInAFewNamesAndANameIsTheSameEveryTime() {
        int students = 30_000;
        for (String fragment : CampusNames.FRAGMENTS) {
            long found = IntStream.range(0, students)
                    .filter(i -> CampusNames.of(i).contains(fragment))
                    .count();
            assertThat(found).as("students whose name holds %s", fragment).isBetween(students / 200L, students / 20L);
        }
        long wang = IntStream.range(0, students)
                .filter(i -> CampusNames.of(i).startsWith("王"))
                .count();
        assertThat(wang).as("the commonest surname").isGreaterThan(students / 25L);
        assertThat(CampusNames.of(41)).isEqualTo(CampusNames.of(41)).hasSizeBetween(2, 3);
    }
}
