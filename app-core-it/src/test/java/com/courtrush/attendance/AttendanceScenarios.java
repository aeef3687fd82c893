package com.courtrush.attendance;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/** Check-in at the desk, no-shows, strikes and blocks (SPEC §16), with real parallel requests. */
public interface AttendanceScenarios extends StackAccess {

    @AtGymHours
    default void aBookingIsCheckedInOnceByItsQrCodeOrShortCodeOrASearchAndTheDeskMayTakeItBackWithinAMinute(
            LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        Times.clearOfMidnight(Duration.ofMinutes(5));
        String admin = TestApi.ADMIN_TOKEN;
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "11:00", 60, 1);
        List<Student> students = api().students(3);
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student cat = students.get(2);
        long catBooking = api().book(cat, session, slots.get(2));
        api().pay(cat, catBooking);
        long annBooking = api().book(ann, session, slots.get(0));
        long bobBooking = api().book(bob, session, slots.get(1));
        api().pay(ann, annBooking);
        String bobOrder = api().pay(bob, bobBooking);
        LocalDate day = startAgo(slots.get(0), Duration.ofMinutes(5));
        startAgo(slots.get(1), Duration.ofMinutes(5));

        // the student's codes: a QR picture of a signed text, and a short code; someone else's: not there
        JsonNode codes = TestApi.expect(200, api().get("/reservations/" + annBooking + "/check-in", ann.token()))
                .data();
        String qr = codes.path("qrText").asText();
        String code = codes.path("code").asText();
        assertThat(qr).startsWith("CI1." + annBooking + ".");
        assertThat(code).matches("[A-HJKMNP-TV-Z2-9]{6,}");
        assertThat(codes.path("qrSvg").asText()).startsWith("<svg").contains("<path");
        assertThat(api().get("/reservations/" + annBooking + "/check-in", bob.token())
                        .status())
                .isEqualTo(404);

        // the desk's day lists both, each with its code; a search by student id finds one
        JsonNode found = TestApi.expect(200, api().get("/admin/check-in?date=" + day + "&q=" + ann.studentId(), admin))
                .data();
        assertThat(found).hasSize(1);
        assertThat(found.get(0).path("code").asText()).isEqualTo(code);
        assertThat(found.get(0).path("checkedInTime").isNull()).isTrue();

        // a forged QR code is no booking; four desks scanning the real one at once: one checks it in
        String forged = qr.substring(0, qr.length() - 2) + (qr.endsWith("AA") ? "BB" : "AA");
        assertThat(api().post("/admin/check-in/scan", admin, Map.of("code", forged))
                        .status())
                .isEqualTo(404);
        List<Reply> scans = together(4, () -> api().post("/admin/check-in/scan", admin, Map.of("code", qr)));
        assertThat(scans.stream().map(Reply::status)).containsExactlyInAnyOrder(200, 409, 409, 409);
        Reply again = api().post("/admin/check-in/scan", admin, Map.of("code", qr));
        assertThat(again.status()).isEqualTo(409);
        // a repeated scan names whom it was (issue 52)
        assertThat(again.body().path("message").asText())
                .contains("Already checked in")
                .contains(ann.studentId());

        // taken back within the minute, then checked in by the short code, read out in lower case
        Reply undone = TestApi.expect(200, api().delete("/admin/check-in/" + annBooking, admin));
        assertThat(undone.data().path("checkedInTime").isNull()).isTrue();
        TestApi.expect(200, api().post("/admin/check-in/scan", admin, Map.of("code", code.toLowerCase())));
        jdbc().update("update reservation set checked_in_time = ? where id = ?", now().minusMinutes(2), annBooking);
        assertThat(api().delete("/admin/check-in/" + annBooking, admin).status())
                .as("too late to take back")
                .isEqualTo(409);

        // Bob shows his order number: searched, then checked in from the list
        JsonNode byOrder = TestApi.expect(200, api().get("/admin/check-in?date=" + day + "&q=" + bobOrder, admin))
                .data();
        assertThat(byOrder).hasSize(1);
        assertThat(byOrder.get(0).path("reservationId").asLong()).isEqualTo(bobBooking);
        assertThat(byOrder.get(0).path("outTradeNo").asText()).isEqualTo(bobOrder);
        TestApi.expect(200, api().post("/admin/check-in/" + bobBooking, admin, null));

