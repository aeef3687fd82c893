package com.courtrush.share;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.api.Holding;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * The fair share (SPEC §16) on a whole stack: one place at a time, a daily cap and a weekly share, refused with
 * SHARE_USED at the flash, through an offer, a partner's acceptance, a walk-in and the draw; a cancel frees the
 * share; a Redis that lost its copy is rebuilt from the database, and the database refuses what Redis let through.
 */
public interface FairShareScenarios extends StackAccess {

    @Test
    default void aStudentAtTheirShareIsRefusedOnEveryPathThatGrantsAPlaceAndACancelFreesIt() throws Exception {
        long courtA = api().createCourt();
        long courtB = api().createCourt();
        long courtC = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 5);
        List<Long> a = api().generateSlots(session, List.of(courtA), "08:00", "12:00", 60, 1);
        List<Long> b = api().generateSlots(session, List.of(courtB), "08:00", "12:00", 60, 1);
        List<Long> c = api().generateSlots(session, List.of(courtC), "08:00", "12:00", 60, 1);
        List<Student> students = api().students(6);
        Student ann = students.get(0);
        Student hal = students.get(1);
        Student dan = students.get(2);
        Student eve = students.get(3);
        Student fay = students.get(4);

        // one place at a time: Ann holds court A at 08:00, court B at 08:00 is refused, in words
        api().book(ann, session, a.get(0));
        Reply sameTime = api().reserve(ann, session, b.get(0));
        assertRefused(sameTime, "SAME_TIME");
        JsonNode holding = sameTime.data().path("holding");
        assertThat(holding).hasSize(1);
        assertThat(holding.get(0).path("slotId").asLong()).isEqualTo(a.get(0));
        assertThat(holding.get(0).path("startTime").asText()).isEqualTo("08:00");
        assertThat(holding.get(0).path("asPartner").asBoolean()).isFalse();
        assertThat(sameTime.body().path("message").asText()).contains("08:00");

        // two a day (BOOKINGS_PER_DAY's default): the third is refused; a cancel frees a share
        long annAt9 = api().book(ann, session, a.get(1));
        Reply day = api().reserve(ann, session, a.get(2));
        assertRefused(day, "DAY");
        assertThat(day.data().path("holding")).hasSize(2);
        TestApi.expect(200, api().delete("/reserve/" + annAt9, ann.token()));
        long annAt10 = api().book(ann, session, a.get(2));

        // Redis loses the opening (her attempts' log with it): rebuilt from the database, her shares are as they were
        redisson().getKeys().deleteByPattern(RedisKeys.opening(session) + "*");
        TestApi.expect(200, api().post("/admin/sessions/" + session + "/resync", TestApi.ADMIN_TOKEN, null));
        assertRefused(api().reserve(ann, session, b.get(2)), "SAME_TIME");
        assertRefused(api().reserve(ann, session, c.get(3)), "DAY");

        // a partner's acceptance takes a share: Hal plays court B at 10:00, so not Ann's 10:00 until he cancels it
        long halAt10 = api().book(hal, session, b.get(2));
        TestApi.expect(
                200,
                api().post(
                                "/reservations/" + annAt10 + "/partners",
                                ann.token(),
                                Map.of("studentId", hal.studentId())));
        long invitation = TestApi.expect(200, api().get("/reservations/invitations", hal.token()))
                .data()
                .get(0)
                .path("id")
                .asLong();
        Reply refusedPartner = api().post("/reservations/invitations/" + invitation + "/accept", hal.token(), null);
        assertRefused(refusedPartner, "SAME_TIME");
        TestApi.expect(200, api().delete("/reserve/" + halAt10, hal.token()));
        TestApi.expect(200, api().post("/reservations/invitations/" + invitation + "/accept", hal.token(), null));
        assertRefused(api().reserve(hal, session, c.get(2)), "SAME_TIME"); // he plays Ann's 10:00 now
        Reply partnerHolding = api().reserve(hal, session, b.get(2));
        assertThat(partnerHolding
                        .data()
                        .path("holding")
                        .get(0)
                        .path("asPartner")
                        .asBoolean())
                .as("%s", partnerHolding)
                .isTrue();
        assertThat(partnerHolding.body().path("message").asText()).contains(" (as partner)");

