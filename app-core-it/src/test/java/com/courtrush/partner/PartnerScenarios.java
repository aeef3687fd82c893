package com.courtrush.partner;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.notice.BookingReminders;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.StringReader;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.Test;

/** Partners on a booking (SPEC §17), with real parallel requests. */
public interface PartnerScenarios extends StackAccess {

    @Test
    default void aBookerNamesPartnersWhoAcceptOrDeclineTheDeskSeesTheirNamesAndADayHasItsCap() throws Exception {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "14:00", 60, 1);
        List<Student> students = api().students(8);
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student carl = students.get(2);
        Student dan = students.get(3);
        long booking = api().book(ann, session, slots.get(0));

        // Ann names Bob, an id nobody has, and Carl; herself and a fourth are refused
        String nobody = TestApi.unique("nobody").replace("-", "");
        for (String named : List.of(bob.studentId(), nobody, carl.studentId())) {
            TestApi.expect(200, name(ann, booking, named));
        }
        assertThat(name(ann, booking, ann.studentId()).status()).isEqualTo(400);
        assertThat(name(ann, booking, dan.studentId()).enumCode())
                .as("three partners at most")
                .isEqualTo("FAILED");
        assertThat(name(bob, booking, dan.studentId()).status())
                .as("not Bob's booking")
                .isEqualTo(404);
        JsonNode partners = partnersOf(ann, booking);
        assertThat(partners).hasSize(3);
        JsonNode bobInvited = find(partners, bob.studentId());
        JsonNode nobodyInvited = find(partners, nobody);
        assertThat(bobInvited.path("status").asText()).isEqualTo("INVITED");
        assertThat(bobInvited.path("name").isNull()).isTrue();
        assertThat(nobodyInvited.path("status").asText())
                .as("an id with no account looks like one not yet answered")
                .isEqualTo("INVITED");
        assertThat(nobodyInvited.path("name").isNull()).isTrue();

        // Bob is told and sees the invitation; a stranger cannot answer it; Bob accepts, Carl declines
        String annName = nameOf(ann);
        JsonNode told = TestApi.expect(200, api().get("/notices", bob.token()))
                .data()
                .path("notices")
                .get(0);
        assertThat(told.path("kind").asText()).isEqualTo("PARTNER_INVITE");
        assertThat(told.path("text").asText()).contains(annName);
        JsonNode invitation = TestApi.expect(200, api().get("/reservations/invitations", bob.token()))
                .data()
                .get(0);
        assertThat(invitation.path("bookerName").asText()).isEqualTo(annName);
        long bobsId = invitation.path("id").asLong();
        assertThat(api().post("/reservations/invitations/" + bobsId + "/accept", dan.token(), null)
                        .status())
                .isEqualTo(404);
        TestApi.expect(200, api().post("/reservations/invitations/" + bobsId + "/accept", bob.token(), null));
        assertThat(api().post("/reservations/invitations/" + bobsId + "/accept", bob.token(), null)
                        .status())
                .as("answered once")
                .isEqualTo(409);
        long carlsId = TestApi.expect(200, api().get("/reservations/invitations", carl.token()))
                .data()
                .get(0)
                .path("id")
                .asLong();
        TestApi.expect(200, api().post("/reservations/invitations/" + carlsId + "/decline", carl.token(), null));
        partners = partnersOf(ann, booking);
        assertThat(find(partners, bob.studentId()).path("name").asText()).isEqualTo(nameOf(bob));
        assertThat(find(partners, bob.studentId()).path("status").asText()).isEqualTo("ACCEPTED");
        assertThat(partners.findValuesAsText("studentId")).doesNotContain(carl.studentId());
        assertThat(TestApi.expect(200, api().get("/notices", ann.token()))
                        .data()
                        .path("notices")
                        .findValuesAsText("kind"))
                .contains("PARTNER_ACCEPTED", "PARTNER_DECLINED");

        // the desk's check-in shows who plays
        JsonNode desk = TestApi.expect(
                        200,
                        api().get("/admin/check-in?date=" + tomorrow() + "&q=" + ann.studentId(), TestApi.ADMIN_TOKEN))
                .data();
        assertThat(desk.get(0).path("partnerNames").asText()).isEqualTo(nameOf(bob));

