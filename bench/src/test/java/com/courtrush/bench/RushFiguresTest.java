package com.courtrush.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rush's arithmetic: its phases and ticks around the opening, and Redis's use per decision. */
class RushFiguresTest {

    private static final long OPENS = 10_000_000L;

    @Test
    void theCrowdIsCutIntoItsPhasesAndQuarterSecondTicksAroundTheOpening() {
        Samples client = new Samples();
        // 20 refused before the opening (one every 100 ms from 2 s before), 4 granted in its first 400 ms,
        // then 10 sold-out answers every 50 ms
        for (int i = 0; i < 20; i++) {
            client.add(OPENS - 2_000_000L + i * 100_000L, 1_000, Answer.UNGATED);
        }
        for (int i = 0; i < 4; i++) {
            client.add(OPENS + i * 100_000L, 2_000, Answer.ACCEPTED);
        }
        for (int i = 0; i < 10; i++) {
            client.add(OPENS + 400_000L + i * 50_000L, 500, Answer.OUT_OF_STOCK);
        }
        long lastGrant = OPENS + 300_000L;

        Report.CrowdResult crowd =
                RushFigures.crowd(List.of(client), OPENS - 2_000_000L, OPENS, lastGrant, 3, "reset by peer");

        assertThat(crowd.all().requests()).isEqualTo(34);
        assertThat(crowd.accepted().requests()).isEqualTo(4);
        assertThat(crowd.decidedInRedis().requests())
                .as("everything up to the last grant")
                .isEqualTo(24);
        assertThat(crowd.soldOut().requests()).isEqualTo(10);
        assertThat(crowd.phases())
                .extracting(Report.Phase::name)
                .containsExactly("before the opening", "selling", "sold out");
        assertThat(crowd.phases()).extracting(p -> p.rate().requests()).containsExactly(20L, 4L, 10L);
        assertThat(crowd.phases().get(0).answers()).containsExactly(Map.entry(Answer.UNGATED, 20L));
        // from a second before the opening to half a second after the last grant: [-1000, 800) ms
        assertThat(crowd.aroundTheOpening())
                .extracting(Report.Tick::fromOpeningMs)
                .containsExactly(-1000L, -750L, -500L, -250L, 0L, 250L, 500L, 750L);
        assertThat(crowd.aroundTheOpening())
                .extracting(Report.Tick::accepted)
                .containsExactly(0L, 0L, 0L, 0L, 3L, 1L, 0L, 0L);
        assertThat(crowd.latency().count()).isEqualTo(34);
        assertThat(crowd.soldOutAfterMs())
                .as("the last grant, from the opening")
                .isEqualTo(300.0);
        assertThat(Report.Cold.grantedWithin(crowd, 250))
                .as("granted in the first 250 ms")
                .isEqualTo(3);
        assertThat(crowd.ioErrors()).isEqualTo(3);
        assertThat(crowd.firstIoError()).isEqualTo("reset by peer");
    }

    @Test
    void ticksStopAtTheCrowdsLastAnswerWhenItEndsBeforeHalfASecondAfterTheLastGrant() {
        Samples client = new Samples();
        client.add(OPENS + 100_000L, 1_000, Answer.ACCEPTED);
        Report.CrowdResult crowd = RushFigures.crowd(List.of(client), OPENS, OPENS, OPENS + 100_000L, 0, null);
        assertThat(crowd.aroundTheOpening())
                .extracting(Report.Tick::fromOpeningMs)
                .containsExactly(0L);
    }

    @Test
    void theLastGrantIsTheLatestGrantedOrAskedAndTheCrowdsEndWithoutOne() {
        List<Crowd.Grant> grants = List.of(new Crowd.Grant("a", 100, 900), new Crowd.Grant("b", 400, 700));
        assertThat(RushFigures.lastGrant(grants, 5)).isEqualTo(900);
        assertThat(RushFigures.lastGrantAsked(grants, 5)).isEqualTo(400);
        assertThat(RushFigures.lastGrant(List.of(), 5)).isEqualTo(5);
        assertThat(RushFigures.lastGrantAsked(List.of(), 5)).isEqualTo(5);
    }

    @Test
    void redisIsCountedPerDecisionNetOfTheConsumersAndOfWhatItDoesWhenIdle() {
        Report.RedisUse use = RushFigures.redisUse(
                1_200, 200, 1_500, 10.0, 10.0, 100, Map.of("evalsha", 990L, "eval", 10L, "get", 5L));
        assertThat(use.decisions()).isEqualTo(1_000);
        assertThat(use.localSoldOutAnswers()).isEqualTo(200);
        assertThat(use.roundTripsPerDecision()).isCloseTo(1.5, within(1e-9));
        // 1,500 trips less 100 for the consumers and 10/s x 10 s of idle background, over 1,000 decisions
        assertThat(use.netRoundTripsPerDecision()).isCloseTo(1.3, within(1e-9));
        assertThat(use.scriptCalls()).isEqualTo(1_000);
        assertThat(use.scriptCallsPerDecision()).isCloseTo(1.0, within(1e-9));
        assertThat(RushFigures.redisUse(5, 5, 7, 0, 1, 0, Map.of()).roundTripsPerDecision())
                .as("no decision: no ratio")
                .isZero();
    }
}