        // a place back is offered only to a student who may take it: Dan waits for court A at 11:00 but plays
        // court B at 11:00; Fay, next in line, is offered it — and may take it only while she plays nothing then
        long eveAt11 = api().book(eve, session, a.get(3));
        for (Student waiting : List.of(dan, fay)) {
            TestApi.expect(
                    200,
                    api().post("/reserve/waitlist", waiting.token(), Map.of("sessionId", session, "slotId", a.get(3))));
        }
        api().book(dan, session, b.get(3));
        TestApi.expect(200, api().delete("/reserve/" + eveAt11, eve.token()));
        assertThat(waitStatus(fay, a.get(3))).isEqualTo("OFFERED");
        assertThat(waitStatus(dan, a.get(3))).as("passed over").isNotEqualTo("OFFERED");
        long fayAt11 = api().book(fay, session, c.get(3));
        Reply offerRefused =
                api().post("/reserve/offers/" + a.get(3) + "/accept", fay.token(), Map.of("sessionId", session));
        assertRefused(offerRefused, "SAME_TIME");
        TestApi.expect(200, api().delete("/reserve/" + fayAt11, fay.token()));
        Reply taken = TestApi.expect(
                202, api().post("/reserve/offers/" + a.get(3) + "/accept", fay.token(), Map.of("sessionId", session)));
        assertThat(api().awaitResult(fay, taken.data().path("traceId").asText(), SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");

        invariants().assertHold(session);
        assertNoStudentPastAShare(students);
    }

    /** The week's share holds across two openings of one week, each deciding in its own hash slot. */
    @Test
    default void aWeeklyShareHoldsAcrossTheOpeningsOfAWeek() {
        AppSettings settings = bean(AppSettings.class);
        LocalDate tuesday =
                Times.today().with(TemporalAdjusters.next(DayOfWeek.MONDAY)).plusDays(1);
        long court = api().createCourt();
        long onTuesday = api().createSession(tuesday, now(), 5);
        long onWednesday = api().createSession(tuesday.plusDays(1), now(), 5);
        List<Long> tue = api().generateSlots(onTuesday, List.of(court), "08:00", "11:00", 60, 1);
        List<Long> wed = api().generateSlots(onWednesday, List.of(court), "08:00", "11:00", 60, 1);
        Student bob = api().students(1).get(0);
        settings.set(SettingKey.BOOKINGS_PER_WEEK, "3");
        try {
            api().book(bob, onTuesday, tue.get(0));
            api().book(bob, onTuesday, tue.get(1));
            api().book(bob, onWednesday, wed.get(0));
            Reply week = api().reserve(bob, onWednesday, wed.get(1));
            assertRefused(week, "WEEK");
            assertThat(week.data().path("holding")).hasSize(3);
        } finally {
            settings.set(SettingKey.BOOKINGS_PER_WEEK, "0");
        }
        api().book(bob, onWednesday, wed.get(1));
        invariants().assertHold(onTuesday);
        invariants().assertHold(onWednesday);
    }

    /**
     * The database guards the share whatever Redis says: a copy that lost a student's bookings lets a second place
     * at the same time through, which the consumer refuses and compensates like any refused grant.
     */
    @Test
    default void theDatabaseRefusesAPlacePastAShareThatRedisLetThrough() {
        long courtA = api().createCourt();
        long courtB = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 5);
        long a = api().generateSlots(session, List.of(courtA), "15:00", "16:00", 60, 1)
                .get(0);
        long b = api().generateSlots(session, List.of(courtB), "15:00", "16:00", 60, 1)
                .get(0);
        Student gil = api().students(1).get(0);
        api().book(gil, session, a);
        redisson().getMap(RedisKeys.share(session)).remove(Long.toString(userIdOf(gil)));

        String trace = TestApi.expect(202, api().reserve(gil, session, b))
                .data()
                .path("traceId")
                .asText();
        Reply result = api().awaitResult(gil, trace, SETTLE);

        assertThat(result.data().path("status").asText()).as("%s", result).isEqualTo("FAILED");
        // told as the student's own refusal, in their language: the booking that holds the hour, no "try again"
        JsonNode told = readTree(api().raw("GET", "/reserve/result/" + trace, gil.token(), ZH, null)
                        .body())
                .path("data");
        assertThat(told.path("refusal").asText()).as("%s", told).isEqualTo("SHARE_USED");
        assertThat(told.path("rule").asText()).isEqualTo("SAME_TIME");
        assertThat(told.path("holding").get(0).path("slotId").asLong()).isEqualTo(a);
        assertThat(told.path("reason").asText())
                .startsWith("你在这个时间已有预约：")
                .contains("15:00")
                .doesNotContain("再试")
                .doesNotContain("fair share");
        assertThat(jdbc().queryForObject(
                                "select count(*) from reservation where slot_id = ? and holder_id is not null",
                                Integer.class,
                                b))
                .isZero();
        invariants().assertHold(session);
        assertNoStudentPastAShare(List.of(gil));
    }