        // Eve plays one booking of her own that day; three bookers name her and she accepts all three at once:
        // the day's cap (2) lets one through
        Student eve = students.get(4);
        api().book(eve, session, slots.get(1));
        List<Long> invitations = new ArrayList<>();
        for (int i = 5; i < 8; i++) {
            long theirs = api().book(students.get(i), session, slots.get(i - 3));
            TestApi.expect(200, name(students.get(i), theirs, eve.studentId()));
        }
        for (JsonNode each : TestApi.expect(200, api().get("/reservations/invitations", eve.token()))
                .data()) {
            invitations.add(each.path("id").asLong());
        }
        assertThat(invitations).hasSize(3);
        List<Callable<Reply>> accepts = new ArrayList<>();
        for (long id : invitations) {
            accepts.add(() -> api().post("/reservations/invitations/" + id + "/accept", eve.token(), null));
        }
        assertThat(TestApi.atOnce(accepts).stream().map(Reply::status)).containsExactlyInAnyOrder(200, 409, 409);
        assertThat(jdbc().queryForObject(
                                "select count(*) from booking_partner where partner_user_id = ? and status = 'ACCEPTED'",
                                Integer.class,
                                userIdOf(eve)))
                .isEqualTo(1);

        // Fay names five partners at once on a booking that may have three: three are named, two refused
        Student fay = api().students(1).get(0);
        long faysBooking = api().book(fay, session, slots.get(5));
        List<Callable<Reply>> naming = new ArrayList<>();
        for (Student named : api().students(5)) {
            naming.add(() -> name(fay, faysBooking, named.studentId()));
        }
        assertThat(TestApi.atOnce(naming).stream().map(Reply::status))
                .containsExactlyInAnyOrder(200, 200, 200, 409, 409);
        assertThat(partnersOf(fay, faysBooking)).hasSize(3);
    }

    /**
     * Naming someone already named changes nothing (30 namings at once made 30 notices and, with SMTP down, 5
     * mails later); a student who declined may be asked again twice more on that booking, no more; and a booker
     * sends at most 20 invitations a day: no student can make the engine spam another.
     */
    @Test
    default void namingAStudentAgainChangesNothingAndNoBookerCanFloodAnother() throws Exception {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
        List<Student> students = api().students(3);
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student cat = students.get(2);
        long booking = api().book(ann, session, slots.get(0));

        List<Callable<Reply>> namings = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            namings.add(() -> name(ann, booking, bob.studentId()));
        }
        assertThat(TestApi.atOnce(namings).stream().map(Reply::status))
                .as("naming again is no error")
                .containsOnly(200);
        assertThat(partnersOf(ann, booking)).hasSize(1);
        assertThat(invitesTo(bob)).as("invitation notices to Bob").isEqualTo(1);

        // declined, Bob may be asked again — told once per ask — up to three asks in all
        for (int ask = 2; ask <= 3; ask++) {
            decline(bob);
            TestApi.expect(200, name(ann, booking, bob.studentId()));
            TestApi.expect(200, name(ann, booking, bob.studentId()));
            assertThat(invitesTo(bob)).isEqualTo(ask);
        }
        decline(bob);
        Reply fourth = name(ann, booking, bob.studentId());
        assertThat(fourth.status()).as("%s", fourth).isEqualTo(409);
        assertThat(invitesTo(bob)).isEqualTo(3);

        // Cat names and withdraws: twenty invitations in a day, then she is told to wait
        long hers = api().book(cat, session, slots.get(1));
        for (int i = 0; i < 20; i++) {
            String someone = TestApi.unique("p").replace("-", "");
            JsonNode named = TestApi.expect(200, name(cat, hers, someone)).data();
            long partnerId = find(named, someone).path("id").asLong();
            TestApi.expect(200, api().delete("/reservations/" + hers + "/partners/" + partnerId, cat.token()));
        }
        Reply tooMany = name(cat, hers, bob.studentId());
        assertThat(tooMany.status()).as("%s", tooMany).isEqualTo(429);
        assertThat(tooMany.raw().headers().firstValue("Retry-After")).isPresent();
        assertThat(invitesTo(bob)).isEqualTo(3);
    }

    /**
     * An accepted partner sees the game as their own (SPEC §17, issue 55): in My bookings, marked as a partner's with
     * the booker's name and nothing of the booker's to do (pay, cancel, refund); its check-in code, the booker's own;
     * its event in their .ics and their calendar feed, in Chinese unless asked in English; its reminder, their own and
     * once. Accepting ends their wait for that slot, and passes on an offer of it held for them.
     */
    @AtGymHours
    default void anAcceptedPartnerSeesTheGameAsTheirOwnAndLeavesThatSlotsWaitlist(LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        String courtName = TestApi.unique("Partners' court ");
        long court = api().createCourt(courtName);
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 2);
        long slot = slots.get(0);
        List<Student> students = api().students(5);
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student carl = students.get(2);
        Student dan = students.get(3);
        Student eve = students.get(4);
        long booking = api().book(ann, session, slot);
        String order = api().pay(ann, booking);
        long dans = api().book(dan, session, slot);
        // sold out: Bob waits first, Carl next
        for (Student waiting : List.of(bob, carl)) {
            TestApi.expect(
                    200,
                    api().post("/reserve/waitlist", waiting.token(), Map.of("sessionId", session, "slotId", slot)));
        }
        TestApi.expect(200, name(ann, booking, bob.studentId()));
        // Dan gives his place back: it is offered to Bob, who is first in the line
        TestApi.expect(200, api().delete("/reserve/" + dans, dan.token()));
        assertThat(waits(bob).get(0).path("status").asText()).isEqualTo("OFFERED");

        // Bob accepts being Ann's partner: he plays that slot, so his offer goes to Carl and his wait ends
        accept(bob);
        assertThat(waits(bob)).as("Bob's wait for the slot he plays").isEmpty();
        assertThat(waits(carl).get(0).path("status").asText())
                .as("the offer Bob held, passed on")
                .isEqualTo("OFFERED");

        // My bookings: Ann's game, marked as a partner's, with nothing of Ann's to do
        JsonNode card = bookingIn(bob, booking);
        String annName = nameOf(ann);
        assertThat(card.path("asPartner").asBoolean()).isTrue();
        assertThat(card.path("bookerName").asText()).isEqualTo(annName);
        assertThat(card.path("status").asText()).isEqualTo("CONFIRMED");
        assertThat(card.path("courtName").asText()).isEqualTo(courtName);
        assertThat(card.hasNonNull("refundUntil")).as("refunds are Ann's").isFalse();
        assertThat(card.hasNonNull("payBy")).isFalse();
        assertThat(bookingIn(ann, booking).path("asPartner").asBoolean())
                .as("Ann's own")
                .isFalse();
        assertThat(api().delete("/reserve/" + booking, bob.token()).status())
                .as("not Bob's to cancel")
                .isNotEqualTo(200);

        // check-in: the booking's own code, which the desk searches
        JsonNode annsCode = TestApi.expect(200, api().get("/reservations/" + booking + "/check-in", ann.token()))
                .data();
        JsonNode bobsCode = TestApi.expect(200, api().get("/reservations/" + booking + "/check-in", bob.token()))
                .data();
        assertThat(bobsCode.path("code").asText())
                .isNotEmpty()
                .isEqualTo(annsCode.path("code").asText());
        assertThat(bobsCode.path("qrText").asText())
                .isEqualTo(annsCode.path("qrText").asText());
        assertThat(api().get("/reservations/" + booking + "/check-in", eve.token())
                        .status())
                .as("nobody else's")
                .isEqualTo(404);
        // the partner's open sheet follows the booking as the booker's does: checked in when the desk scans it
        assertThat(TestApi.expect(200, api().get("/reservations/" + booking + "/check-in/state", bob.token()))
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("CONFIRMED");
        assertThat(api().get("/reservations/" + booking + "/check-in/state", eve.token())
                        .status())
                .isEqualTo(404);

        // the .ics: a Chinese event saying whose game it is, never Ann's order number; English when asked
        TestApi.RawReply ics =
                api().raw("GET", "/reservations/" + booking + "/calendar.ics", bob.token(), Map.of(), null);
        assertThat(ics.status()).isEqualTo(200);
        VEvent event = onlyEvent(ics.body());
        assertThat(event.getSummary().getValue()).isEqualTo("羽毛球 · " + courtName + "（与" + annName + "）");
        assertThat(event.getDescription().getValue())
                .contains(annName + "的预约 " + booking)
                .contains("搭档")
                .doesNotContain(order);
        assertThat(event.<Property>getProperty("UID").orElseThrow().getValue())
                .isEqualTo("reservation-" + booking + "@courtrush");
        VEvent english = onlyEvent(api().raw(
                        "GET",
                        "/reservations/" + booking + "/calendar.ics",
                        bob.token(),
                        Map.of("Accept-Language", "en"),
                        null)
                .body());
        assertThat(english.getSummary().getValue()).isEqualTo("Badminton · " + courtName + " (with " + annName + ")");
        assertThat(api().raw("GET", "/reservations/" + booking + "/calendar.ics", eve.token(), Map.of(), null)
                        .status())
                .isEqualTo(404);

        // Bob's calendar feed has Ann's game
        String feed = TestApi.expect(200, api().post("/reservations/calendar", bob.token(), null))
                .data()
                .path("path")
                .asText();
        String body = api().raw("GET", feed, null, Map.of(), null).body();
        Calendar calendar = new CalendarBuilder().build(new StringReader(body));
        assertThat(calendar.<Property>getProperty("X-WR-CALNAME").orElseThrow().getValue())
                .isEqualTo("羽毛球场预约");
        List<VEvent> events = calendar.getComponents("VEVENT");
        assertThat(events).hasSize(1);
        assertThat(events.get(0).getSummary().getValue()).contains(annName);

        // the reminder before the start: Bob's own, once on as many runs as there are nodes; Ann's too
        LocalDateTime soon = now().withSecond(0).withNano(0).plusMinutes(30);
        timeSlotAt(slot, soon, Duration.ofMinutes(59));
        bean(BookingReminders.class).remind();
        bean(BookingReminders.class).remind();
        assertThat(jdbc().queryForList(
                                "select message_id from notice where kind = 'BOOKING_SOON' and reservation_id = ? "
                                        + "order by message_id",
                                String.class,
                                booking))
                .containsExactly("BOOKING_SOON:" + booking, "BOOKING_SOON:" + booking + ":" + userIdOf(bob));
        JsonNode reminder = TestApi.expect(200, api().get("/notices", bob.token()))
                .data()
                .path("notices")
                .get(0);
        assertThat(reminder.path("kind").asText()).isEqualTo("BOOKING_SOON");
        assertThat(reminder.path("text").asText()).contains(courtName).contains("as a partner");
        assertThat(reminder.path("link").asText()).isEqualTo("#/mine/booking/" + booking);
    }

    /**
     * A game played as an accepted partner stays the partner's once it is older than My bookings' 30 days (issue
     * 55): in their older bookings, marked as a partner's with the booker's name, in the order of their own — the next
     * page may start after it — and still the booker's own in theirs; nobody else pages from it.
     */
    @Test
    default void aGamePlayedAsAPartnerStaysInThePartnersOlderBookings() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
        List<Student> students = api().students(3);
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student eve = students.get(2);
        long anns = api().book(ann, session, slots.get(0));
        api().pay(ann, anns);
        long bobs = api().book(bob, session, slots.get(1));
        TestApi.expect(200, name(ann, anns, bob.studentId()));
        accept(bob);
        // played weeks ago: Ann's game 40 days back, Bob's own the day before it
        playedOn(slots.get(0), now().toLocalDate().minusDays(40));
        playedOn(slots.get(1), now().toLocalDate().minusDays(41));

        assertThat(TestApi.expect(200, api().get("/reservations/mine", bob.token()))
                        .data())
                .as("past My bookings' 30 days")
                .isEmpty();
        JsonNode first = TestApi.expect(200, api().get("/reservations/mine/history?size=1", bob.token()))
                .data();
        assertThat(first).hasSize(1);
        assertThat(first.get(0).path("reservationId").asLong()).isEqualTo(anns);
        assertThat(first.get(0).path("asPartner").asBoolean()).isTrue();
        assertThat(first.get(0).path("bookerName").asText()).isEqualTo(nameOf(ann));
        JsonNode next = TestApi.expect(200, api().get("/reservations/mine/history?size=1&before=" + anns, bob.token()))
                .data();
        assertThat(next).hasSize(1);
        assertThat(next.get(0).path("reservationId").asLong()).isEqualTo(bobs);
        assertThat(next.get(0).path("asPartner").asBoolean()).isFalse();
        assertThat(TestApi.expect(200, api().get("/reservations/mine/history?size=1&before=" + bobs, bob.token()))
                        .data())
                .isEmpty();

        JsonNode annsHistory = TestApi.expect(200, api().get("/reservations/mine/history", ann.token()))
                .data();
        assertThat(annsHistory).hasSize(1);
        assertThat(annsHistory.get(0).path("reservationId").asLong()).isEqualTo(anns);
        assertThat(annsHistory.get(0).path("asPartner").asBoolean()).isFalse();
        assertThat(api().get("/reservations/mine/history?before=" + anns, eve.token())
                        .status())
                .as("not Eve's to page from")
                .isEqualTo(404);
    }

    /** Moves a slot and its bookings to {@code day}, the same hours. */
    private void playedOn(long slotId, java.time.LocalDate day) {
        jdbc().update("update time_slot set slot_date = ? where id = ?", day, slotId);
        jdbc().update("update reservation set slot_date = ? where slot_id = ?", day, slotId);
    }

    private JsonNode waits(Student student) {
        return TestApi.expect(200, api().get("/reservations/waits", student.token()))
                .data();
    }

    private JsonNode bookingIn(Student student, long booking) {
        for (JsonNode mine : TestApi.expect(200, api().get("/reservations/mine", student.token()))
                .data()) {
            if (mine.path("reservationId").asLong() == booking) {
                return mine;
            }
        }
        throw new AssertionError("booking " + booking + " is not in " + student.studentId() + "'s list");
    }

    private static VEvent onlyEvent(String ics) throws Exception {
        List<VEvent> events = new CalendarBuilder().build(new StringReader(ics)).getComponents("VEVENT");
        assertThat(events).hasSize(1);
        return events.get(0);
    }

    private int invitesTo(Student student) {
        return jdbc().queryForObject(
                        "select count(*) from notice where user_id = ? and kind = 'PARTNER_INVITE'",
                        Integer.class,
                        userIdOf(student));
    }

    private void decline(Student student) {
        answerFirstInvitation(student, "decline");
    }

    private void accept(Student student) {
        answerFirstInvitation(student, "accept");
    }

    /** Accepts or declines the student's first invitation ({@code answer}: accept or decline). */
    private void answerFirstInvitation(Student student, String answer) {
        long id = TestApi.expect(200, api().get("/reservations/invitations", student.token()))
                .data()
                .get(0)
                .path("id")
                .asLong();
        TestApi.expect(200, api().post("/reservations/invitations/" + id + "/" + answer, student.token(), null));
    }

    private Reply name(Student booker, long booking, String studentId) {
        return api().post("/reservations/" + booking + "/partners", booker.token(), Map.of("studentId", studentId));
    }

    private JsonNode partnersOf(Student booker, long booking) {
        for (JsonNode mine : TestApi.expect(200, api().get("/reservations/mine", booker.token()))
                .data()) {
            if (mine.path("reservationId").asLong() == booking) {
                return mine.path("partners");
            }
        }
        throw new AssertionError("booking " + booking + " is not in the booker's list");
    }

    private String nameOf(Student student) {
        return jdbc().queryForObject(
                        "select display_name from user_account where student_id = ?",
                        String.class,
                        student.studentId());
    }

    private static JsonNode find(JsonNode partners, String studentId) {
        for (JsonNode partner : partners) {
            if (partner.path("studentId").asText().equals(studentId)) {
                return partner;
            }
        }
        throw new AssertionError(studentId + " is not among " + partners);
    }
}
