package com.courtrush;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.core.Release;
import com.courtrush.support.PackagedServer;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An older release's embedded data directory opened by this one (SPEC §23, issue 80): made once by the release itself
 * ({@code release/fixtures/make.sh}: its H2 database, redis-server's file, the broker's store, a backup it made, and
 * {@code made.json}, what its seeding made), started on by the packaged server of this build. Everything is there and
 * works: every student signs in with their password and finds their bookings as they were — paid, refunded,
 * cancelled, unpaid, waiting — and their notices; the database is at this release's schema, recorded; the older
 * backup is listed; and a new opening is booked, paid and refunded on the migrated data.
 */
class UpgradeFromReleaseIT {

    /** Kept when the test fails: the server's output is there. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path work;

    @ParameterizedTest(name = "from {0}")
    @ValueSource(strings = {"0.1.0"})
    void anOlderReleasesDataOpensWithEverythingKeptAndWorking(String version) throws Exception {
        Path data = work.resolve("data");
        unzip("/upgrade/" + version + "/data.zip", data);
        JsonNode made;
        try (InputStream in = getClass().getResourceAsStream("/upgrade/" + version + "/made.json")) {
            made = new ObjectMapper().readTree(in);
        }
        Path output = work.resolve("server.out");
        Process server = PackagedServer.start(data, output);
        try {
            await("the start on " + version + "'s data")
                    .atMost(PackagedServer.START_LIMIT)
                    .until(() -> PackagedServer.output(output).contains("CourtRush is ready") || !server.isAlive());
            assertThat(server.isAlive()).as(PackagedServer.output(output)).isTrue();
            TestApi api = new TestApi(PackagedServer.port(output));

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
            assertThat(statusOf(
                            api, students.get("2025002"), made.path("refunded").asLong()))
                    .isIn("REFUNDED", "CANCELLED");
            assertThat(statusOf(
                            api, students.get("2025003"), made.path("cancelled").asLong()))
                    .isEqualTo("CANCELLED");
            assertThat(statusOf(
                            api, students.get("2025004"), made.path("unpaid").asLong()))
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
            assertThat(TestApi.expect(200, api.get("/admin/backups", TestApi.ADMIN_TOKEN))
                            .data()
                            .toString())
                    .as("the backup the older release made")
                    .contains("on-demand");

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
        } finally {
            server.destroy(); // SIGTERM, as systemctl stop
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("stopped").isTrue();
        }
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

    private static void unzip(String resource, Path into) throws IOException {
        try (ZipInputStream zip = new ZipInputStream(UpgradeFromReleaseIT.class.getResourceAsStream(resource))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                Path target = into.resolve(entry.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("an entry outside the folder: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(zip, target);
                }
            }
        }
    }
}
