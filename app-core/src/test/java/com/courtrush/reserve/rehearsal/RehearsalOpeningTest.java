package com.courtrush.reserve.rehearsal;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.Rehearsal;
import com.courtrush.slot.SlotInfo;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/** A rehearsal round's opening: its ids the rehearsal's, fifteen digits each, its slots on sale, its crowd reached. */
class RehearsalOpeningTest {

    @Test
    void aRoundsIdsAreTheRehearsalsAndItsSlotsAreOnSaleTomorrow() {
        LocalDateTime now = LocalDateTime.of(2026, 11, 27, 23, 59, 30);
        RehearsalOpening round = RehearsalOpening.make(now, now.plusSeconds(1), 12, 25, 400);

        assertThat(round.sessionId()).matches(Rehearsal::isRehearsal);
        assertThat(Long.toString(round.sessionId())).hasSize(15);
        assertThat(round.slots()).hasSize(12).allSatisfy(slot -> {
            assertThat(Rehearsal.isRehearsal(slot.slotId())).isTrue();
            assertThat(slot.startedBy(now)).isFalse();
            assertThat(slot.endTime()).isAfter(slot.startTime());
            assertThat(slot.capacity()).isEqualTo(25);
        });
        assertThat(round.students())
                .hasSize(400)
                .allMatch(Rehearsal::isRehearsal)
                .doesNotHaveDuplicates();
        assertThat(round.students())
                .doesNotContainAnyElementsOf(
                        round.slots().stream().map(SlotInfo::slotId).toList());
        assertThat(round.students().get(399)).as("within a trace id's 48 bits").isLessThan(1L << 48);
        assertThat(round.opening().session().getFlashTime()).isEqualTo(now.plusSeconds(1));
    }

    @Test
    void twoRoundsTakeTwoBlocksOfIds() {
        LocalDateTime now = LocalDateTime.now();
        assertThat(RehearsalOpening.make(now, now, 1, 1, 1).sessionId())
                .isNotEqualTo(RehearsalOpening.make(now, now, 1, 1, 1).sessionId());
    }

    @Test
    void theCrowdReachesTheNodeWhereItListens() {
        assertThat(RushRehearsal.hostOf(null)).isEqualTo("127.0.0.1");
        assertThat(RushRehearsal.hostOf("0.0.0.0")).isEqualTo("127.0.0.1");
        assertThat(RushRehearsal.hostOf("::")).isEqualTo("127.0.0.1");
        assertThat(RushRehearsal.hostOf("127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(RushRehearsal.hostOf("::1")).isEqualTo("[0:0:0:0:0:0:0:1]");
    }
}
