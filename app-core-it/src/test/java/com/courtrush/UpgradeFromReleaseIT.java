package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.support.PackagedServer;
import com.courtrush.support.TestApi;
import com.courtrush.support.Zips;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An older release's embedded data directory opened by this one (SPEC §23, issue 80): made once by the release itself
 * ({@code release/fixtures/make.sh}: its H2 database, redis-server's file, the broker's store with grants a crowd was
 * answered 202 for and the release was killed with, a backup it made, and {@code made.json}, what its seeding made), started on by the packaged server of this build. Everything is there and
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
        Zips.unpack(UpgradeFromReleaseIT.class.getResourceAsStream("/upgrade/" + version + "/data.zip"), data);
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
            UpgradedData.everythingKeptAndWorking(api, made);
            assertThat(TestApi.expect(200, api.get("/admin/backups", TestApi.ADMIN_TOKEN))
                            .data()
                            .toString())
                    .as("the backup the older release made")
                    .contains("on-demand");
            // the crowd's grants the release was killed with, left in the broker's store and in flight: each recorded
            // once by this release's start
            JsonNode crowd = made.path("crowd");
            await("the crowd's grants recorded")
                    .atMost(Duration.ofSeconds(60))
                    .untilAsserted(() -> assertThat(TestApi.expect(
                                            200,
                                            api.get(
                                                    "/admin/reservations?sessionId="
                                                            + crowd.path("session")
                                                                    .asLong() + "&size=500",
                                                    TestApi.ADMIN_TOKEN))
                                    .data()
                                    .path("records")
                                    .size())
                            .isEqualTo(crowd.path("granted").size()));
        } finally {
            server.destroy(); // SIGTERM, as systemctl stop
            assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("stopped").isTrue();
        }
    }
}
