package com.courtrush.venue;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Several venues and sports in one CourtRush (SPEC §21) on a whole stack: two venues' openings flashing at the same
 * second are one rush, each sold exactly; a sport's own day's share, and one place at a time across every sport.
 */
public interface VenueScenarios extends StackAccess {

    /**
     * The engine nodes a rush's crowd is split across: this test's node alone, unless a stack that can run another
     * node on the same services says otherwise (the real stack does: two venues' crowds on two nodes).
     */
    default Doors rushDoors() throws Exception {
        return new Doors(List.of(api()), () -> {});
    }

    /** The nodes of one rush, and how to stop the ones started for it. */
    record Doors(List<TestApi> nodes, AutoCloseable started) implements AutoCloseable {

        TestApi pick(int index) {
            return nodes.get(index % nodes.size());
        }

        @Override
        public void close() throws Exception {
            started.close();
        }
    }

    @Test
    default void twoVenuesFlashingAtOneSecondAreOneRushEachSoldExactly() throws Exception {
        try (Doors doors = rushDoors()) {
            twoVenuesFlashAtOneSecond(doors);
        }
    }

    private void twoVenuesFlashAtOneSecond(Doors doors) throws Exception {
        long east = venue(TestApi.unique("东区体育馆"), TestApi.unique("East gym"));
        long tables = venue(TestApi.unique("乒乓球室"), TestApi.unique("Table-tennis room"));
        List<Long> eastCourts = List.of(court(east, "BADMINTON"), court(east, "BADMINTON"));
        List<Long> tennisTables = List.of(court(tables, "TABLE_TENNIS"), court(tables, "TABLE_TENNIS"));
        JsonNode open = TestApi.expect(200, api().get("/venues", null)).data();
        assertThat(sportsOf(open, tables)).containsExactly("TABLE_TENNIS");
        assertThat(sportsOf(open, east)).containsExactly("BADMINTON");

        LocalDateTime flash = now().plusSeconds(4).withNano(0);
        long eastOpening = opening(east, flash);
        long tablesOpening = opening(tables, flash);
        List<Long> badminton = api().generateSlots(eastOpening, eastCourts, "18:00", "21:00", 60, 1);
        List<Long> tableTennis = api().generateSlots(tablesOpening, tennisTables, "18:00", "21:00", 60, 1);
        // a court of the other venue is not this opening's
        Reply otherVenue = api().post(
                        "/admin/sessions/" + eastOpening + "/slots/generate",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "courtIds",
                                tennisTables,
                                "startTime",
                                "08:00",
                                "endTime",
                                "09:00",
                                "durationMinutes",
                                60));
        assertThat(otherVenue.status()).as("%s", otherVenue).isEqualTo(400);

