package com.courtrush.venue;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The desk per venue (SPEC §21) over HTTP: two venues with their own desk workers; each sees only its venue's board,
 * day list, running slots, receipts and shifts, and is refused another venue's check-in, walk-in, payment and refund; a
 * manager sees both and picks one.
 */
public interface DeskVenueScenarios extends StackAccess {

    @Test
    default void eachVenuesDeskSeesAndTouchesOnlyItsOwnBookingsAndMoney() {
        Times.clearOfMidnight(Duration.ofMinutes(90));
        String admin = TestApi.ADMIN_TOKEN;
        long east = venue("东馆", "East hall");
        long west = venue("西馆", "West hall");
        long eastCourt = court(east);
        long westCourt = court(west);
        Student eastDesk = api().staffMember("STAFF");
        Student westDesk = api().staffMember("STAFF");
        Student manager = api().staffMember("MANAGER");
        assign(manager, eastDesk, east);
        assign(manager, westDesk, west);
        TestApi.expect(200, api().get("/admin/venues/staff", admin))
                .data()
                .path(Long.toString(userIdOf(eastDesk)))
                .forEach(venue -> assertThat(venue.asLong()).isEqualTo(east));

        long eastOpening = opening(east);
        long westOpening = opening(west);
        List<Long> eastSlots = api().generateSlots(eastOpening, List.of(eastCourt), "08:00", "10:00", 60, 2);
        List<Long> westSlots = api().generateSlots(westOpening, List.of(westCourt), "08:00", "10:00", 60, 2);
        List<Student> students = api().students(4);
        // the openings flashed as they were made: each is sold once its slots are in every node's catalog
        for (long venue : List.of(east, west)) {
            await().atMost(Duration.ofSeconds(15))
                    .untilAsserted(() -> assertThat(TestApi.expect(
                                            200,
                                            api().get(
                                                            "/slots?date=" + tomorrow() + "&venueId=" + venue,
                                                            students.get(0).token()))
                                    .data()
                                    .path(0)
                                    .path("slots"))
                            .hasSize(2));
        }
        long eastBooking = api().book(students.get(0), eastOpening, eastSlots.get(0));
        long westBooking = api().book(students.get(1), westOpening, westSlots.get(0));
        long westUnpaid = api().book(students.get(2), westOpening, westSlots.get(0));
        long westOnline = api().book(students.get(3), westOpening, westSlots.get(1));
        String westOrder = TestApi.expect(
                        200,
                        api().post("/pay/wechat/" + westOnline, students.get(3).token(), null))
                .data()
                .path("outTradeNo")
                .asText();
        api().pay(students.get(0), eastBooking);
        api().pay(students.get(1), westBooking);
        LocalDate day = now().minusMinutes(5).toLocalDate();
        startSlotAt(eastSlots.get(0), now().minusMinutes(5).withNano(0));
        startSlotAt(westSlots.get(0), now().minusMinutes(5).withNano(0));

        // the board and the day's list: each desk its own venue's; a manager both, or the one picked
        assertThat(boardCourts(eastDesk.token(), day, null)).containsExactly(eastCourt);
        assertThat(boardCourts(westDesk.token(), day, null)).containsExactly(westCourt);
        assertThat(boardCourts(manager.token(), day, null)).contains(eastCourt, westCourt);
        assertThat(boardCourts(manager.token(), day, west)).containsExactly(westCourt);
        assertThat(api().get("/admin/board?date=" + day + "&venueId=" + west, eastDesk.token())
                        .status())
                .as("another venue's board, asked for by name")
                .isEqualTo(403);
        assertThat(bookingsListed(eastDesk.token(), day)).contains(eastBooking).doesNotContain(westBooking);
        assertThat(bookingsListed(westDesk.token(), day)).contains(westBooking).doesNotContain(eastBooking);

        // the reservations list and the desk's search: the desk's venue's only
        List<Long> found = new ArrayList<>();
        TestApi.expect(200, api().get("/admin/reservations?from=" + day, eastDesk.token()))
                .data()
                .path("records")
                .forEach(row -> found.add(row.path("id").asLong()));
        assertThat(found).contains(eastBooking).doesNotContain(westBooking, westUnpaid);
        assertThat(TestApi.expect(
                                200,
                                api().get(
                                                "/admin/reservations?from=" + day + "&q="
                                                        + students.get(1).studentId(),
                                                eastDesk.token()))
                        .data()
                        .path("total")
                        .asLong())
                .as("another venue's student, searched by id")
                .isZero();

        // check-in: another venue's booking is not this desk's, by id or by its code
        Reply crossed = api().post("/admin/check-in/" + westBooking, eastDesk.token(), null);
        assertThat(crossed.status()).as("%s", crossed).isEqualTo(403);
        String westQr = TestApi.expect(
                        200,
                        api().get(
                                        "/reservations/" + westBooking + "/check-in",
                                        students.get(1).token()))
                .data()
                .path("qrText")
                .asText();
        assertThat(api().post("/admin/check-in/scan", eastDesk.token(), Map.of("code", westQr))
                        .status())
                .isEqualTo(403);
        TestApi.expect(200, api().post("/admin/check-in/" + eastBooking, eastDesk.token(), null));
        TestApi.expect(200, api().post("/admin/check-in/scan", westDesk.token(), Map.of("code", westQr)));

        // walk-ins: the running slots listed are the desk's venue's; another venue's slot is refused
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(running(admin)).contains(eastSlots.get(0), westSlots.get(0)));
        assertThat(running(eastDesk.token())).contains(eastSlots.get(0)).doesNotContain(westSlots.get(0));
        Reply walkIn = api().post(
                        "/admin/walk-in",
                        eastDesk.token(),
                        Map.of(
                                "slotId",
                                westSlots.get(0),
                                "studentId",
                                students.get(0).studentId(),
                                "expectedCents",
                                0));
        assertThat(walkIn.status()).as("%s", walkIn).isEqualTo(403);

