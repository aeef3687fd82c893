package com.courtrush;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.Release;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an upgrade keeps (SPEC §23), checked on an engine of this build started on an older release's data, embedded
 * or on MariaDB: {@code made} is what the release's seeding made ({@code release/fixtures/seed.py}).
 */
final class UpgradedData {

    private UpgradedData() {}

    /**
     * The database is at this release's schema; every student signs in with their password and finds their bookings
     * as they were — paid, refunded, cancelled, unpaid — and their notices; and a new opening is booked, paid and
     * refunded on the migrated data.
     */
    static void everythingKeptAndWorking(TestApi api, JsonNode made) {
        // the database is at this release's schema, and this release recorded itself on it
        JsonNode info = TestApi.expect(200, api.get("/actuator/info", TestApi.ADMIN_TOKEN))
                .body()
                .path("courtrush");
        assertThat(info.path("databaseSchema").asInt())
                .isEqualTo(Release.current().schema());

        // every student signs in with the password the older release kept, and finds what they had
        Map<String, Student> students = new HashMap<>();
        for (JsonNode id : made.path("students")) {
            String token = TestApi.expect(
                            200,
                            api.post(
                                    "/auth/login",
                                    null,
                                    Map.of("studentId", id.asText(), "password", "pw-" + id.asText())))
                    .data()
                    .path("token")
                    .asText();
            students.put(id.asText(), new Student(id.asText(), token));
        }
        assertThat(statusOf(api, students.get("2025001"), made.path("paid").asLong()))
                .isEqualTo("CONFIRMED");
        assertThat(statusOf(api, students.get("2025002"), made.path("refunded").asLong()))
                .isIn("REFUNDED", "CANCELLED");
        assertThat(statusOf(api, students.get("2025003"), made.path("cancelled").asLong()))
                .isEqualTo("CANCELLED");
        assertThat(statusOf(api, students.get("2025004"), made.path("unpaid").asLong()))
                .as("unpaid: still to pay, or timed out since")
                .isNotEmpty();
        for (Map.Entry<String, JsonNode> notices : iterable(made.path("notices"))) {
            assertThat(TestApi.expect(
                                    200,
                                    api.get(
                                            "/notices?size=50",
                                            students.get(notices.getKey()).token()))
                            .data()
                            .path("notices")
                            .size())
                    .as("%s's notices", notices.getKey())
                    .isGreaterThanOrEqualTo(notices.getValue().asInt());
        }

        // one venue of badminton courts, named as the gym is, and every court and opening in it (SPEC §21)
        JsonNode venues = TestApi.expect(200, api.get("/venues", null)).data();
        assertThat(venues).as("%s", venues).hasSize(1);
        assertThat(venues.get(0).path("id").asLong()).isEqualTo(1);
        assertThat(venues.get(0).path("nameZh").asText())
                .isNotBlank()
                .isEqualTo(venues.get(0).path("nameEn").asText());
        assertThat(venues.get(0).path("sports").findValuesAsText("code")).containsExactly("BADMINTON");
        TestApi.expect(200, api.get("/admin/courts", TestApi.ADMIN_TOKEN))
                .data()
                .forEach(court -> {
                    assertThat(court.path("venueId").asLong()).as("%s", court).isEqualTo(1);
                    assertThat(court.path("sport").asText()).as("%s", court).isEqualTo("BADMINTON");
                });

        // and it works: a new opening on the migrated data, booked, paid and refunded
        long court = api.createCourt();
        long opening = api.createSession(tomorrow(), now().minusMinutes(1), 2);
        List<Long> slots = api.generateSlots(opening, List.of(court), "20:00", "21:00", 60, 2);
        Student ann = students.get("2025001");
        long booked = api.book(ann, opening, slots.get(0));
        api.pay(ann, booked);
        assertThat(statusOf(api, ann, booked)).isEqualTo("CONFIRMED");
        TestApi.expect(200, api.post("/pay/refund/" + booked, ann.token(), Map.of("reason", "upgrade test")));
        assertThat(statusOf(api, ann, booked)).isIn("REFUNDED", "CANCELLED");
    }

    /** A booking's status as its student sees it: upcoming or lately played, or in the history before. */
    private static String statusOf(TestApi api, Student student, long reservation) {
        List<JsonNode> seen = new ArrayList<>();
        TestApi.expect(200, api.get("/reservations/mine", student.token()))
                .data()
                .forEach(seen::add);
        TestApi.expect(200, api.get("/reservations/mine/history?size=50", student.token()))
                .data()
                .forEach(seen::add);
        return seen.stream()
                .filter(each ->
                        each.path("reservationId").asLong(each.path("id").asLong()) == reservation)
                .map(each -> each.path("status").asText())
                .findFirst()
                .orElseThrow(() -> new AssertionError(student + " does not see booking " + reservation + ": " + seen));
    }

    private static Iterable<Map.Entry<String, JsonNode>> iterable(JsonNode object) {
        return object::fields;
    }
}
