package com.courtrush.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The first rush after a restart is judged against the rehearsed one of the same run. */
class TargetsTest {

    private static final long OPENS = 10_000_000L;
    private static final Verification.Result CORRECT = new Verification.Result(3, 3, 0, 0, 0, 0, 0, 0, List.of());

    /** Three places granted, each answered in {@code winnerMicros}, the last {@code lastGrantMs} after the opening. */
    private static Report.CrowdResult crowd(long winnerMicros, long lastGrantMs) {
        Samples client = new Samples();
        for (int i = 1; i <= 3; i++) {
            client.add(OPENS + i * lastGrantMs * 1000 / 3, winnerMicros, Answer.ACCEPTED);
        }
        client.add(OPENS + lastGrantMs * 1000 + 1000, 500, Answer.OUT_OF_STOCK);
        return RushFigures.crowd(List.of(client), OPENS - 1_000_000L, OPENS, OPENS + lastGrantMs * 1000, 0, null);
    }

    private static Report.Cold cold(Report.CrowdResult crowd, Verification.Result check) {
        Report.Persistence persistence = new Report.Persistence(3, 3, 1, -1, 10, 100, 50);
        return new Report.Cold(10, 120, crowd, persistence, 1.2, 0.5, 0, check);
    }

    @Test
    void aColdRushAsFastAsTheRehearsedOneMeetsItsTargets() {
        List<Report.Target> targets = Targets.coldTargets(cold(crowd(60_000, 700), CORRECT), crowd(50_000, 500));

        assertThat(targets).extracting(Report.Target::met).containsExactly(true, true, true);
        assertThat(targets.get(0).measured()).startsWith("60.0").endsWith(" ms = 1.20 x");
        assertThat(targets.get(1).measured()).isEqualTo("700 ms = 1.40 x");
    }

    @Test
    void slowerWinnersOrALaterSellOutMissAndSoDoesAnythingWrong() {
        Report.CrowdResult rehearsed = crowd(50_000, 500);
        assertThat(Targets.coldTargets(cold(crowd(80_000, 500), CORRECT), rehearsed)
                        .get(0)
                        .met())
                .as("winners 1.6 x slower")
                .isFalse();
        assertThat(Targets.coldTargets(cold(crowd(200_000, 500), CORRECT), crowd(180_000, 500))
                        .get(0)
                        .met())
                .as("within 1.5 x but over 150 ms")
                .isFalse();
        assertThat(Targets.coldTargets(cold(crowd(50_000, 800), CORRECT), rehearsed)
                        .get(1)
                        .met())
                .as("sold out 1.6 x later")
                .isFalse();
        Verification.Result oversold = new Verification.Result(4, 4, 1, 0, 0, 0, 0, 0, List.of("oversold"));
        assertThat(Targets.coldTargets(cold(crowd(50_000, 500), oversold), rehearsed)
                        .get(2)
                        .met())
                .isFalse();
    }
}
