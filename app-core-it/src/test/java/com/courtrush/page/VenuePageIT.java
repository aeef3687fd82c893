package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.Chromium;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * Several venues and sports on the students' page (SPEC §21), at 360 px in both languages: the student picks a venue
 * and sport, sees that one's courts, books, finds where to go in My bookings, and the pick is remembered.
 */
class VenuePageIT extends PageTest {

    @Test
    void aStudentPicksTheTableTennisRoomBooksATableAndIsToldWhereToGo() throws Exception {
        String roomZh = TestApi.unique("乒乓球室");
        String roomEn = TestApi.unique("Table-tennis room");
        long room = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/venues",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of("nameZh", roomZh, "nameEn", roomEn, "location", "北区 2F")))
                .data()
                .path("id")
                .asLong();
        long table = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/courts",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "courtName",
                                                TestApi.unique("乒乓台"),
                                                "venueId",
                                                room,
                                                "sport",
                                                "TABLE_TENNIS")))
                .data()
                .path("id")
                .asLong();
        long badmintonCourt = api().createCourt(TestApi.unique("court"));
        long badmintonOpening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long shuttle = api().generateSlots(badmintonOpening, List.of(badmintonCourt), "18:00", "19:00", 60, 1)
                .get(0);
        long tableOpening = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/sessions",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "sessionDate",
                                                Times.tomorrow().toString(),
                                                "flashTime",
                                                Times.now().withNano(0).toString(),
                                                "perUserLimit",
                                                2,
                                                "venueId",
                                                room)))
                .data()
                .path("id")
                .asLong();
        // the table-tennis club holds the table at 20:00 every week of the term (SPEC §21): shown held, never on sale
        TestApi.expect(
                200,
                api().post(
                                "/admin/blocks",
                                TestApi.ADMIN_TOKEN,
                                Map.of(
                                        "courtId",
                                        table,
                                        "weekday",
                                        Times.tomorrow().getDayOfWeek().getValue(),
                                        "starts",
                                        "20:00",
                                        "ends",
                                        "21:00",
                                        "firstDay",
                                        Times.tomorrow().toString(),
                                        "lastDay",
                                        Times.tomorrow().plusWeeks(8).toString(),
                                        "label",
                                        "乒乓球队训练")));
        List<Long> tableSlots = api().generateSlots(tableOpening, List.of(table), "19:00", "21:00", 60, 1);
        long tableAt19 = tableSlots.get(0);
        long heldAt20 = tableSlots.get(1);
        Student student = api().students(1).get(0);
        try {
            try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
                page.signInToTheCourts(student);
                page.open("#/slots/" + Times.tomorrow());
                // every venue's sport to pick; the first is the gym's badminton
                page.await(d -> page.row(shuttle) != null);
                WebElement tables = page.await(d -> venueChip(page, roomZh + " · 乒乓球"));
                assertThat(page.driver.findElement(By.id("venues")).getText()).contains("羽毛球");
                page.tap(tables);
                page.await(d -> page.row(tableAt19) != null);
                assertThat(page.driver.findElements(By.cssSelector("li.slot[data-slot='" + shuttle + "']")))
                        .as("badminton is not on the table-tennis room's screen")
                        .isEmpty();
                assertThat(page.contentWidth()).isLessThanOrEqualTo(PHONE);
                assertThat(page.row(heldAt20).getText()).contains("上课占用 · 乒乓球队训练");
                assertThat(page.button(heldAt20).isEnabled())
                        .as("a held slot takes no tap")
                        .isFalse();
                assertThat(page.accessibilityViolations())
                        .as("WCAG 2.1 AA, the venues")
                        .isEmpty();
                page.screenshot("zh-venues");

                page.tap(page.button(tableAt19));
                page.awaitState(tableAt19, "mine");
                long booked = TestApi.expect(200, api().get("/reservations/mine", student.token()))
                        .data()
                        .get(0)
                        .path("reservationId")
                        .asLong();
                page.open("#/mine");
                assertThat(page.bookingText(booked)).contains(roomZh).contains("北区 2F");
                page.screenshot("zh-venues-mine");

                // the pick is remembered on the phone
                page.open("#/slots/" + Times.tomorrow());
                page.reload();
                page.await(d -> page.row(tableAt19) != null);
                assertThat(page.scriptErrors())
                        .as("errors in the page's console")
                        .isEmpty();
            }
            try (StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
                page.signInToTheCourts(student);
                // picked on a date the room has no opening on, the room's next opening's date is shown
                page.open("#/slots/" + Times.tomorrow().plusDays(9));
                page.tap(page.await(d -> venueChip(page, roomEn + " · Table tennis")));
                page.await(d -> page.row(tableAt19) != null);
                assertThat(page.driver.findElements(By.cssSelector("#days .chip.day.has-opening")).stream()
                                .map(chip -> chip.getAttribute("href")))
                        .as("the room's day marked")
                        .anyMatch(href -> href.endsWith("#/slots/" + Times.tomorrow()));
                assertThat(page.driver.findElement(By.id("venues")).getText()).contains("Badminton");
                assertThat(page.row(heldAt20).getText()).contains("Held for 乒乓球队训练");
                page.screenshot("en-venues");
            }
        } finally {
            // the page's engine is shared: leave one venue for the classes after
            TestApi.expect(200, api().put("/admin/venues/" + room, TestApi.ADMIN_TOKEN, Map.of("active", false)));
            TestApi.expect(200, api().put("/admin/courts/" + table, TestApi.ADMIN_TOKEN, Map.of("active", false)));
        }
    }

    private static WebElement venueChip(StudentPage page, String label) {
        return page.driver.findElements(By.cssSelector("#venues .chip.venue")).stream()
                .filter(chip -> chip.getText().equals(label))
                .findFirst()
                .orElse(null);
    }
}