        // the page asks for one venue and sport: only that opening, only that sport's slots (a date's answer is
        // kept half a second for the crowd: a later one has the new openings)
        Student first = api().students(1).get(0);
        String asked = "/slots?date=" + tomorrow() + "&venueId=" + tables + "&sport=TABLE_TENNIS";
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(TestApi.expect(200, api().get(asked, first.token()))
                                .data())
                        .hasSize(1));
        JsonNode listed = TestApi.expect(200, api().get(asked, first.token())).data();
        assertThat(listed.get(0).path("sessionId").asLong()).isEqualTo(tablesOpening);
        assertThat(listed.get(0).path("venueId").asLong()).isEqualTo(tables);
        assertThat(listed.get(0).path("slots")).hasSize(tableTennis.size());
        listed.get(0)
                .path("slots")
                .forEach(slot -> assertThat(slot.path("sport").asText()).isEqualTo("TABLE_TENNIS"));
        assertThat(TestApi.expect(
                                200,
                                api().get(
                                                "/slots?date=" + tomorrow() + "&venueId=" + tables + "&sport=BADMINTON",
                                                first.token()))
                        .data())
                .isEmpty();

        // 150 students, each trying a badminton court and a table at once, released together at the flash
        List<Student> students = api().students(150);
        Random random = new Random(20261130);
        List<Map.Entry<Student, long[]>> attempts = new ArrayList<>();
        for (Student student : students) {
            attempts.add(Map.entry(student, new long[] {eastOpening, pick(badminton, random)}));
            attempts.add(Map.entry(student, new long[] {tablesOpening, pick(tableTennis, random)}));
        }
        Collections.shuffle(attempts, random);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService crowd = Executors.newFixedThreadPool(attempts.size());
        List<Future<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < attempts.size(); i++) {
            Map.Entry<Student, long[]> attempt = attempts.get(i);
            TestApi door = doors.pick(i);
            replies.add(crowd.submit(() -> {
                go.await();
                return door.reserve(attempt.getKey(), attempt.getValue()[0], attempt.getValue()[1]);
            }));
        }
        sleepUntil(flash.plusNanos(100_000_000));
        go.countDown();

        Map<Long, Integer> grantedByOpening = new HashMap<>();
        Map<String, Map.Entry<Student, long[]>> accepted = new LinkedHashMap<>();
        Map<String, Integer> outcomes = new HashMap<>();
        for (int i = 0; i < replies.size(); i++) {
            Reply reply = replies.get(i).get();
            outcomes.merge(reply.status() + " " + reply.enumCode(), 1, Integer::sum);
            if (reply.status() == 202) {
                grantedByOpening.merge(attempts.get(i).getValue()[0], 1, Integer::sum);
                accepted.put(reply.data().path("traceId").asText(), attempts.get(i));
            } else {
                assertThat(reply.enumCode()).as("%s", reply).isIn("OUT_OF_STOCK", "DUP_REQ", "SHARE_USED");
            }
        }
        crowd.shutdown();

        assertThat(grantedByOpening)
                .as("outcomes %s", outcomes)
                .containsEntry(eastOpening, badminton.size())
                .containsEntry(tablesOpening, tableTennis.size());
        // A student granted places at one hour in both venues in the same instant keeps one: each opening's copy of
        // the shares learns of the other's grant once it is recorded, and the database refuses the second (decision
        // 26), whose place goes back on sale — and is sold to the next student who asks, as a crowd's would be.
        List<Student> next = api().students(accepted.size());
        int refilled = 0;
        for (Map.Entry<String, Map.Entry<Student, long[]>> grant : accepted.entrySet()) {
            Student student = grant.getValue().getKey();
            long[] place = grant.getValue().getValue();
            String status = api().awaitResult(student, grant.getKey(), SETTLE)
                    .data()
                    .path("status")
                    .asText();
            if (!"SUCCESS".equals(status)) {
                assertThat(status).as("trace %s", grant.getKey()).isEqualTo("FAILED");
                assertThat(placesAtTheHourOf(student, place[1]))
                        .as("the student refused kept a place at that hour")
                        .isEqualTo(1);
                api().book(next.get(refilled++), place[0], place[1]);
            }
        }
        bean(Reconciler.class).reconcile();
        assertThat(invariants().assertHold(eastOpening)).isEqualTo(badminton.size());
        assertThat(invariants().assertHold(tablesOpening)).isEqualTo(tableTennis.size());
        // one place at a time across the venues: nobody plays two places at one hour
        assertThat(jdbc().queryForObject(
                                "select count(*) from (select r.user_id, s.start_time from reservation r join time_slot s on"
                                        + " s.id = r.slot_id where r.holder_id is not null and r.session_id in (?, ?) group by"
                                        + " r.user_id, s.start_time having count(*) > 1) clash",
                                Integer.class,
                                eastOpening,
                                tablesOpening))
                .isZero();
    }

    @Test
    default void aStudentPlaysBadmintonAndTableTennisOneEveningButNotTwoAtOneHour() {
        long east = venue(TestApi.unique("西区体育馆"), TestApi.unique("West gym"));
        long tables = venue(TestApi.unique("乒乓球二室"), TestApi.unique("Table-tennis room 2"));
        long court = court(east, "BADMINTON");
        long table = court(tables, "TABLE_TENNIS");
        long eastOpening = opening(east, now());
        long tablesOpening = opening(tables, now());
        List<Long> badminton = api().generateSlots(eastOpening, List.of(court), "18:00", "21:00", 60, 1);
        List<Long> tableTennis = api().generateSlots(tablesOpening, List.of(table), "18:00", "21:00", 60, 1);
        Student ann = api().students(1).get(0);
        // table tennis has a day's share of its own: one a day; badminton keeps the gym's (two)
        sport("TABLE_TENNIS", 1);
        try {
            api().book(ann, eastOpening, badminton.get(0));
            // the other venue's opening is told of her booking once it is recorded (decision 26)
            String annId = String.valueOf(jdbc().queryForObject(
                            "select id from user_account where student_id = ?", Long.class, ann.studentId()));
            await().atMost(Duration.ofSeconds(10))
                    .until(() ->
                            redisson().getMap(RedisKeys.share(tablesOpening)).containsKey(annId));
            assertRefused(api().reserve(ann, tablesOpening, tableTennis.get(0)), "SAME_TIME");
            api().book(ann, tablesOpening, tableTennis.get(1));
            assertRefused(api().reserve(ann, tablesOpening, tableTennis.get(2)), "DAY");
            // Redis loses the table-tennis opening: rebuilt from the database, its shares are as they were
            redisson().getKeys().deleteByPattern(RedisKeys.opening(tablesOpening) + "*");
            TestApi.expect(200, api().post("/admin/sessions/" + tablesOpening + "/resync", TestApi.ADMIN_TOKEN, null));
            assertRefused(api().reserve(ann, tablesOpening, tableTennis.get(2)), "DAY");
            // her second badminton game of the day is hers: the table-tennis game is not counted against it
            api().book(ann, eastOpening, badminton.get(2));
            invariants().assertHold(eastOpening);
            invariants().assertHold(tablesOpening);
        } finally {
            sport("TABLE_TENNIS", null);
        }
        // a court with slots still to be played keeps its venue and sport
        Reply move = api().put("/admin/courts/" + court, TestApi.ADMIN_TOKEN, Map.of("venueId", tables));
        assertThat(move.status()).as("%s", move).isEqualTo(409);
    }

    @Test
    default void aClosedVenueLeavesSaleItsBookingsEndWithTheReasonAndNoSlotIsMadeInIt() {
        String roomZh = TestApi.unique("乒乓球三室");
        String roomEn = TestApi.unique("Table-tennis room 3");
        long room = venue(roomZh, roomEn);
        long table = court(room, "TABLE_TENNIS");
        long opening = opening(room, now());
        List<Long> slots = api().generateSlots(opening, List.of(table), "18:00", "21:00", 60, 1);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        Student bob = students.get(1);
        long paid = api().book(ann, opening, slots.get(0));
        api().pay(ann, paid);
        long unpaid = api().book(bob, opening, slots.get(1));
        String reason = TestApi.unique("校乒乓球赛");

        JsonNode closure = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/closures",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "venueId",
                                                room,
                                                "from",
                                                tomorrow().atStartOfDay().toString(),
                                                "until",
                                                tomorrow()
                                                        .plusDays(1)
                                                        .atStartOfDay()
                                                        .toString(),
                                                "reason",
                                                reason)))
                .data();
        assertThat(closure.path("slotsClosed").asInt()).isEqualTo(slots.size());
        assertThat(closure.path("cancelled").asInt()).isEqualTo(1);
        assertThat(closure.path("refunded").asInt()).isEqualTo(1);
        assertThat(statusOf(paid)).isIn("REFUNDED", "CANCELLED");
        assertThat(statusOf(unpaid)).isEqualTo("CANCELLED");
        invariants().assertHold(opening);
        // the students are told, with the reason and the venue
        await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(TestApi.expect(200, api().get("/notices?size=20", bob.token()))
                                .data()
                                .path("notices")
                                .findValuesAsText("text"))
                        .anySatisfy(text -> assertThat(text).contains(reason).containsAnyOf(roomZh, roomEn)));
        // nothing of it is on sale, and no slot is made in it until it is lifted
        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(TestApi.expect(
                                        200, api().get("/slots?date=" + tomorrow() + "&venueId=" + room, ann.token()))
                                .data())
                        .isEmpty());
        Reply closed = api().post(
                        "/admin/sessions/" + opening + "/slots/generate",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "courtIds",
                                List.of(table),
                                "startTime",
                                "21:00",
                                "endTime",
                                "22:00",
                                "durationMinutes",
                                60));
        assertThat(closed.status()).as("%s", closed).isEqualTo(409);
        TestApi.expect(200, api().delete("/admin/closures/" + closure.path("id").asLong(), TestApi.ADMIN_TOKEN));
        assertThat(api().generateSlots(opening, List.of(table), "21:00", "22:00", 60, 1))
                .hasSize(1);
    }

    /** The places {@code student} holds at the hour slot {@code slotId} is played, of every venue. */
    private int placesAtTheHourOf(Student student, long slotId) {
        return jdbc().queryForObject(
                        "select count(*) from reservation r join time_slot s on s.id = r.slot_id join time_slot asked on"
                                + " asked.id = ? join user_account u on u.id = r.user_id where u.student_id = ? and"
                                + " r.holder_id is not null and s.slot_date = asked.slot_date and s.start_time ="
                                + " asked.start_time",
                        Integer.class,
                        slotId,
                        student.studentId());
    }

    private String statusOf(long reservation) {
        return jdbc().queryForObject("select status from reservation where id = ?", String.class, reservation);
    }

    private long venue(String zh, String en) {
        return TestApi.expect(200, api().post("/admin/venues", TestApi.ADMIN_TOKEN, Map.of("nameZh", zh, "nameEn", en)))
                .data()
                .path("id")
                .asLong();
    }

    private long court(long venue, String sport) {
        return TestApi.expect(
                        200,
                        api().post(
                                        "/admin/courts",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of("courtName", TestApi.unique("table"), "venueId", venue, "sport", sport)))
                .data()
                .path("id")
                .asLong();
    }

    private long opening(long venue, LocalDateTime flash) {
        return TestApi.expect(
                        200,
                        api().post(
                                        "/admin/sessions",
                                        TestApi.ADMIN_TOKEN,
                                        Map.of(
                                                "sessionDate",
                                                tomorrow().toString(),
                                                "flashTime",
                                                flash.withNano(0).toString(),
                                                "perUserLimit",
                                                2,
                                                "venueId",
                                                venue)))
                .data()
                .path("id")
                .asLong();
    }

    private void sport(String code, Integer perDay) {
        Map<String, Object> form = new HashMap<>();
        form.put("nameZh", "乒乓球");
        form.put("nameEn", "Table tennis");
        form.put("slotMinutes", 60);
        form.put("placesPerCourt", 1);
        form.put("perDay", perDay);
        TestApi.expect(200, api().put("/admin/venues/sports/" + code, TestApi.ADMIN_TOKEN, form));
        // the share is read again every 2 s on each node
        sleepUntil(now().plusSeconds(3));
    }

    private static List<String> sportsOf(JsonNode venues, long id) {
        List<String> sports = new ArrayList<>();
        venues.forEach(venue -> {
            if (venue.path("id").asLong() == id) {
                venue.path("sports")
                        .forEach(sport -> sports.add(sport.path("code").asText()));
            }
        });
        return sports;
    }

    private static long pick(List<Long> slots, Random random) {
        return slots.get(random.nextInt(slots.size()));
    }

    private static void assertRefused(Reply reply, String rule) {
        assertThat(reply.status()).as("%s", reply).isEqualTo(409);
        assertThat(reply.enumCode()).as("%s", reply).isEqualTo("SHARE_USED");
        assertThat(reply.data().path("rule").asText()).as("%s", reply).isEqualTo(rule);
    }
}
