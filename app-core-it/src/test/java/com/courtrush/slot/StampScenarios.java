package com.courtrush.slot;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestClock;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every stamp in the gym's zone (issue 76): a slot changed by a booking, by its cancel and by the desk's edit has its
 * update_time read off the gym's clock, beside its create_time — not the database session's zone (UTC here).
 */
public interface StampScenarios extends StackAccess {

    @Test
    default void aSlotsUpdateTimeIsTheGymsClockWhateverChangedIt() {
        // the gym eight hours off UTC whatever the machine's zone: a stamp in the session's zone cannot pass
        TestClock.GYM.at(LocalDateTime.now(ZoneOffset.UTC).plusHours(8).toLocalTime());
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
        TestApi.Student student = api().students(1).get(0);

        LocalDateTime before = gymNow();
        long booking = api().book(student, session, slots.get(0));
        assertStampedBetween(slots.get(0), before, gymNow());

        before = gymNow();
        TestApi.expect(
                200,
                api().put(
                                "/admin/slots/" + slots.get(1),
                                TestApi.ADMIN_TOKEN,
                                Map.of("capacity", 2, "priceCents", 2500)));
        assertStampedBetween(slots.get(1), before, gymNow());

        before = gymNow();
        TestApi.expect(
                200,
                api().post(
                                "/admin/reservations/" + booking + "/cancel",
                                TestApi.ADMIN_TOKEN,
                                Map.of("reason", "rain")));
        assertStampedBetween(slots.get(0), before, gymNow());
    }

    private static LocalDateTime gymNow() {
        return LocalDateTime.now(TestClock.GYM);
    }

    private void assertStampedBetween(long slot, LocalDateTime from, LocalDateTime to) {
        LocalDateTime stamped =
                jdbc().queryForObject("select update_time from time_slot where id = ?", LocalDateTime.class, slot);
        // MariaDB through its driver keeps whole seconds
        assertThat(stamped).isBetween(from.truncatedTo(ChronoUnit.SECONDS), to);
    }
}
