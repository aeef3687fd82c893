package com.courtrush.venue;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Class and team blocks (SPEC §21) on a whole stack: a court held every week of a term is never on sale — the slots
 * already made leave sale (their bookings refunded), those made later are made held — it shows as held on the board
 * and the page, and a skipped date or the block's end puts its slots on sale.
 */
public interface BlockScenarios extends StackAccess {

    @Test
    default void aClassBlockHoldsItsCourtAllTerm() {
        long court = api().createCourt();
        LocalDate first = tomorrow();
        long opening = api().createSession(first, now(), 2);
        List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "21:00", 60, 1);
        List<Student> students = api().students(3);
        Student ann = students.get(0);
        long paid = api().book(ann, opening, slots.get(1));
        api().pay(ann, paid);
        long kept = api().book(students.get(1), opening, slots.get(0));
        String label = TestApi.unique("体育课 羽毛球1班");

        JsonNode block =
                TestApi.expect(200, hold(court, first, "19:00", "21:00", label)).data();
        assertThat(block.path("slotsHeld").asInt()).isEqualTo(2);
        assertThat(block.path("refunded").asInt()).isEqualTo(1);
        assertThat(statusOf(paid)).isIn("REFUNDED", "CANCELLED");
        assertThat(statusOf(kept)).isEqualTo("PENDING_PAYMENT");
        invariants().assertHold(opening);
        // a second block of the court at those hours in that term would hold it twice
        assertThat(hold(court, first.plusDays(7), "20:00", "22:00", label).status())
                .isEqualTo(409);

        // the page and the board show its hours as held, with its label; nobody books them
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(heldOn(ann, first, court)).containsExactly(false, true, true));
        Reply refused = api().reserve(students.get(2), opening, slots.get(2));
        assertThat(refused.status()).as("%s", refused).isGreaterThanOrEqualTo(400);
        JsonNode board = TestApi.expect(200, api().get("/admin/board?date=" + first, TestApi.ADMIN_TOKEN))
                .data();
        List<String> labels = new ArrayList<>();
        board.path("slots").forEach(cell -> {
            if (cell.path("courtId").asLong() == court) {
                labels.add(cell.path("heldFor").asText(""));
            }
        });
        assertThat(labels).containsExactly("", label, label);
        // and the opening's slots, as the desk's Openings screen lists them
        assertThat(bean(com.courtrush.slot.desk.SlotDesk.class).slotsOf(opening).stream()
                        .map(slot -> java.util.Objects.toString(slot.heldFor(), "")))
                .containsExactly("", label, label);
        Reply enabled = api().post("/admin/slots/" + slots.get(2) + "/enable", TestApi.ADMIN_TOKEN, null);
        assertThat(enabled.status()).as("%s", enabled).isEqualTo(409);

        // every week of its term: the slots made later on its day are made held; other days are on sale
        List<Long> nextWeek = slotsOn(first.plusDays(7), court);
        slotsOn(first.plusDays(14), court);
        List<Long> otherDay = slotsOn(first.plusDays(1), court);
        assertThat(heldOn(ann, first.plusDays(7), court)).containsExactly(false, true, true);
        assertThat(heldOn(ann, first.plusDays(14), court)).containsExactly(false, true, true);
        assertThat(heldOn(ann, first.plusDays(1), court)).containsExactly(false, false, false);
        assertThat(otherDay).hasSize(3);

        // a week skipped (a holiday): that week's slots are on sale, and sell
        long id = block.path("id").asLong();
        JsonNode skipped = TestApi.expect(
                        200,
                        api().post("/admin/blocks/" + id + "/skips/" + first.plusDays(7), TestApi.ADMIN_TOKEN, null))
                .data();
        assertThat(skipped.path("skips").get(0).asText())
                .isEqualTo(first.plusDays(7).toString());
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(
                        () -> assertThat(heldOn(ann, first.plusDays(7), court)).containsExactly(false, false, false));
        long nextWeekOpening = openingOf(nextWeek.get(2));
        api().book(students.get(2), nextWeekOpening, nextWeek.get(2));
        invariants().assertHold(nextWeekOpening);
        // a date the block does not fall on cannot be skipped
        Reply wrongDay = api().post("/admin/blocks/" + id + "/skips/" + first.plusDays(1), TestApi.ADMIN_TOKEN, null);
        assertThat(wrongDay.status()).as("%s", wrongDay).isEqualTo(400);

        // the block ended: what it held and has not begun is on sale again
        TestApi.expect(200, api().delete("/admin/blocks/" + id, TestApi.ADMIN_TOKEN));
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(
                        () -> assertThat(heldOn(ann, first.plusDays(14), court)).containsExactly(false, false, false));
        assertThat(TestApi.expect(200, api().get("/admin/blocks", TestApi.ADMIN_TOKEN))
                        .data()
                        .findValuesAsText("label"))
                .doesNotContain(label);
    }

    private Reply hold(long court, LocalDate first, String starts, String ends, String label) {
        return api().post(
                        "/admin/blocks",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "courtId",
                                court,
                                "weekday",
                                first.getDayOfWeek().getValue(),
                                "starts",
                                starts,
                                "ends",
                                ends,
                                "firstDay",
                                first.toString(),
                                "lastDay",
                                first.plusDays(20).toString(),
                                "label",
                                label));
    }

    /** An opening of {@code day} with the court's slots of 18:00 to 21:00, made after the block. */
    private List<Long> slotsOn(LocalDate day, long court) {
        long opening = api().createSession(day, now(), 2);
        return api().generateSlots(opening, List.of(court), "18:00", "21:00", 60, 1);
    }

    /** Whether each of the court's slots on {@code day}, by start, is held — as the students' page reads them. */
    private List<Boolean> heldOn(Student reader, LocalDate day, long court) {
        List<Boolean> held = new ArrayList<>();
        TestApi.expect(200, api().get("/slots?date=" + day, reader.token()))
                .data()
                .forEach(opening -> opening.path("slots").forEach(slot -> {
                    if (slot.path("courtId").asLong() == court) {
                        boolean isHeld = !slot.path("heldFor").isNull();
                        held.add(isHeld);
                        if (isHeld) {
                            assertThat(slot.path("permitsLeft").asInt()).isZero();
                        }
                    }
                }));
        return held;
    }

    private long openingOf(long slot) {
        return jdbc().queryForObject("select session_id from time_slot where id = ?", Long.class, slot);
    }

    private String statusOf(long reservation) {
        return jdbc().queryForObject("select status from reservation where id = ?", String.class, reservation);
    }
}
