package com.courtrush.calendar;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.RawReply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Property;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.Test;

/** A student's calendar feed and .ics files (SPEC §17), read as a calendar app would. */
public interface CalendarScenarios extends StackAccess {

    @Test
    default void aStudentsBookingsReachTheirCalendarThroughAFeedKeyThatReadsNothingElseAndCanBeReplaced()
            throws Exception {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 3);
        List<Long> slots = api().generateSlots(session, List.of(court), "18:00", "21:00", 60, 2);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        Student bob = students.get(1);
        // cancelled first: two bookings a day at most (SPEC §16), and a cancelled one frees its share
        long cancelled = api().book(ann, session, slots.get(2));
        TestApi.expect(200, api().delete("/reserve/" + cancelled, ann.token()));
        long paid = api().book(ann, session, slots.get(0));
        String order = api().pay(ann, paid);
        long unpaid = api().book(ann, session, slots.get(1));
        long bobs = api().book(bob, session, slots.get(0));

        assertThat(TestApi.expect(200, api().get("/reservations/calendar", ann.token()))
                        .data()
                        .path("active")
                        .asBoolean())
                .isFalse();
        String path = TestApi.expect(200, api().post("/reservations/calendar", ann.token(), null))
                .data()
                .path("path")
                .asText();
        assertThat(path).matches("/calendar/[A-Za-z0-9_-]{43}\\.ics");

        // read with no sign-in, as a calendar app does: an event per booking, in the gym's zone
        RawReply feed = read(path);
        assertThat(feed.status()).isEqualTo(200);
        assertThat(feed.contentType()).startsWith("text/calendar");
        Calendar calendar = new CalendarBuilder().build(new StringReader(feed.body()));
        List<VEvent> events = calendar.getComponents("VEVENT");
        assertThat(events).hasSize(3);
        // the gym's zone, or — at an hour the tests' clock sets with an offset — the same instant in UTC
        java.time.ZonedDateTime start = tomorrow().atTime(18, 0).atZone(Times.zone());
        if (Times.zone() instanceof java.time.ZoneOffset) {
            assertThat(feed.body())
                    .contains("DTSTART:"
                            + DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
                                    .format(start.withZoneSameInstant(java.time.ZoneOffset.UTC)))
                    .doesNotContain("TZID");
        } else {
            assertThat(feed.body())
                    .contains("BEGIN:VTIMEZONE", "TZID:" + Times.zone().getId())
                    .contains("DTSTART;TZID=" + Times.zone().getId() + ":"
                            + tomorrow().format(DateTimeFormatter.BASIC_ISO_DATE) + "T180000");
        }
        assertThat(feed.body()).contains("UID:reservation-" + paid + "@courtrush");
        assertThat(event(events, paid))
                .contains("STATUS:CONFIRMED", "SEQUENCE:1")
                .contains(order);
        assertThat(event(events, unpaid)).contains("STATUS:TENTATIVE", "SEQUENCE:0");
        assertThat(event(events, cancelled)).contains("STATUS:CANCELLED", "SEQUENCE:2");
        // in Chinese unless the student chose English (issue 55); a cancelled event says why, in words
        assertThat(calendar.<Property>getProperty("X-WR-CALNAME").orElseThrow().getValue())
                .isEqualTo("羽毛球场预约");
        assertThat(description(events, cancelled))
                .isEqualTo("预约 " + cancelled + " 已取消：预约人自己取消了。")
                .doesNotContain("-");
        assertThat(description(events, paid)).contains("订单号 " + order);
        List<VEvent> english = new CalendarBuilder()
                .build(new StringReader(read(path + "?lang=en").body()))
                .getComponents("VEVENT");
        assertThat(description(english, cancelled))
                .isEqualTo("Booking " + cancelled + " is cancelled: the booker cancelled it.");
        assertThat(description(english, unpaid)).startsWith("Booking " + unpaid + ": not paid yet.");
        assertThat(feed.body()).as("only the feed's student").doesNotContain("reservation-" + bobs + "@");
        assertThat(TestApi.expect(200, api().get("/reservations/calendar", ann.token()))
                        .data()
                        .path("readTime")
                        .isNull())
                .as("the student sees when their calendar app last read it")
                .isFalse();

