package com.courtrush.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.courtrush.bench.Analysis.Rate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The arithmetic the report rests on: windows, rates, percentiles and the floor's ceiling. */
class AnalysisTest {

    @Test
    void ratesAndLatenciesCountOnlyTheirWindowAndAnswers() {
        Samples a = new Samples();
        Samples b = new Samples();
        for (int i = 0; i < 100; i++) {
            // a: 100 answers over the first second, 1..100 ms; b: 100 sold-out answers in the second second
            a.add(i * 10_000L, (i + 1) * 1_000L, Answer.UNGATED);
            b.add(1_000_000L + i * 10_000L, 5_000L, Answer.OUT_OF_STOCK);
        }
        Analysis stats = new Analysis(List.of(a, b));

        Rate first = stats.rate(0, 1_000_000, x -> true);
        assertThat(first.requests()).isEqualTo(100);
        assertThat(first.perSecond()).isCloseTo(100, within(1e-9));
        assertThat(stats.rate(0, 2_000_000, x -> x == Answer.OUT_OF_STOCK).requests())
                .isEqualTo(100);
        assertThat(stats.answers(1_000_000, 2_000_000)).containsOnlyKeys(Answer.OUT_OF_STOCK);

        Analysis.Latency latency = stats.latency(0, 1_000_000, x -> true);
        assertThat(latency.count()).isEqualTo(100);
        assertThat(latency.p50Ms()).isCloseTo(50, within(0.1));
        assertThat(latency.p99Ms()).isCloseTo(99, within(0.1));
        assertThat(latency.maxMs()).isCloseTo(100, within(0.1));
        assertThat(stats.lastDoneAt()).isEqualTo(1_990_000L);
    }

    @Test
    void theCeilingOfARequestIsBoundByBothCostsAddedUp() {
        Report.RedisFloor floor =
                new Report.RedisFloor(64, new Rate(20_000, 1, 20_000), new Analysis.Latency(0, 0, 0, 0, 0), 1.5);
        // 1/5000 s + 1/20000 s per request = 250 µs: 4000 requests a second
        assertThat(floor.ceilingWith(new Rate(5_000, 1, 5_000))).isCloseTo(4_000, within(1e-6));
        assertThat(floor.ceilingWith(new Rate(0, 1, 0))).isZero();
    }
}