        // Cat's code is good from 30 minutes before her start to her end only (her slot moved before, after, then
        // into that window; no-shows counted only from now on, so the sweep leaves her ended slot alone)
        String catQr = TestApi.expect(200, api().get("/reservations/" + catBooking + "/check-in", cat.token()))
                .data()
                .path("qrText")
                .asText();
        AppSettings settings = bean(AppSettings.class);
        String since = settings.get(SettingKey.NO_SHOWS_SINCE);
        try {
            settings.set(SettingKey.NO_SHOWS_SINCE, now().toString());
            startAgo(slots.get(2), Duration.ofMinutes(-120));
            Reply early = api().post("/admin/check-in/scan", admin, Map.of("code", catQr));
            assertThat(early.status()).as("%s", early).isEqualTo(409);
            assertThat(early.body().path("message").asText()).startsWith("Too early: check-in opens at");
            startAgo(slots.get(2), Duration.ofMinutes(90));
            Reply late = api().post("/admin/check-in/scan", admin, Map.of("code", catQr));
            assertThat(late.status()).as("%s", late).isEqualTo(409);
            assertThat(late.body().path("message").asText()).startsWith("The slot ended at");
            startAgo(slots.get(2), Duration.ofMinutes(-25));
            TestApi.expect(200, api().post("/admin/check-in/scan", admin, Map.of("code", catQr)));
        } finally {
            settings.set(SettingKey.NO_SHOWS_SINCE, since);
        }