        // the key is not a token: it signs nobody in; a calendar app asking HEAD first is answered
        String key = path.substring("/calendar/".length(), path.length() - ".ics".length());
        assertThat(api().get("/reservations/mine", key).status()).isEqualTo(401);
        assertThat(api().raw("HEAD", path, null, Map.of(), null).status()).isEqualTo(200);

        // two renews at once (a double tap): one address stands, no error
        List<Integer> renewals = java.util.stream.IntStream.range(0, 2)
                .parallel()
                .mapToObj(i ->
                        api().post("/reservations/calendar", ann.token(), null).status())
                .toList();
        assertThat(renewals).containsOnly(200);

        // a new address replaces the old one at once; stopping it ends the new one
        String renewed = TestApi.expect(200, api().post("/reservations/calendar", ann.token(), null))
                .data()
                .path("path")
                .asText();
        assertThat(read(path).status()).isEqualTo(404);
        assertThat(read(renewed).status()).isEqualTo(200);
        TestApi.expect(200, api().delete("/reservations/calendar", ann.token()));
        assertThat(read(renewed).status()).isEqualTo(404);

        // one booking as a file: the owner's only
        RawReply one = api().raw("GET", "/reservations/" + paid + "/calendar.ics", ann.token(), Map.of(), null);
        assertThat(one.status()).isEqualTo(200);
        assertThat(new CalendarBuilder().build(new StringReader(one.body())).getComponents("VEVENT"))
                .hasSize(1);
        assertThat(api().raw("GET", "/reservations/" + paid + "/calendar.ics", bob.token(), Map.of(), null)
                        .status())
                .isEqualTo(404);

        // a student who chose English on the page is given an address that reads in English
        RawReply inEnglish =
                api().raw("POST", "/reservations/calendar", ann.token(), Map.of("Accept-Language", "en"), null);
        String englishPath = new ObjectMapper()
                .readTree(inEnglish.body())
                .path("data")
                .path("path")
                .asText();
        assertThat(englishPath).endsWith(".ics?lang=en");
        assertThat(read(englishPath).body()).contains("X-WR-CALNAME:Badminton courts");

        // a feed ends with the sign-ins a password change ends (it outlived a reset, until renewed or disabled):
        // the student's own change, and staff setting a new password
        String beforeChange = TestApi.expect(200, api().post("/reservations/calendar", ann.token(), null))
                .data()
                .path("path")
                .asText();
        assertThat(read(beforeChange).status()).isEqualTo(200);
        String newToken = TestApi.expect(
                        200,
                        api().post(
                                        "/auth/password",
                                        ann.token(),
                                        Map.of(
                                                "currentPassword",
                                                TestApi.passwordOf(ann),
                                                "newPassword",
                                                "changed-" + TestApi.passwordOf(ann))))
                .data()
                .path("token")
                .asText();
        assertThat(read(beforeChange).status())
                .as("the feed made before the change")
                .isEqualTo(404);
        assertThat(TestApi.expect(200, api().get("/reservations/calendar", newToken))
                        .data()
                        .path("active")
                        .asBoolean())
                .as("shown as ended, to be made again")
                .isFalse();
        String beforeReset = TestApi.expect(200, api().post("/reservations/calendar", newToken, null))
                .data()
                .path("path")
                .asText();
        assertThat(read(beforeReset).status()).isEqualTo(200);
        TestApi.expect(
                200,
                api().post(
                                "/admin/students/" + userIdOf(ann) + "/password",
                                TestApi.ADMIN_TOKEN,
                                Map.of("password", "reset-" + TestApi.passwordOf(ann))));
        assertThat(read(beforeReset).status())
                .as("the feed made before staff reset the password")
                .isEqualTo(404);
    }

    private RawReply read(String path) {
        return api().raw("GET", path, null, Map.of(), null);
    }

    private static String description(List<VEvent> events, long reservationId) {
        return events.stream()
                .filter(e -> e.<Property>getProperty("UID")
                        .orElseThrow()
                        .getValue()
                        .equals("reservation-" + reservationId + "@courtrush"))
                .findFirst()
                .orElseThrow()
                .getDescription()
                .getValue();
    }

    private static String event(List<VEvent> events, long reservationId) {
        return events.stream()
                .filter(e -> e.toString().contains("UID:reservation-" + reservationId + "@courtrush"))
                .findFirst()
                .orElseThrow()
                .toString();
    }
}