        // money: another venue's booking is not there to take money for, refund, or read receipts of
        Reply paying = api().post(
                        "/admin/reservations/" + westUnpaid + "/pay-at-desk?expectedCents=0", eastDesk.token(), null);
        assertThat(paying.status()).as("%s", paying).isIn(403, 404);
        int price = 0;
        for (JsonNode listed : TestApi.expect(200, api().get("/admin/check-in?date=" + day, westDesk.token()))
                .data()) {
            if (listed.path("reservationId").asLong() == westUnpaid) {
                price = listed.path("amountCents").asInt();
            }
        }
        assertThat(price).as("what the desk is shown to take").isPositive();
        JsonNode paid = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/reservations/" + westUnpaid + "/pay-at-desk?expectedCents=" + price,
                                        westDesk.token(),
                                        null))
                .data();
        assertThat(paid.path("status").asText()).isEqualTo("CONFIRMED");
        JsonNode receipts = TestApi.expect(
                        200, api().get("/admin/receipts?reservationId=" + westUnpaid, westDesk.token()))
                .data();
        assertThat(receipts).hasSize(1);
        assertThat(receipts.get(0).path("venueNameEn").asText()).startsWith("West hall");
        String receiptNo = receipts.get(0).path("receiptNo").asText();
        assertThat(api().get("/admin/receipts/" + receiptNo, eastDesk.token()).status())
                .isEqualTo(403);
        assertThat(api().get("/admin/receipts?reservationId=" + westUnpaid, eastDesk.token())
                        .status())
                .isEqualTo(403);
        assertThat(api().get("/admin/reservations/" + westBooking, eastDesk.token())
                        .status())
                .isEqualTo(404);
        assertThat(api().post("/pay/wechat/mock-success/" + westOrder, eastDesk.token(), null)
                        .status())
                .as("another venue's order marked paid")
                .isEqualTo(404);
        Reply refund = api().post(
                        "/admin/reservations/" + westBooking + "/refund",
                        eastDesk.token(),
                        Map.of("reason", "not mine to give"));
        assertThat(refund.status()).as("%s", refund).isEqualTo(404);

        // shifts: each kept at its venue's desk, a manager sees a venue's apart
        TestApi.expect(200, api().post("/admin/shifts", eastDesk.token(), Map.of("console", "east-desk")));
        TestApi.expect(200, api().post("/admin/shifts", westDesk.token(), Map.of("console", "west-desk")));
        List<String> eastShifts = new ArrayList<>();
        TestApi.expect(200, api().get("/admin/shifts?venueId=" + east, manager.token()))
                .data()
                .forEach(shift -> eastShifts.add(shift.path("console").asText()));
        assertThat(eastShifts).contains("east-desk").doesNotContain("west-desk");

        // reports: a desk's money is its venues' only, in the report and its exports; a manager's is every venue's
        String report = "/admin/reports?from=" + day + "&to=" + tomorrow();
        assertThat(reportedVenues(eastDesk.token(), report)).containsExactly(east);
        assertThat(reportedVenues(manager.token(), report)).contains(east, west);
        assertThat(reportedVenues(manager.token(), report + "&venueId=" + west)).containsExactly(west);
        assertThat(api().get(report + "&venueId=" + west, eastDesk.token()).status())
                .isEqualTo(403);
        assertThat(api().get("/admin/reports/pay-orders.csv?from=" + day + "&venueId=" + west, eastDesk.token())
                        .status())
                .isEqualTo(403);
        JsonNode westMoney = TestApi.expect(200, api().get(report + "&venueId=" + west, westDesk.token()))
                .data();
        assertThat(westMoney.path("total").path("paid").asInt()).isEqualTo(2);
        JsonNode studentsMoney = westMoney.path("byCategory").path(0);
        assertThat(studentsMoney.path("category").asText()).isEqualTo("STUDENT");
        assertThat(studentsMoney.path("paid").asInt()).isEqualTo(2);
        assertThat(studentsMoney.path("revenueYuan").decimalValue())
                .isEqualByComparingTo(
                        westMoney.path("total").path("revenueYuan").decimalValue());
    }

    /**
     * SPEC §21: a desk worker changes nothing of another venue's — its openings, slots (their price, their sale, a
     * withdrawal that would cancel and refund its bookings), courts and rules — and still changes their own venue's.
     */
    @Test
    default void aDeskWorkerChangesNothingOfAnotherVenue() {
        long east = venue("东馆", "East hall");
        long west = venue("西馆", "West hall");
        long eastCourt = court(east);
        long westCourt = court(west);
        Student eastDesk = api().staffMember("STAFF");
        Student manager = api().staffMember("MANAGER");
        assign(manager, eastDesk, east);
        long eastOpening = opening(east);
        long westOpening = opening(west);
        long eastSlot = api().generateSlots(eastOpening, List.of(eastCourt), "08:00", "09:00", 60, 2)
                .get(0);
        long westSlot = api().generateSlots(westOpening, List.of(westCourt), "08:00", "09:00", 60, 2)
                .get(0);
        String token = eastDesk.token();
        Map<String, Reply> refused = new java.util.LinkedHashMap<>();
        refused.put("price", api().put("/admin/slots/" + westSlot, token, Map.of("capacity", 2, "priceCents", 1)));
        refused.put("withdraw", api().post("/admin/slots/" + westSlot + "/withdraw", token, Map.of("reason", "x")));
        refused.put("close", api().post("/admin/sessions/" + westOpening + "/close", token, null));
        refused.put(
                "slots",
                api().post(
                                "/admin/sessions/" + westOpening + "/slots/generate",
                                token,
                                Map.of(
                                        "courtIds",
                                        List.of(westCourt),
                                        "startTime",
                                        "10:00",
                                        "endTime",
                                        "11:00",
                                        "durationMinutes",
                                        60,
                                        "capacity",
                                        1,
                                        "priceCents",
                                        2000)));
        refused.put(
                "opening",
                api().post(
                                "/admin/sessions",
                                token,
                                Map.of(
                                        "sessionDate",
                                        tomorrow().plusDays(2).toString(),
                                        "flashTime",
                                        now().withNano(0).toString(),
                                        "perUserLimit",
                                        2,
                                        "venueId",
                                        west)));
        refused.put("court", api().put("/admin/courts/" + westCourt, token, Map.of("courtName", "mine now")));
        refused.forEach((what, reply) ->
                assertThat(reply.status()).as("%s: %s", what, reply).isEqualTo(403));
        String westName = jdbc().queryForObject("select name_en from venue where id = ?", String.class, west);
        assertThat(refused.get("withdraw").body().path("message").asText())
                .as("the refusal names the venue whose desk it is")
                .isEqualTo("This is the desk of " + westName + ", not yours: ask its staff or a manager.");
        // nor are another venue's courts and openings listed to them; a manager's lists hold both
        for (String lists : List.of("/admin/courts", "/admin/sessions?date=" + tomorrow())) {
            assertThat(ids(api().get(lists, token)))
                    .as(lists)
                    .contains(lists.contains("courts") ? eastCourt : eastOpening)
                    .doesNotContain(lists.contains("courts") ? westCourt : westOpening)
                    .allMatch(id -> venueOf(lists, id) == east);
            assertThat(ids(api().get(lists, manager.token())))
                    .as(lists)
                    .contains(lists.contains("courts") ? westCourt : westOpening);
        }
        assertThat(jdbc().queryForObject("select active from time_slot where id = ?", Boolean.class, westSlot))
                .isTrue();
        assertThat(jdbc().queryForObject("select state from reserve_session where id = ?", String.class, westOpening))
                .isNotEqualTo("CLOSED");
        // their own venue's, as before
        TestApi.expect(200, api().put("/admin/slots/" + eastSlot, token, Map.of("capacity", 3, "priceCents", 2500)));
        TestApi.expect(200, api().post("/admin/sessions/" + eastOpening + "/close", token, null));
    }

    private static List<Long> ids(Reply listed) {
        List<Long> ids = new ArrayList<>();
        TestApi.expect(200, listed)
                .data()
                .forEach(each -> ids.add(each.path("id").asLong()));
        return ids;
    }

    private long venueOf(String list, long id) {
        return jdbc().queryForObject(
                        list.contains("courts")
                                ? "select venue_id from court where id = ?"
                                : "select venue_id from reserve_session where id = ?",
                        Long.class,
                        id);
    }

    /** The venues whose sports a report of {@code query} lists, read with {@code token}. */
    private List<Long> reportedVenues(String token, String query) {
        List<Long> venues = new ArrayList<>();
        TestApi.expect(200, api().get(query, token))
                .data()
                .path("bySport")
                .forEach(row -> venues.add(row.path("venueId").asLong()));
        return venues.stream().distinct().toList();
    }

    private long venue(String zh, String en) {
        return TestApi.expect(
                        200,
                        api().post(
                                        "/admin/venues",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of("nameZh", TestApi.unique(zh), "nameEn", TestApi.unique(en))))
                .data()
                .path("id")
                .asLong();
    }

    private long court(long venue) {
        return TestApi.expect(
                        200,
                        api().post(
                                        "/admin/courts",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of("courtName", TestApi.unique("court"), "venueId", venue)))
                .data()
                .path("id")
                .asLong();
    }

    private long opening(long venue) {
        return TestApi.expect(
                        200,
                        api().post(
                                        "/admin/sessions",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "sessionDate",
                                                tomorrow().toString(),
                                                "flashTime",
                                                now().withNano(0).toString(),
                                                "perUserLimit",
                                                2,
                                                "venueId",
                                                venue)))
                .data()
                .path("id")
                .asLong();
    }

    private void assign(Student manager, Student desk, long venue) {
        TestApi.expect(
                200,
                api().put(
                                "/admin/venues/staff/" + userIdOf(desk),
                                manager.token(),
                                Map.of("venueIds", List.of(venue))));
    }

    private List<Long> boardCourts(String token, LocalDate day, Long venue) {
        String path = "/admin/board?date=" + day + (venue == null ? "" : "&venueId=" + venue);
        List<Long> courts = new ArrayList<>();
        TestApi.expect(200, api().get(path, token))
                .data()
                .path("courts")
                .forEach(court -> courts.add(court.path("courtId").asLong()));
        return courts;
    }

    private List<Long> bookingsListed(String token, LocalDate day) {
        List<Long> bookings = new ArrayList<>();
        TestApi.expect(200, api().get("/admin/check-in?date=" + day, token))
                .data()
                .forEach(booking -> bookings.add(booking.path("reservationId").asLong()));
        return bookings;
    }

    private List<Long> running(String token) {
        List<Long> slots = new ArrayList<>();
        TestApi.expect(200, api().get("/admin/walk-in", token))
                .data()
                .forEach(slot -> slots.add(slot.path("slotId").asLong()));
        return slots;
    }
}
