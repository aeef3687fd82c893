package com.courtrush.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.Outcome;
import com.courtrush.monitor.api.RushSecond;
import com.courtrush.monitor.api.RushSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rush's series as the nodes write it ("second:FIELD:node"), read back into seconds and a summary. */
class RushHistoryTest {

    @Test
    void fairShareRefusalsAreReadByRuleAndOutcomeApartFromEachOther() {
        List<RushSecond> seconds = RushHistory.seconds(Map.of(
                "100:SUCCESS:a", "3",
                "100:SHARE_USED:a", "4",
                "100:SHARE_USED:b", "2",
                "100:RULE_SAME_TIME:a", "3",
                "100:RULE_DAY:a", "1",
                "100:RULE_DAY:b", "2",
                "101:OUT_OF_STOCK:b", "5"));

        assertThat(seconds).hasSize(2);
        RushSecond first = seconds.get(0);
        assertThat(first.refusals()).containsExactlyInAnyOrderEntriesOf(Map.of(Outcome.SHARE_USED, 6L));
        assertThat(first.shareRefusals()).containsExactlyInAnyOrderEntriesOf(Map.of("SAME_TIME", 3L, "DAY", 3L));
        assertThat(first.attempts()).as("granted and refused, each once").isEqualTo(9);
        RushSummary summary = RushHistory.summaryOf(seconds, 100_000, 7, 0, null);
        assertThat(summary.refusals())
                .containsExactlyInAnyOrderEntriesOf(Map.of(Outcome.SHARE_USED, 6L, Outcome.OUT_OF_STOCK, 5L));
        assertThat(summary.shareRefusals()).containsExactlyInAnyOrderEntriesOf(Map.of("SAME_TIME", 3L, "DAY", 3L));
    }
}
