package com.courtrush.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A campus's names have the shares the desk's searches rely on, and a student's name is always the same. */
class NamesTest {

    @Test
    void aCampusHasItsSurnamesAndGivenNamesInTheirShares() {
        List<String> campus = IntStream.range(0, 30_000).mapToObj(Names::of).toList();
        assertThat(campus).allMatch(name -> name.length() == 2 || name.length() == 3);
        assertThat(campus.stream().filter(name -> name.startsWith(Names.COMMONEST_SURNAME)))
                .as("one in fourteen")
                .hasSizeBetween(1_900, 2_400);
        assertThat(campus.stream().filter(name -> name.contains(Names.COMMONEST_SURNAME)))
                .as("never a given name's character")
                .hasSameSizeAs(campus.stream()
                        .filter(name -> name.startsWith(Names.COMMONEST_SURNAME))
                        .toList());
        assertThat(campus.stream().filter(name -> name.contains(Names.A_GIVEN_NAME_CHARACTER)))
                .as("one in forty, never a surname")
                .hasSizeBetween(600, 1_100)
                .noneMatch(name -> name.startsWith(Names.A_GIVEN_NAME_CHARACTER));
        assertThat(campus.stream().filter(name -> name.startsWith("马"))).hasSizeBetween(250, 450);
        assertThat(Names.of(41)).isEqualTo(Names.of(41));
    }
}
