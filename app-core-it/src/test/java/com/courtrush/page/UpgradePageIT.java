package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.Chromium;
import com.courtrush.support.FaultProxy;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * The students' page while a single node is upgraded (SPEC §23, issue 80), on the page's shared engine: what a manager
 * announces, what the engine refuses, and what an open page says while the node is down and once it is back.
 */
class UpgradePageIT extends PageTest {

    /**
     * Issue 80: a manager announces that this single node is to be upgraded. Refused for a time that meets an opening's
     * warm-up and rush (in words: which opening, from when to when); a shorter one before it is announced, and the page
     * open on the courts says "maintenance, back at …" at its next refresh — and goes on saying it while the node is
     * down (a proxy in between cuts it), not that the server cannot be reached. Called off and back, the banner goes.
     */
    @Test
    void anUpgradeIsRefusedInAnOpeningsRushAndAnnouncedTheOpenPageSaysBackAtWhileTheNodeIsDown() throws Exception {
        Student student = api().students(1).get(0);
        Student deskClerk = api().staffMember("STAFF");
        long court = api().createCourt(TestApi.unique("court"));
        LocalDateTime flash = Times.now().plusMinutes(40).withNano(0); // quiet from +25: 3 minutes fit before
        long opening = api().createSession(Times.tomorrow(), flash, 2);
        long slot = api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1)
                .get(0);

        TestApi.expect(403, api().post("/admin/maintenance/upgrade", deskClerk.token(), Map.of("minutes", 3)));
        TestApi.Reply refused = TestApi.expect(
                409, api().post("/admin/maintenance/upgrade", TestApi.ADMIN_TOKEN, Map.of("minutes", 60)));
        DateTimeFormatter hour = DateTimeFormatter.ofPattern("HH:mm");
        assertThat(refused.body().get("message").asText())
                .contains("opening " + opening)
                .contains(hour.format(flash))
                .contains(hour.format(flash.minusMinutes(15)))
                .contains(hour.format(flash.plusMinutes(10)));
        assertThat(refused.data().get("sessionId").asLong()).isEqualTo(opening);
        TestApi.expect(400, api().post("/admin/maintenance/upgrade", TestApi.ADMIN_TOKEN, Map.of("minutes", 0)));

        try (FaultProxy engine = new FaultProxy("127.0.0.1", port);
                StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), engine.port())) {
            page.signInToTheCourts(student);
            page.await(d -> page.row(slot) != null);
            assertThat(page.networkBanner()).isNull();

            String until;
            try {
                until = TestApi.expect(
                                200,
                                api().post("/admin/maintenance/upgrade", TestApi.ADMIN_TOKEN, Map.of("minutes", 3)))
                        .data()
                        .get("until")
                        .asText();
                String backAt = until.substring(11, 16);
                TestApi.Reply told = api().get("/reservations/mine", student.token());
                assertThat(told.status()).isEqualTo(503);
                assertThat(told.data().get("maintenance").asText()).isEqualTo("UPGRADE");
                assertThat(told.data().get("until").asText()).isEqualTo(until);
                assertThat(Integer.parseInt(api().raw("GET", "/reservations/mine", student.token(), Map.of(), null)
                                .headers()
                                .get("retry-after")
                                .get(0)))
                        .as("asked again soon, not at the announced end")
                        .isBetween(1, 15);
                // a tap on its way is not taken by a node about to stop (the reserve lane leaves it to the answer)
                TestApi.Reply tapped = api().reserve(student, opening, slot);
                assertThat(tapped.status()).isEqualTo(503);
                assertThat(tapped.data().get("maintenance").asText()).isEqualTo("UPGRADE");
                assertThat(TestApi.expect(200, api().get("/admin/maintenance/upgrade", TestApi.ADMIN_TOKEN))
                                .data()
                                .get("until")
                                .asText())
                        .isEqualTo(until);

                // the page's next refresh: "maintenance, back at …"
                page.await(d -> page.networkBanner() != null, Duration.ofSeconds(20));
                assertThat(page.networkBanner())
                        .contains("维护中")
                        .contains(backAt)
                        .doesNotContain("连不上");
                page.screenshot("zh-upgrade-announced");

                // the node stops for its upgrade: the page says the same, not "cannot be reached"
                engine.mode(FaultProxy.Mode.DOWN);
                page.js("document.getElementById('net-text').textContent = ''"); // said again by the next call
                page.tap(page.driver.findElement(By.id("net-retry")));
                page.await(d -> !page.networkBanner().isBlank());
                assertThat(page.networkBanner())
                        .contains("维护中")
                        .contains(backAt)
                        .doesNotContain("连不上");
                page.screenshot("zh-upgrade-node-down");
            } finally {
                TestApi.expect(200, api().delete("/admin/maintenance/upgrade", TestApi.ADMIN_TOKEN));
            }
            assertThat(TestApi.expect(200, api().get("/admin/maintenance/upgrade", TestApi.ADMIN_TOKEN))
                            .data()
                            .isNull())
                    .isTrue();
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'UPGRADE_ANNOUNCED'", Integer.class))
                    .isPositive();

            // back: the banner goes, the courts read again
            engine.mode(FaultProxy.Mode.PASS);
            page.tap(page.driver.findElement(By.id("net-retry")));
            page.await(d -> page.networkBanner() == null, Duration.ofSeconds(45));
            assertThat(page.state(slot)).isNotBlank();
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        }
    }
}
