package com.courtrush.venue;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Prices by time and by who books (SPEC §21) on a whole stack: at one flash, students and faculty each pay their own
 * category's price for the same slot, shown before the tap and fixed when the place is granted; a venue that admits
 * only students refuses the faculty at the door.
 */
public interface PriceScenarios extends StackAccess {

    @Test
    default void facultyAndStudentsPayTheirOwnPricesAtOneFlash() throws Exception {
        long venue = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/venues",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "nameZh",
                                                TestApi.unique("教工馆"),
                                                "nameEn",
                                                TestApi.unique("Staff hall"))))
                .data()
                .path("id")
                .asLong();
        long court = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/courts",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "courtName",
                                                TestApi.unique("court"),
                                                "venueId",
                                                venue,
                                                "sport",
                                                "BADMINTON")))
                .data()
                .path("id")
                .asLong();
        // off-peak and peak for students, one price all day for faculty, a dearer faculty evening for badminton
        JsonNode set = TestApi.expect(
                        200,
                        api().put(
                                        "/admin/venues/" + venue + "/prices",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "categories",
                                                List.of("STUDENT", "FACULTY"),
                                                "bands",
                                                List.of(
                                                        band(null, "STUDENT", "08:00", "18:00", 1000),
                                                        band(null, "STUDENT", "18:00", "22:00", 2000),
                                                        band(null, "FACULTY", "08:00", "22:00", 3000),
                                                        band("BADMINTON", "FACULTY", "19:00", "22:00", 4000)))))
                .data();
        assertThat(set.path("bands")).hasSize(4);
        // two bands of one kind that overlap would leave a slot's price to chance: refused whole
        Reply overlapping = api().put(
                        "/admin/venues/" + venue + "/prices",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "categories",
                                List.of("STUDENT"),
                                "bands",
                                List.of(
                                        band(null, "STUDENT", "08:00", "19:00", 1000),
                                        band(null, "STUDENT", "18:00", "22:00", 2000))));
        assertThat(overlapping.status()).as("%s", overlapping).isEqualTo(400);

        LocalDateTime flash = now().plusSeconds(5).withNano(0);
        long opening = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/sessions",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "sessionDate",
                                                tomorrow().toString(),
                                                "flashTime",
                                                flash.toString(),
                                                "perUserLimit",
                                                2,
                                                "venueId",
                                                venue)))
                .data()
                .path("id")
                .asLong();
        List<Long> slots = api().generateSlots(opening, List.of(court), "17:00", "20:00", 60, 6);
        long offPeak = slots.get(0); // 17:00
        long peak = slots.get(1); // 18:00
        long evening = slots.get(2); // 19:00

        // faculty: one imported as such, one turned so by staff while signed in (the same token books as faculty)
        String facultyId = TestApi.unique("fac").replace("-", "");
        TestApi.expect(
                200,
                api().post(
                                "/admin/students",
                                TestApi.ADMIN_TOKEN,
                                Map.of(
                                        "students",
                                        List.of(Map.of(
                                                "studentId",
                                                facultyId,
                                                "password",
                                                TestApi.passwordOf(new Student(facultyId, null)),
                                                "name",
                                                "Prof " + facultyId,
                                                "category",
                                                "FACULTY")))));
        Student imported = api().signIn(facultyId);
        List<Student> students = api().students(3);
        Student turned = students.get(2);
        long turnedId = TestApi.expect(200, api().get("/admin/students?q=" + turned.studentId(), TestApi.ADMIN_TOKEN))
                .data()
                .path("records")
                .get(0)
                .path("id")
                .asLong();
        JsonNode changed = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/students/" + turnedId + "/category",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of("category", "FACULTY")))
                .data();
        assertThat(changed.path("category").asText()).isEqualTo("FACULTY");
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(TestApi.expect(200, api().get("/auth/me", turned.token()))
                                .data()
                                .path("category")
                                .asText())
                        .isEqualTo("FACULTY"));
        assertThat(TestApi.expect(200, api().get("/auth/me", students.get(0).token()))
                        .data()
                        .path("category")
                        .asText())
                .isEqualTo("STUDENT");

        // shown before the tap: each category's price of each slot
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
            JsonNode listed = TestApi.expect(
                            200, api().get("/slots?date=" + tomorrow() + "&venueId=" + venue, imported.token()))
                    .data();
            assertThat(listed).hasSize(1);
            Map<Long, JsonNode> byId = new java.util.HashMap<>();
            listed.get(0)
                    .path("slots")
                    .forEach(slot -> byId.put(slot.path("slotId").asLong(), slot));
            assertThat(byId.get(offPeak).path("prices").path("STUDENT").asInt()).isEqualTo(1000);
            assertThat(byId.get(peak).path("prices").path("STUDENT").asInt()).isEqualTo(2000);
            assertThat(byId.get(peak).path("priceCents").asInt()).isEqualTo(2000);
            assertThat(byId.get(peak).path("prices").path("FACULTY").asInt()).isEqualTo(3000);
            assertThat(byId.get(evening).path("prices").path("FACULTY").asInt()).isEqualTo(4000);
        });

        // everyone taps the peak slot at the flash, at once
        List<Student> crowd = List.of(students.get(0), students.get(1), imported, turned);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService taps = Executors.newFixedThreadPool(crowd.size());
        List<Future<Reply>> replies = new ArrayList<>();
        for (Student student : crowd) {
            replies.add(taps.submit(() -> {
                go.await();
                return api().reserve(student, opening, peak);
            }));
        }
        sleepUntil(flash.plusNanos(100_000_000));
        go.countDown();
        List<Long> bookings = new ArrayList<>();
        for (int i = 0; i < crowd.size(); i++) {
            Reply reply = replies.get(i).get();
            String trace = TestApi.expect(202, reply).data().path("traceId").asText();
            Reply result = api().awaitResult(crowd.get(i), trace, Duration.ofSeconds(30));
            assertThat(result.data().path("status").asText()).as("%s", result).isEqualTo("SUCCESS");
            bookings.add(result.data().path("reservationId").asLong());
        }
        taps.shutdown();

        // a later change of prices leaves what was granted as it was granted
        TestApi.expect(
                200,
                api().put(
                                "/admin/venues/" + venue + "/prices",
                                TestApi.ADMIN_TOKEN,
                                Map.of("categories", List.of("STUDENT"), "bands", List.of())));
        int[] expected = {2000, 2000, 3000, 3000};
        for (int i = 0; i < crowd.size(); i++) {
            Student student = crowd.get(i);
            long booking = bookings.get(i);
            JsonNode mine = TestApi.expect(200, api().get("/reservations/mine", student.token()))
                    .data();
            JsonNode row = null;
            for (JsonNode each : mine) {
                if (each.path("reservationId").asLong() == booking) {
                    row = each;
                }
            }
            assertThat(row).as("booking %d in My bookings", booking).isNotNull();
            assertThat(row.path("priceCents").asInt()).as("%s", row).isEqualTo(expected[i]);
            JsonNode order = TestApi.expect(200, api().post("/pay/wechat/" + booking, student.token(), null))
                    .data();
            assertThat(order.path("amountCents").asInt()).as("%s", order).isEqualTo(expected[i]);
        }

        // paid, the faculty member downloads the receipt to file: the venue, the order, what was paid — read back
        String order = api().pay(imported, bookings.get(2));
        byte[] receipt = api().file("/reservations/" + bookings.get(2) + "/receipt.pdf", imported.token(), "zh-CN");
        try (org.apache.pdfbox.pdmodel.PDDocument read = org.apache.pdfbox.Loader.loadPDF(receipt)) {
            String text = new org.apache.pdfbox.text.PDFTextStripper().getText(read);
            assertThat(text).contains("收据", "教工馆", order, "¥30.00", "实付合计：¥30.00");
        }
        assertThat(api().get(
                                "/reservations/" + bookings.get(1) + "/receipt.pdf",
                                students.get(1).token())
                        .status())
                .as("unpaid: no receipt yet")
                .isEqualTo(409);
        assertThat(api().get(
                                "/reservations/" + bookings.get(2) + "/receipt.pdf",
                                students.get(0).token())
                        .status())
                .as("another student's booking")
                .isEqualTo(404);

        // the venue's report counts each booking as who booked it, though that account books as a student since
        api().pay(students.get(0), bookings.get(0));
        TestApi.expect(
                200,
                api().post(
                                "/admin/students/" + turnedId + "/category",
                                TestApi.ADMIN_TOKEN,
                                Map.of("category", "STUDENT")));
        JsonNode report = TestApi.expect(
                        200, api().get("/admin/reports?from=" + tomorrow() + "&venueId=" + venue, TestApi.ADMIN_TOKEN))
                .data();
        Map<String, JsonNode> byCategory = new java.util.HashMap<>();
        report.path("byCategory")
                .forEach(row -> byCategory.put(row.path("category").asText(), row));
        assertThat(byCategory.get("FACULTY").path("sold").asInt()).isEqualTo(2);
        assertThat(byCategory.get("FACULTY").path("revenueYuan").decimalValue()).isEqualByComparingTo("30");
        assertThat(byCategory.get("STUDENT").path("sold").asInt()).isEqualTo(2);
        assertThat(byCategory.get("STUDENT").path("revenueYuan").decimalValue()).isEqualByComparingTo("20");
        assertThat(report.path("bySport").path(0).path("held").asInt()).isEqualTo(4);

        // the venue admits students only now: faculty are refused at the door, students still book
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
            Reply refused = api().reserve(imported, opening, evening);
            assertThat(refused.status()).as("%s", refused).isEqualTo(403);
        });
        long studentEvening = api().book(students.get(0), opening, evening);
        assertThat(studentEvening).isPositive();
    }

    private static Map<String, Object> band(String sport, String category, String starts, String ends, int cents) {
        Map<String, Object> band = new java.util.HashMap<>();
        band.put("sport", sport);
        band.put("category", category);
        band.put("days", "ALL");
        band.put("starts", starts);
        band.put("ends", ends);
        band.put("priceCents", cents);
        return band;
    }
}
