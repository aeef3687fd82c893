package com.courtrush.opening;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.opening.api.SessionState;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The gate opens by Redis's clock only: a node whose own clock is ahead cannot open it early. */
public interface OpeningClockScenarios extends StackAccess {

    @Test
    default void aNodeWhoseClockIsAheadMovesTheOpeningToOpenButTheGateWaitsForRedisTime() {
        long court = api().createCourt();
        LocalDateTime flash = Times.now().plusSeconds(60).withNano(0);
        long id = api().createSession(Times.tomorrow(), flash, 2);
        long slot =
                api().generateSlots(id, List.of(court), "07:00", "08:00", 60, 1).get(0);
        Student student = api().students(1).get(0);
        OpeningService openings = bean(OpeningService.class);

        // what the opening clock of a node 60 s fast does at what it takes for the flash time
        assertThat(openings.openOnTime(openings.get(id))).isTrue();
        assertThat(openings.get(id).getState()).isEqualTo(SessionState.OPEN);

        Reply early = api().reserve(student, id, slot);
        assertThat(early.enumCode()).as("%s", early).isEqualTo("UNGATED");
        assertThat(early.data().path("secondsToOpen").asLong()).isBetween(50L, 61L);
        Reply slots = TestApi.expect(200, api().get("/slots?date=" + Times.tomorrow(), student.token()));
        slots.data().forEach(opening -> {
            if (opening.path("sessionId").asLong() == id) {
                assertThat(opening.path("gateOpen").asBoolean()).isFalse();
                assertThat(opening.path("msToOpen").asLong()).isGreaterThan(50_000L);
            }
        });

        // staff opening it now do open it, and the opening now opens at that moment
        TestApi.expect(200, api().post("/admin/sessions/" + id + "/open", TestApi.ADMIN_TOKEN, null));
        assertThat(openings.get(id).getFlashTime()).isBefore(flash);
        TestApi.expect(202, api().reserve(student, id, slot));
    }
}