        // every action audited
        JsonNode audit = TestApi.expect(
                        200, api().get("/admin/audit?targetType=RESERVATION&targetId=" + annBooking, admin))
                .data()
                .path("records");
        assertThat(audit.findValuesAsText("action")).contains("CHECK_IN", "CHECK_IN_UNDO");
    }

    /**
     * The desk's board (issue 52): a day's courts and hours, each slot with its bookings as they stand — unpaid, paid
     * (with the amount a desk payment takes), a multi-place slot's places left — read again as bookings change.
     */
    @Test
    default void theBoardShowsADaysCourtsAndHoursWithEachSlotsBookingsAsTheyStand() {
        String admin = TestApi.ADMIN_TOKEN;
        LocalDate play = tomorrow();
        // named so that an order by name would put B first ("10号场" before "9号场")
        long courtA = api().createCourt(TestApi.unique("9号场"));
        long courtB = api().createCourt(TestApi.unique("10号场"));
        long session = api().createSession(play, now(), 2);
        List<Long> single = api().generateSlots(session, List.of(courtA), "08:00", "10:00", 60, 1);
        List<Long> pair = api().generateSlots(session, List.of(courtB), "08:00", "09:00", 60, 2);
        List<Student> students = api().students(3);
        long unpaid = api().book(students.get(0), session, single.get(0));
        long paid = api().book(students.get(1), session, single.get(1));
        api().pay(students.get(1), paid);
        api().book(students.get(2), session, pair.get(0));

        JsonNode board = TestApi.expect(200, api().get("/admin/board?date=" + play, admin))
                .data();
        assertThat(board.path("day").asText()).isEqualTo(play.toString());
        assertThat(board.path("courts").findValuesAsText("courtId"))
                .contains(Long.toString(courtA), Long.toString(courtB));
        assertThat(board.path("courts").findValuesAsText("courtId").stream()
                        .map(Long::valueOf)
                        .toList())
                .as("the courts in the gym's own order, as the Courts screen lists them")
                .isSorted();
        JsonNode first = slot(board, single.get(0));
        assertThat(first.path("startTime").asText()).isEqualTo("08:00");
        assertThat(first.path("placesLeft").asInt()).isZero();
        assertThat(first.path("running").asBoolean()).isFalse();
        assertThat(first.path("bookings").get(0).path("reservationId").asLong()).isEqualTo(unpaid);
        assertThat(first.path("bookings").get(0).path("status").asText()).isEqualTo("PENDING_PAYMENT");
        assertThat(first.path("bookings").get(0).path("amountCents").asInt()).isEqualTo(2000);
        assertThat(slot(board, single.get(1))
                        .path("bookings")
                        .get(0)
                        .path("status")
                        .asText())
                .isEqualTo("CONFIRMED");
        JsonNode shared = slot(board, pair.get(0));
        assertThat(shared.path("capacity").asInt()).isEqualTo(2);
        assertThat(shared.path("placesLeft").asInt()).isEqualTo(1);

        // the desk takes the unpaid one's money: the next read shows it paid
        TestApi.expect(
                200, api().post("/admin/reservations/" + unpaid + "/pay-at-desk?expectedCents=2000", admin, null));
        JsonNode again = TestApi.expect(200, api().get("/admin/board?date=" + play, admin))
                .data();
        assertThat(slot(again, single.get(0))
                        .path("bookings")
                        .get(0)
                        .path("status")
                        .asText())
                .isEqualTo("CONFIRMED");
    }

    private static JsonNode slot(JsonNode board, long slotId) {
        for (JsonNode slot : board.path("slots")) {
            if (slot.path("slotId").asLong() == slotId) {
                return slot;
            }
        }
        throw new AssertionError("slot " + slotId + " is not on the board");
    }

    /**
     * The desk's one search (issue 52: "马刚" found nothing): a booking is found by a part of its student's name, the
     * student id, the last digits of its order number or its check-in code, among the bookings played in the days
     * around the date asked for; a name outside those days finds nothing, while a whole order number or a code names
     * its booking whatever the day. A "%" typed is looked for as itself.
     */
    @Test
    default void theDeskFindsABookingByWhatItsStudentSaysAmongTheDaysAroundTheDate() {
        String admin = TestApi.ADMIN_TOKEN;
        long court = api().createCourt();
        LocalDate play = tomorrow();
        long session = api().createSession(play, now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1);
        String family = "马" + TestApi.unique("").replaceAll("[^0-9]", "");
        Student ma = api().student(family + "刚");
        long booking = api().book(ma, session, slots.get(0));
        String order = api().pay(ma, booking);
        String code = TestApi.expect(200, api().get("/reservations/" + booking + "/check-in", ma.token()))
                .data()
                .path("code")
                .asText();

        for (String said : List.of(family, ma.studentId(), order.substring(order.length() - 6), code.toLowerCase())) {
            JsonNode found = TestApi.expect(
                            200,
                            api().get(
                                            "/admin/reservations?q="
                                                    + java.net.URLEncoder.encode(
                                                            said, java.nio.charset.StandardCharsets.UTF_8)
                                                    + "&from=" + play,
                                            admin))
                    .data();
            assertThat(found.path("records").findValuesAsText("id"))
                    .as("bookings found by %s", said)
                    .containsExactly(Long.toString(booking));
        }
        // no dates: the days around today, which hold tomorrow
        assertThat(TestApi.expect(
                                200,
                                api().get(
                                                "/admin/reservations?q="
                                                        + java.net.URLEncoder.encode(
                                                                family, java.nio.charset.StandardCharsets.UTF_8),
                                                admin))
                        .data()
                        .path("total")
                        .asLong())
                .isEqualTo(1);
        // ten days later: not among that date's bookings; the whole order number still names it
        String later = play.plusDays(10).toString();
        assertThat(TestApi.expect(
                                200,
                                api().get(
                                                "/admin/reservations?q="
                                                        + java.net.URLEncoder.encode(
                                                                family, java.nio.charset.StandardCharsets.UTF_8)
                                                        + "&from=" + later,
                                                admin))
                        .data()
                        .path("total")
                        .asLong())
                .isZero();
        assertThat(TestApi.expect(200, api().get("/admin/reservations?q=" + order + "&from=" + later, admin))
                        .data()
                        .path("total")
                        .asLong())
                .isEqualTo(1);
        // a pattern's own characters are text: "%" finds no one
        assertThat(TestApi.expect(200, api().get("/admin/reservations?q=%25&from=" + play, admin))
                        .data()
                        .path("total")
                        .asLong())
                .isZero();
        assertThat(api().get("/admin/reservations?q=" + "x".repeat(65), admin).status())
                .isEqualTo(400);
    }

    @AtGymHours
    default void noShowsEndTheirBookingsAndTheirStrikesBlockTheStudentUntilAManagerForgivesOne(LocalTime hour)
            throws Exception {
        TestClock.GYM.at(hour);
        Times.clearOfMidnight(Duration.ofMinutes(20));
        String admin = TestApi.ADMIN_TOKEN;
        AppSettings settings = bean(AppSettings.class);
        String since = settings.get(SettingKey.NO_SHOWS_SINCE);
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 3);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "13:00", 60, 1);
        settings.set(SettingKey.BOOKINGS_PER_DAY, "3"); // Sam's three no-shows are of one day
        try { // the cap and the date are set back whatever fails below
            // an opening warmed before the strikes: its copy of the blocked students follows them
            long warmedBefore = api().createSession(tomorrow(), now(), 2);
            List<Long> laterSlots =
                    api().generateSlots(warmedBefore, List.of(api().createCourt()), "14:00", "20:00", 60, 1);
            List<Student> students = api().students(3);
            Student sam = students.get(0);
            Student tia = students.get(1);
            Student uma = students.get(2);
            List<Long> samBookings = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                samBookings.add(api().book(sam, session, slots.get(i)));
            }
            samBookings.forEach(booking -> api().pay(sam, booking)); // paid: the money is kept
            long tiaBooking = api().book(tia, session, slots.get(3));
            long umaBooking = api().book(uma, session, slots.get(4)); // never paid: the payment timeout's, no strike
            api().pay(tia, tiaBooking);
            LocalDate day = null;
            for (Long slot : slots) {
                day = startAgo(slot, Duration.ofMinutes(20));
            }
            // the other opening's copy of the fair shares follows the slots moved in time, as a re-sync makes it
            TestApi.expect(200, api().post("/admin/sessions/" + warmedBefore + "/resync", admin, null));
            TestApi.expect(200, api().post("/admin/check-in/" + tiaBooking, admin, null));
            settings.set(SettingKey.NO_SHOWS_SINCE, now().minusMinutes(30).toString());
            bean(NoShows.class).sweep();

            // Sam's three ended as no-shows, Tia (checked in) plays
            for (Long booking : samBookings) {
                assertThat(jdbc().queryForMap("select status, cancel_reason from reservation where id = ?", booking))
                        .containsEntry("STATUS", "CANCELLED")
                        .containsEntry("CANCEL_REASON", "NO_SHOW");
            }
            assertThat(jdbc().queryForObject("select status from reservation where id = ?", String.class, tiaBooking))
                    .isEqualTo("CONFIRMED");
            assertThat(jdbc().queryForObject("select status from reservation where id = ?", String.class, umaBooking))
                    .as("an unpaid booking cannot be checked in: not a no-show")
                    .isEqualTo("PENDING_PAYMENT");
            assertThat(jdbc().queryForObject(
                                    "select count(*) from no_show_strike where user_id = ?",
                                    Integer.class,
                                    userIdOf(uma)))
                    .isZero();
            // only a paid booking has a check-in code to show at the desk
            Reply umasCodes = api().get("/reservations/" + umaBooking + "/check-in", uma.token());
            assertThat(umasCodes.status()).as("%s", umasCodes).isEqualTo(409);
            assertThat(umasCodes.body().path("message").asText()).contains("not paid");
            TestApi.expect(200, api().get("/reservations/" + tiaBooking + "/check-in", tia.token()));
            assertThat(jdbc().queryForObject(
                                    "select count(*) from pay_order where reservation_id = ? and status = 'SUCCESS'",
                                    Integer.class,
                                    samBookings.get(0)))
                    .as("a no-show's payment is kept")
                    .isEqualTo(1);

            // each no-show told in Sam's inbox, and the block with its end
            assertThat(jdbc().queryForList(
                                    "select kind from notice where user_id = ? and kind in ('NO_SHOW', 'BLOCKED')",
                                    String.class,
                                    userIdOf(sam)))
                    .containsExactlyInAnyOrder("NO_SHOW", "NO_SHOW", "NO_SHOW", "BLOCKED");

            // three strikes in 30 days: blocked for 7 days, and the page is told so
            JsonNode standing = TestApi.expect(200, api().get("/reservations/standing", sam.token()))
                    .data();
            assertThat(standing.path("counting").asInt()).isEqualTo(3);
            LocalDateTime until =
                    LocalDateTime.parse(standing.path("blockedUntil").asText());
            assertThat(until).isAfter(now().plusDays(6)).isBefore(now().plusDays(8));

            // in the opening warmed before, while others book beside him at once: refused, with the reason
            List<Student> others = api().students(3);
            List<Callable<Reply>> rush = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Student other = others.get(i);
                long slot = laterSlots.get(i);
                rush.add(() -> api().reserve(sam, warmedBefore, laterSlots.get(5)));
                rush.add(() -> api().reserve(other, warmedBefore, slot));
            }
            List<Reply> answers = TestApi.atOnce(rush);
            for (int i = 0; i < answers.size(); i += 2) {
                assertThat(answers.get(i).status()).isEqualTo(409);
                assertThat(answers.get(i).enumCode()).isEqualTo("BLOCKED");
                assertThat(answers.get(i).data().path("reason").asText()).isEqualTo("NO_SHOW_STRIKES");
                assertThat(LocalDateTime.parse(
                                answers.get(i).data().path("until").asText()))
                        .isEqualTo(until);
                assertThat(answers.get(i + 1).status())
                        .as("%s", answers.get(i + 1))
                        .isEqualTo(202);
            }
            // and at the desk, for a place his own no-show left free
            Reply atTheDesk = api().post(
                            "/admin/walk-in",
                            admin,
                            Map.of("slotId", slots.get(0), "studentId", sam.studentId(), "expectedCents", 2000));
            assertThat(atTheDesk.enumCode()).as("%s", atTheDesk).isEqualTo("BLOCKED");
            // and in an opening made after
            long madeAfter = api().createSession(tomorrow(), now(), 2);
            long afterSlot = api().generateSlots(madeAfter, List.of(api().createCourt()), "08:00", "09:00", 60, 1)
                    .get(0);
            assertThat(api().reserve(sam, madeAfter, afterSlot).enumCode()).isEqualTo("BLOCKED");
            // nor may he join the line of a slot sold out meanwhile, nor enter a fair draw
            Reply join = api().post(
                            "/reserve/waitlist",
                            sam.token(),
                            Map.of("sessionId", warmedBefore, "slotId", laterSlots.get(0)));
            assertThat(join.enumCode()).as("%s", join).isEqualTo("BLOCKED");
            assertThat(join.data().path("until").asText()).isNotBlank();
            long draw = api().createDrawSession(tomorrow(), now().plusSeconds(30), 2, 1500, false);
            long drawSlot = api().generateSlots(draw, List.of(api().createCourt()), "08:00", "09:00", 60, 1)
                    .get(0);
            Reply entry = api().reserve(sam, draw, drawSlot);
            assertThat(entry.enumCode()).as("a draw entry: %s", entry).isEqualTo("BLOCKED");

            // nor play as a partner: a booking's partner is refused as its booker would be
            Student vic = api().students(1).get(0);
            long vicsSession = api().createSession(tomorrow(), now(), 2);
            long vicsBooking = api().book(
                            vic,
                            vicsSession,
                            api().generateSlots(vicsSession, List.of(api().createCourt()), "10:00", "11:00", 60, 1)
                                    .get(0));
            TestApi.expect(
                    200,
                    api().post(
                                    "/reservations/" + vicsBooking + "/partners",
                                    vic.token(),
                                    Map.of("studentId", sam.studentId())));
            long samsInvitation = TestApi.expect(200, api().get("/reservations/invitations", sam.token()))
                    .data()
                    .get(0)
                    .path("id")
                    .asLong();
            Reply accepted = api().post("/reservations/invitations/" + samsInvitation + "/accept", sam.token(), null);
            assertThat(accepted.enumCode()).as("%s", accepted).isEqualTo("BLOCKED");
            assertThat(LocalDateTime.parse(accepted.data().path("until").asText()))
                    .isEqualTo(until);

            // staff may not forgive; a manager may, with a reason: the block is lifted everywhere at once
            long strike = standing.path("strikes").get(0).path("id").asLong();
            Student desk = api().staffMember("STAFF");
            assertThat(api().post("/admin/strikes/" + strike + "/forgive", desk.token(), Map.of("reason", "ill"))
                            .status())
                    .isEqualTo(403);
            Student manager = api().staffMember("MANAGER");
            assertThat(api().post("/admin/strikes/" + strike + "/forgive", manager.token(), Map.of("reason", " "))
                            .status())
                    .isEqualTo(400);
            JsonNode forgiven = TestApi.expect(
                            200,
                            api().post(
                                            "/admin/strikes/" + strike + "/forgive",
                                            manager.token(),
                                            Map.of("reason", "doctor's note")))
                    .data();
            assertThat(forgiven.path("blockedUntil").isNull()).isTrue();
            assertThat(forgiven.path("counting").asInt()).isEqualTo(2);
            TestApi.expect(202, api().reserve(sam, madeAfter, afterSlot));
            assertThat(api().post("/admin/strikes/" + strike + "/forgive", manager.token(), Map.of("reason", "again"))
                            .status())
                    .isEqualTo(409);

            // a manager lowers the strikes that block to the two Sam still has: he is blocked at once, also in the
            // opening warmed before (its copy in Redis), and told — not at his next strike
            int noticesBefore = blockedNotices(sam);
            saveSettings(manager, Map.of(SettingKey.STRIKES_TO_BLOCK.name(), "2"));
            LocalDateTime blockedByTwo = blockedUntil(sam);
            assertThat(blockedByTwo).as("blocked by the lowered rule").isNotNull();
            assertThat(api().reserve(sam, warmedBefore, laterSlots.get(5)).enumCode())
                    .isEqualTo("BLOCKED");
            assertThat(blockedNotices(sam)).isEqualTo(noticesBefore + 1);

            // time passes: his two strikes were 31 and 3 days ago. The console saves its whole screen (the strike
            // rules as they are, another value changed): nothing about blocks changed, so nothing is recomputed
            jdbc().update(
                            "update no_show_strike set struck_time = case when id = (select min(id) from no_show_strike "
                                    + "where user_id = ? and forgiven_time is null) then ? else ? end "
                                    + "where user_id = ? and forgiven_time is null",
                            userIdOf(sam),
                            now().minusDays(31),
                            now().minusDays(3),
                            userIdOf(sam));
            saveSettings(
                    manager,
                    Map.of(
                            SettingKey.STRIKES_TO_BLOCK.name(), "2",
                            SettingKey.STRIKE_WINDOW_DAYS.name(), "30",
                            SettingKey.BLOCK_DAYS.name(), "7",
                            SettingKey.PAY_TIMEOUT_MINUTE.name(), "16"));
            assertThat(blockedUntil(sam)).as("an unrelated save").isEqualTo(blockedByTwo);
            // a longer block: recomputed from the strikes themselves — two within 30 days of each other, the
            // first of them now older than 30 days — 8 days from the latest
            saveSettings(manager, Map.of(SettingKey.BLOCK_DAYS.name(), "8"));
            assertThat(blockedUntil(sam))
                    .as("8 days from the strike 3 days ago")
                    .isBetween(
                            now().plusDays(5).minusHours(1), now().plusDays(5).plusHours(1));
            assertThat(blockedNotices(sam)).as("told of the new end").isEqualTo(noticesBefore + 2);
            // put back: free at once, in the opening warmed before too
            saveSettings(manager, Map.of(SettingKey.STRIKES_TO_BLOCK.name(), "3", SettingKey.BLOCK_DAYS.name(), "7"));
            assertThat(blockedUntil(sam)).as("raised again: free at once").isNull();
            TestApi.expect(202, api().reserve(sam, warmedBefore, laterSlots.get(5)));

            // audited; the day's report counts the no-shows and the check-in
            assertThat(TestApi.expect(
                                    200,
                                    api().get(
                                                    "/admin/audit?targetType=RESERVATION&targetId="
                                                            + samBookings.get(1),
                                                    admin))
                            .data()
                            .path("records")
                            .findValuesAsText("action"))
                    .contains("NO_SHOW");
            assertThat(TestApi.expect(200, api().get("/admin/audit?targetType=STRIKE&targetId=" + strike, admin))
                            .data()
                            .path("records")
                            .findValuesAsText("action"))
                    .containsExactly("FORGIVE_STRIKE");
            JsonNode report = TestApi.expect(
                            200, api().get("/admin/reports?from=" + day + "&to=" + day + "&courtId=" + court, admin))
                    .data()
                    .path("total");
            assertThat(report.path("cancelled").path("NO_SHOW").asInt()).isEqualTo(3);
            assertThat(report.path("checkedIn").asInt()).isEqualTo(1);
        } finally {
            settings.set(SettingKey.NO_SHOWS_SINCE, since);
            for (SettingKey key : List.of(
                    SettingKey.STRIKES_TO_BLOCK,
                    SettingKey.BLOCK_DAYS,
                    SettingKey.PAY_TIMEOUT_MINUTE,
                    SettingKey.BOOKINGS_PER_DAY)) {
                settings.set(key, key.defaultValue());
            }
        }
    }

    @AtGymHours
    default void aNoShowsPlaceGoesToOneWalkInAtTheDeskPaidThereAndCheckedInNeverOnlineAndTheStudentsLimitsApply(
            LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        Times.clearOfMidnight(Duration.ofMinutes(20));
        String admin = TestApi.ADMIN_TOKEN;
        AppSettings settings = bean(AppSettings.class);
        String since = settings.get(SettingKey.NO_SHOWS_SINCE);
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 1);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 2);
        long running = slots.get(0);
        long later = slots.get(1);
        List<Student> students = api().students(7);
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student dan = students.get(2);
        Student fay = students.get(3);
        List<Student> walkIns = students.subList(4, 7);
        long annBooking = api().book(ann, session, running);
        long bobBooking = api().book(bob, session, running);
        api().pay(ann, annBooking);
        api().pay(bob, bobBooking);
        long danBooking = api().book(dan, session, later);
        long fayBooking = api().book(fay, session, later);
        startAgo(running, Duration.ofMinutes(20));
        TestApi.expect(200, api().post("/admin/check-in/" + annBooking, admin, null));
        try {
            // Bob never came: his place is free again, for the desk only (this gym refunds no-shows)
            settings.set(SettingKey.NO_SHOWS_SINCE, now().minusMinutes(30).toString());
            settings.set(SettingKey.NO_SHOW_REFUND, "1");
            bean(NoShows.class).sweep();
            assertThat(jdbc().queryForObject(
                                    "select cancel_reason from reservation where id = ?", String.class, bobBooking))
                    .isEqualTo("NO_SHOW");
            assertThat(jdbc().queryForObject(
                                    "select status from pay_order where reservation_id = ?", String.class, bobBooking))
                    .as("NO_SHOW_REFUND=1: the no-show's payment is refunded")
                    .isEqualTo("REFUNDED");
            Reply online = api().reserve(walkIns.get(0), session, running);
            assertThat(online.status()).as("a started slot is not sold online").isEqualTo(409);
            assertThat(online.enumCode()).isEqualTo("UNGATED");
            JsonNode open =
                    TestApi.expect(200, api().get("/admin/walk-in", admin)).data();
            JsonNode listed = null;
            for (JsonNode slot : open) {
                if (slot.path("slotId").asLong() == running) {
                    listed = slot;
                }
                assertThat(slot.path("slotId").asLong())
                        .as("only running slots")
                        .isNotEqualTo(later);
            }
            assertThat(listed).as("the running slot is offered to walk-ins").isNotNull();
            assertThat(listed.path("placesLeft").asInt()).isEqualTo(1);

            // an amount not the one it costs now is refused before anything is booked
            int price = listed.path("priceCents").asInt();
            String rows = "select count(*) from reservation where slot_id = ?";
            int before = jdbc().queryForObject(rows, Integer.class, running);
            Map<String, Object> wrong =
                    Map.of("slotId", running, "studentId", walkIns.get(0).studentId(), "expectedCents", price + 100);
            assertThat(api().post("/admin/walk-in", admin, wrong).status()).isEqualTo(409);
            assertThat(jdbc().queryForObject(rows, Integer.class, running))
                    .as("nothing booked at a wrong amount")
                    .isEqualTo(before);

            // three desks book the one place for three walk-ins at once, by card at the price shown: one gets it,
            // paid and checked in
            List<Callable<Reply>> desks = new ArrayList<>();
            for (Student walkIn : walkIns) {
                Map<String, Object> body = Map.of(
                        "slotId", running, "studentId", walkIn.studentId(), "channel", "CARD", "expectedCents", price);
                desks.add(() -> api().post("/admin/walk-in", admin, body));
            }
            List<Reply> answers = TestApi.atOnce(desks);
            List<Reply> booked =
                    answers.stream().filter(reply -> reply.status() == 200).toList();
            assertThat(booked).as("%s", answers).hasSize(1);
            assertThat(answers.stream().filter(reply -> reply.status() == 409).map(Reply::enumCode))
                    .containsExactly("OUT_OF_STOCK", "OUT_OF_STOCK");
            JsonNode walkIn = booked.get(0).data();
            long walkInBooking = walkIn.path("reservationId").asLong();
            assertThat(walkIn.path("status").asText()).isEqualTo("CONFIRMED");
            assertThat(walkIn.path("checkedInTime").isNull()).isFalse();
            assertThat(jdbc().queryForMap(
                                    "select channel, status, amount_cents from pay_order where reservation_id = ?",
                                    walkInBooking))
                    .containsEntry("CHANNEL", "DESK")
                    .containsEntry("STATUS", "SUCCESS");
            assertThat(jdbc().queryForObject(
                                    "select channel from desk_receipt where reservation_id = ?",
                                    String.class,
                                    walkInBooking))
                    .isEqualTo("CARD");
            bean(NoShows.class).sweep();
            assertThat(jdbc().queryForObject(
                                    "select status from reservation where id = ?", String.class, walkInBooking))
                    .as("a walk-in is checked in, never a no-show")
                    .isEqualTo("CONFIRMED");

            // the student's own limits hold at the desk: one place per slot, the opening's limit (Dan holds one)
            Map<String, Object> annAgain =
                    Map.of("slotId", running, "studentId", ann.studentId(), "expectedCents", price);
            assertThat(api().post("/admin/walk-in", admin, annAgain).enumCode()).isEqualTo("DUP_REQ");
            Map<String, Object> danToo =
                    Map.of("slotId", running, "studentId", dan.studentId(), "expectedCents", price);
            assertThat(api().post("/admin/walk-in", admin, danToo).enumCode()).isEqualTo("QUOTA_EXCEEDED");
            assertThat(api().post(
                                    "/admin/walk-in",
                                    admin,
                                    Map.of(
                                            "slotId",
                                            later,
                                            "studentId",
                                            walkIns.get(1).studentId(),
                                            "expectedCents",
                                            price))
                            .status())
                    .as("a slot that has not started is booked online")
                    .isEqualTo(409);

            // a student with a pending booking pays at the desk: a DESK order, not checked in before its time;
            // refunded by staff, the desk hands the money back (no gateway)
            String payDan = "/admin/reservations/" + danBooking + "/pay-at-desk?expectedCents=" + price;
            JsonNode paid = TestApi.expect(200, api().post(payDan, admin, null)).data();
            assertThat(paid.path("status").asText()).isEqualTo("CONFIRMED");
            assertThat(paid.path("checkedInTime").isNull()).isTrue();
            assertThat(api().post(payDan, admin, null).status()).as("paid once").isEqualTo(409);
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'PAY_AT_DESK' and target_id = "
                                            + "(select out_trade_no from pay_order where reservation_id = ?)",
                                    Integer.class,
                                    danBooking))
                    .isEqualTo(1);
            Reply ownRefund = api().post("/pay/refund/" + danBooking, dan.token(), Map.of("reason", "ill"));
            assertThat(ownRefund.status())
                    .as("paid in person, handed back in person: not by the student's own tap")
                    .isEqualTo(409);
            JsonNode handBack = TestApi.expect(
                            200,
                            api().post(
                                            "/admin/reservations/" + danBooking + "/refund",
                                            admin,
                                            Map.of("reason", "changed plans")))
                    .data();
            assertThat(handBack.path("handBackAtDesk").asBoolean()).isTrue();
            assertThat(handBack.path("amountCents").asInt()).isPositive();
            assertThat(jdbc().queryForObject(
                                    "select status from pay_order where reservation_id = ? and channel = 'DESK'",
                                    String.class,
                                    danBooking))
                    .isEqualTo("REFUNDED");

            // a slot that has ended is paid no more: the booking could only end as a no-show
            startAgo(later, Duration.ofMinutes(90));
            Reply tooLate = api().post(
                            "/admin/reservations/" + fayBooking + "/pay-at-desk?expectedCents=" + price, admin, null);
            assertThat(tooLate.status()).isEqualTo(409);
            assertThat(tooLate.body().path("message").asText()).contains("has ended");

            // audited; Redis and the database agree
            assertThat(TestApi.expect(
                                    200,
                                    api().get("/admin/audit?targetType=RESERVATION&targetId=" + walkInBooking, admin))
                            .data()
                            .path("records")
                            .findValuesAsText("action"))
                    .contains("WALK_IN", "CHECK_IN");
            invariants().assertHold(session);
        } finally {
            settings.set(SettingKey.NO_SHOWS_SINCE, since);
            settings.set(SettingKey.NO_SHOW_REFUND, SettingKey.NO_SHOW_REFUND.defaultValue());
        }
    }

    /** Moves a slot (and its opening) to today, started {@code ago} (an hour long); returns its new date. */
    /**
     * The phone keeps up (issue 55): the open check-in sheet's question says "checked in" as soon as the desk has
     * scanned the booking, and the badge's change stamp moves when someone else changes the student's bookings (the
     * desk marks one paid, staff cancel one), not when nothing happened. Both are read from the database every node
     * shares, so a change made through one node is what any other node answers.
     */
    @AtGymHours
    default void theCheckInSheetSeesTheDesksScanAndTheChangeStampMovesWithWhatStaffDo(LocalTime hour) {
        TestClock.GYM.at(hour);
        Times.clearOfMidnight(Duration.ofMinutes(5));
        String admin = TestApi.ADMIN_TOKEN;
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        Student bob = students.get(1);
        long paid = api().book(ann, session, slots.get(0));
        api().pay(ann, paid);
        startAgo(slots.get(0), Duration.ofMinutes(5));
        String path = "/reservations/" + paid + "/check-in/state";

        JsonNode before = TestApi.expect(200, api().get(path, ann.token())).data();
        assertThat(before.path("status").asText()).isEqualTo("CONFIRMED");
        assertThat(before.path("checkedInTime").isNull()).isTrue();
        assertThat(api().get(path, bob.token()).status()).as("someone else's").isEqualTo(404);
        assertThat(api().get(path, admin).status()).as("a student's question").isEqualTo(403);

        String bobs = changes(bob);
        assertThat(bobs).as("nothing happened to Bob").isEqualTo("0.0");
        JsonNode desk = TestApi.expect(200, api().post("/admin/check-in/" + paid, admin, null))
                .data();
        JsonNode after = TestApi.expect(200, api().get(path, ann.token())).data();
        assertThat(after.path("checkedInTime").asText())
                .isNotEmpty()
                .isEqualTo(desk.path("checkedInTime").asText());

        // staff cancel Ann's unpaid booking, then the desk marks her next one paid: each moves her stamp
        long second = api().book(ann, session, slots.get(1));
        String won = changes(ann);
        TestApi.expect(200, api().post("/admin/reservations/" + second + "/cancel", admin, Map.of("reason", "rain")));
        String cancelled = changes(ann);
        assertThat(cancelled).isNotEqualTo(won);
        long third = api().book(ann, session, slots.get(1));
        String wonAgain = changes(ann);
        assertThat(wonAgain).isNotEqualTo(cancelled);
        api().pay(ann, third);
        assertThat(changes(ann)).isNotEqualTo(wonAgain);
        assertThat(changes(bob)).as("still nothing for Bob").isEqualTo(bobs);
    }

    private String changes(Student student) {
        return TestApi.expect(200, api().get("/notices/unread", student.token()))
                .data()
                .path("changes")
                .asText();
    }

    private LocalDate startAgo(long slotId, Duration ago) {
        LocalDateTime start = now().minus(ago).withNano(0);
        startSlotAt(slotId, start);
        return start.toLocalDate();
    }

    private void saveSettings(Student manager, Map<String, String> values) {
        TestApi.expect(200, api().put("/admin/settings", manager.token(), Map.of("values", values)));
    }

    private LocalDateTime blockedUntil(Student student) {
        JsonNode standing = TestApi.expect(200, api().get("/reservations/standing", student.token()))
                .data();
        return standing.path("blockedUntil").isNull()
                ? null
                : LocalDateTime.parse(standing.path("blockedUntil").asText());
    }

    private int blockedNotices(Student student) {
        return jdbc().queryForObject(
                        "select count(*) from notice where user_id = ? and kind = 'BLOCKED'",
                        Integer.class,
                        userIdOf(student));
    }

    private static List<Reply> together(int count, Callable<Reply> call) throws Exception {
        List<Callable<Reply>> calls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            calls.add(call);
        }
        return TestApi.atOnce(calls);
    }
}
