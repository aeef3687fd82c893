package com.courtrush.attendance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockRuleTest {

    private static final LocalDateTime DAY_0 = LocalDateTime.parse("2026-11-01T18:00:00");
    private static final BlockRule THREE_IN_30_FOR_7 = new BlockRule(3, 30, 7);

    private static LocalDateTime day(int n) {
        return DAY_0.plusDays(n);
    }

    @Test
    void threeStrikesWithinTheWindowBlockForTheDaysFromTheLatest() {
        assertThat(THREE_IN_30_FOR_7.until(List.of(day(28), day(0), day(25)))).isEqualTo(day(35));
    }

    @Test
    void aBlockStaysWhenItsFirstStrikeLeavesTheWindowLater() {
        // recomputed on day 31 (a forgiveness elsewhere, a setting saved): day 0 is out of "the last 30 days" now,
        // but the three strikes of days 0, 25 and 28 made a block that ends on day 35
        List<LocalDateTime> since = List.of(day(0), day(25), day(28));
        assertThat(THREE_IN_30_FOR_7.until(since)).isEqualTo(day(35));
        assertThat(THREE_IN_30_FOR_7.relevantSince(day(31))).isBefore(day(0));
    }

    @Test
    void strikesFurtherApartThanTheWindowBlockNobody() {
        assertThat(THREE_IN_30_FOR_7.until(List.of(day(0), day(20), day(31)))).isNull();
        assertThat(THREE_IN_30_FOR_7.until(List.of(day(0), day(1)))).isNull();
    }

    @Test
    void theLatestBlockOfSeveralWindowsCounts() {
        assertThat(THREE_IN_30_FOR_7.until(List.of(day(0), day(1), day(2), day(40), day(41), day(42))))
                .isEqualTo(day(49));
        assertThat(new BlockRule(2, 30, 7).until(List.of(day(0), day(1), day(2))))
                .isEqualTo(day(9));
    }

    @Test
    void noBlockDaysMeansStrikesNeverBlock() {
        assertThat(new BlockRule(1, 30, 0).until(List.of(day(0)))).isNull();
    }
}