    /** A walk-in at the desk and an entry of a fair draw are held to the share like a place asked for online. */
    @AtGymHours
    default void theDeskAndTheDrawHoldTheShareToo(LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        long courtA = api().createCourt();
        long courtB = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 5);
        long a = api().generateSlots(session, List.of(courtA), "16:00", "17:00", 60, 1)
                .get(0);
        long b = api().generateSlots(session, List.of(courtB), "16:00", "17:00", 60, 1)
                .get(0);
        List<Student> students = api().students(3);
        Student kim = students.get(0);
        api().book(kim, session, a);

        // a fair draw of court C at 16:00: Kim may not win it, Ivy does
        Student ivy = students.get(1);
        long courtC = api().createCourt();
        LocalDateTime flash = now().plusSeconds(2).withNano(0);
        long draw = api().createDrawSession(tomorrow(), flash, 2, 1500, false);
        long c = api().generateSlots(draw, List.of(courtC), "16:00", "17:00", 60, 1)
                .get(0);
        TestApi.expect(200, api().post("/admin/sessions/" + draw + "/warmup", TestApi.ADMIN_TOKEN, null));
        String kimsEntry = TestApi.expect(202, api().reserve(kim, draw, c, List.of(), null))
                .data()
                .path("traceId")
                .asText();
        String ivysEntry = TestApi.expect(202, api().reserve(ivy, draw, c, List.of(), null))
                .data()
                .path("traceId")
                .asText();
        JsonNode kimsResult = api().awaitResult(kim, kimsEntry, SETTLE).data();
        assertThat(kimsResult.path("status").asText()).isEqualTo("FAILED");
        assertThat(kimsResult.path("reason").asText())
                .as("a count in words")
                .contains("2 students entered the draw for 1 place")
                .doesNotContain("1 places");
        assertThat(api().awaitResult(ivy, ivysEntry, SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");

        // the desk: court B's slot runs now, as does Kim's court A: the walk-in is refused
        Times.clearOfMidnight(Duration.ofMinutes(10));
        startAgo(List.of(a, b), Duration.ofMinutes(10));
        TestApi.expect(200, api().post("/admin/sessions/" + session + "/resync", TestApi.ADMIN_TOKEN, null));
        Reply walkIn = api().post(
                        "/admin/walk-in",
                        TestApi.ADMIN_TOKEN,
                        Map.of("slotId", b, "studentId", kim.studentId(), "expectedCents", 2000));
        assertRefused(walkIn, "SAME_TIME");
        invariants().assertHold(session);
        assertNoStudentPastAShare(students);
    }

    /** 20 requests at once, 5 students each after four places of one day, two at the same time: none past a share. */
    @Test
    default void noStudentGoesPastAShareUnderARace() throws Exception {
        long courtA = api().createCourt();
        long courtB = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 5);
        List<Long> a = api().generateSlots(session, List.of(courtA), "18:00", "21:00", 60, 5);
        long b = api().generateSlots(session, List.of(courtB), "18:00", "19:00", 60, 5)
                .get(0);
        List<Long> wanted = List.of(a.get(0), b, a.get(1), a.get(2)); // a.get(0) and b: both at 18:00
        List<Student> students = api().students(5);
        List<Callable<Reply>> rush = new ArrayList<>();
        for (Student student : students) {
            for (long slot : wanted) {
                rush.add(() -> api().reserve(student, session, slot));
            }
        }
        List<Reply> replies = TestApi.atOnce(rush);
        List<String> traces = new ArrayList<>();
        for (int i = 0; i < replies.size(); i++) {
            Reply reply = replies.get(i);
            if (reply.status() == 202) {
                traces.add(students.get(i / wanted.size()).token() + " "
                        + reply.data().path("traceId").asText());
            } else {
                assertThat(reply.enumCode()).as("%s", reply).isEqualTo("SHARE_USED");
            }
        }
        assertThat(traces).as("two a day each").hasSize(10);
        for (String each : traces) {
            String[] parts = each.split(" ");
            Student student = new Student(null, parts[0]);
            assertThat(api().awaitResult(student, parts[1], SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("SUCCESS");
        }
        invariants().assertHold(session);
        assertNoStudentPastAShare(students);
    }

    Map<String, String> ZH = Map.of("Accept-Language", "zh-CN");

    private static JsonNode readTree(String body) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(body);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void assertRefused(Reply reply, String rule) {
        assertThat(reply.status()).as("%s", reply).isEqualTo(409);
        assertThat(reply.enumCode()).as("%s", reply).isEqualTo("SHARE_USED");
        assertThat(reply.data().path("rule").asText()).as("%s", reply).isEqualTo(rule);
        assertThat(reply.data().path("holding").isArray()).isTrue();
    }

    private String waitStatus(Student student, long slot) {
        return jdbc().queryForObject(
                        "select status from waitlist_entry where slot_id = ? and user_id = ? order by id desc limit 1",
                        String.class,
                        slot,
                        userIdOf(student));
    }

    /** Moves the slots to have started {@code ago}, today (the desk's walk-ins take running slots only). */
    private void startAgo(List<Long> slots, Duration ago) {
        LocalDateTime start = now().minus(ago).withNano(0);
        slots.forEach(slot -> startSlotAt(slot, start));
    }

    /**
     * No student plays more than the day's cap on a date, nor two bookings at once (booker or accepted partner,
     * active or a no-show), whatever the test did.
     */
    private void assertNoStudentPastAShare(List<Student> students) {
        int perDay = bean(AppSettings.class).getPositiveInt(SettingKey.BOOKINGS_PER_DAY);
        List<Holding> all = bean(ShareMapper.class)
                .holdings(
                        students.stream().map(this::userIdOf).toList(),
                        Times.today().minusDays(7),
                        Times.today().plusDays(21),
                        null);
        Map<Long, List<Holding>> byStudent =
                all.stream().collect(java.util.stream.Collectors.groupingBy(Holding::userId));
        byStudent.forEach((student, held) -> {
            held.stream()
                    .collect(java.util.stream.Collectors.groupingBy(Holding::slotDate))
                    .forEach((date, onDate) -> assertThat(onDate)
                            .as("student %d on %s", student, date)
                            .hasSizeLessThanOrEqualTo(perDay));
            for (int i = 0; i < held.size(); i++) {
                for (int j = i + 1; j < held.size(); j++) {
                    assertThat(held.get(i).place().overlaps(held.get(j).place()))
                            .as("student %d: %s and %s", student, held.get(i), held.get(j))
                            .isFalse();
                }
            }
        });
    }
}
