package com.courtrush.reserve.decide;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.record.DrawReplay;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The fair draw (issue 21, second part): requests in an opening's first seconds enter a draw, one
 * entry per student, and the places are drawn at random when the window closes — so a client that
 * fires 50 ms before the others gains nothing — under the usual rules (dedup, the per-student limit,
 * stock), through the usual publish and consumer; first come after it.
 */
public interface DrawScenarios extends StackAccess {

    /** Which clients are early, and what they want. */
    long CLIENT_SEED = 21L;

    /**
     * 160 students want 4 slots of 10 places, 40 each; of each 40, 20 chosen at random fire 50 ms
     * before the other 20, all inside the draw's window. First come, the early ones would take all
     * 40 places; drawn, each slot's early winners are hypergeometric (40 entrants, 20 early, 10
     * drawn: mean 5, variance 1.92), so the early winners of all four have mean 20 and standard
     * deviation 2.77. The tolerance, 20 ± 10 (3.6 standard deviations), is broken by a fair draw
     * about once in 3,000 draws. Then the draw is re-run from its published record, as anyone may: the same
     * winners, the commitment published at warm-up holding for the secret published after.
     */
    @Test
    default void aFairDrawGivesThePlacesAtRandomNotToTheFastestClients() throws Exception {
        List<Student> students = api().students(160);
        long court = api().createCourt();
        long spareCourt = api().createCourt();
        LocalDateTime flash = now().plusSeconds(3).withNano(0);
        int windowMs = 3000;
        long session = api().createDrawSession(tomorrow(), flash, 2, windowMs, false);
        List<Long> wanted = api().generateSlots(session, List.of(court), "08:00", "12:00", 60, 10);
        long spare = api().generateSlots(session, List.of(spareCourt), "08:00", "09:00", 60, 2)
                .get(0);
        assertThat(TestApi.expect(200, api().get("/admin/sessions/" + session, TestApi.ADMIN_TOKEN))
                        .data()
                        .path("drawWindowMs")
                        .asInt())
                .isEqualTo(windowMs);
        Random clients = new Random(CLIENT_SEED);
        Set<Student> early = new HashSet<>();
        Map<Student, Long> wants = new HashMap<>();
        for (int s = 0; s < wanted.size(); s++) {
            List<Student> forSlot = new ArrayList<>(students.subList(40 * s, 40 * (s + 1)));
            Collections.shuffle(forSlot, clients);
            early.addAll(forSlot.subList(0, 20));
            for (Student student : forSlot) {
                wants.put(student, wanted.get(s));
            }
        }
        JsonNode listed = TestApi.expect(
                        200,
                        api().get("/slots?date=" + tomorrow(), students.get(0).token()))
                .data();
        JsonNode opening = null;
        for (JsonNode o : listed) {
            if (o.path("sessionId").asLong() == session) {
                opening = o;
            }
        }
        assertThat(opening).isNotNull();
        assertThat(opening.path("fairDraw").asBoolean()).isTrue();
        assertThat(opening.path("msToDrawClose").asLong())
                .as("before the opening: its time plus the window")
                .isGreaterThan(windowMs);
        assertThat(opening.path("drawEntryOpen").asBoolean())
                .as("warm: entries are taken before the flash time")
                .isTrue();
        // committed at warm-up, before any entry: the secret's SHA-256, kept by a warm-up run again
        String commitment = TestApi.expect(200, api().get("/draws/" + session, null))
                .data()
                .path("commitment")
                .asText();
        assertThat(commitment).matches("[0-9a-f]{64}");
        assertThat(opening.path("drawCommitment").asText())
                .as("published on /slots too, for the page")
                .isEqualTo(commitment);
        TestApi.expect(200, api().post("/admin/sessions/" + session + "/warmup", TestApi.ADMIN_TOKEN, null));
        JsonNode before =
                TestApi.expect(200, api().get("/draws/" + session, null)).data();
        assertThat(before.path("commitment").asText()).isEqualTo(commitment);
        assertThat(before.path("record").isNull())
                .as("the secret stays hidden until the draw")
                .isTrue();
        // the documented command on an opening not drawn yet says so (it printed a NullPointerException's text)
        java.io.ByteArrayOutputStream notYet = new java.io.ByteArrayOutputStream();
        assertThat(DrawReplay.run(
                        new String[] {"http://127.0.0.1:" + api().port() + "/draws/" + session},
                        new java.io.PrintStream(notYet, true, UTF_8)))
                .as("%s", notYet)
                .isEqualTo(2);
        assertThat(notYet.toString(UTF_8))
                .contains("opening " + session + " is not drawn yet")
                .contains(commitment)
                .doesNotContain("null");
        assertThat(LocalDateTime.parse(opening.path("drawEntryFrom").asText()))
                .as("the warm-up time, 5 min before")
                .isEqualTo(
                        LocalDateTime.parse(opening.path("flashTime").asText()).minusMinutes(5));

        // the crowd: the early half fires 50 ms before the rest
        CountDownLatch earlyGo = new CountDownLatch(1);
        CountDownLatch lateGo = new CountDownLatch(1);
        ExecutorService crowd = Executors.newFixedThreadPool(students.size());
        Map<Student, Future<Reply>> replies = new HashMap<>();
        for (Student student : students) {
            CountDownLatch go = early.contains(student) ? earlyGo : lateGo;
            replies.put(student, crowd.submit(() -> {
                go.await();
                return api().reserve(student, session, wants.get(student));
            }));
        }
        sleepUntil(flash.plusNanos(200_000_000));
        earlyGo.countDown();
        TestApi.sleep(50);
        lateGo.countDown();
        Map<Student, String> traces = new HashMap<>();
        for (Student student : students) {
            Reply reply = replies.get(student).get();
            assertThat(reply.status())
                    .as("every tap in the window enters the draw: %s", reply)
                    .isEqualTo(202);
            assertThat(reply.data().path("drawClosesInMs").asLong()).isPositive();
            traces.put(student, reply.data().path("traceId").asText());
        }
        crowd.shutdown();
        Student twice = students.get(0);
        Reply again = api().reserve(twice, session, wanted.get(3));
        assertThat(again.enumCode()).as("one entry per student: %s", again).isEqualTo("DUP_REQ");
        assertThat(again.data().path("traceId").asText()).isEqualTo(traces.get(twice));
        assertThat(api().result(twice, traces.get(twice)).data().path("status").asText())
                .as("until the draw")
                .isEqualTo("PENDING");
        // the courts page read just before the close: the engine's moment-old stock snapshot (kept up to ten times
        // its half second) predates the draw that the first losers ask about right after
        sleepUntil(flash.plusNanos((windowMs - 300) * 1_000_000L));
        TestApi.expect(
                200, api().get("/slots?date=" + tomorrow(), students.get(0).token()));

        // the draw: 40 places, 10 a slot, at random
        List<Student> winners = new ArrayList<>();
        List<JsonNode> lost = new ArrayList<>();
        for (Student student : students) {
            Reply result = api().awaitResult(student, traces.get(student), SETTLE);
            String status = result.data().path("status").asText();
            assertThat(status).as("%s", result).isIn("SUCCESS", "FAILED");
            if (status.equals("SUCCESS")) {
                winners.add(student);
            } else {
                lost.add(result.data());
            }
        }
        assertThat(winners).hasSize(40);
        for (long slot : wanted) {
            assertThat(jdbc().queryForObject(
                                    "select count(*) from reservation where slot_id = ? and holder_id is not null",
                                    Integer.class,
                                    slot))
                    .as("holders of slot %d", slot)
                    .isEqualTo(10);
        }
        long earlyWinners = winners.stream().filter(early::contains).count();
        LoggerFactory.getLogger(DrawScenarios.class)
                .info("Fair draw: {} of 40 places went to the 80 early clients", earlyWinners);
        assertThat(earlyWinners)
                .as("places won by the clients 50 ms early (chance: 20 ± 2.8)")
                .isBetween(10L, 30L);
        assertThat(lost.get(0).path("reason").asText()).contains("160").contains("40");
        assertThat(lost.get(0).path("alternatives"))
                .as("the slot with places left, to book now")
                .anySatisfy(a -> assertThat(a.path("slotId").asLong()).isEqualTo(spare));
        // read as the page reads them, right after the close: no loser is offered a slot the draw has just filled
        assertThat(lost)
                .as("losers' alternatives")
                .allSatisfy(result -> assertThat(result.path("alternatives"))
                        .noneSatisfy(a ->
                                assertThat(wanted).contains(a.path("slotId").asLong())));

        // what staff see: the draw in the rush's history and in the audit, once
        JsonNode draw = TestApi.expect(
                        200, api().get("/admin/monitor/rush/" + session + "/history", TestApi.ADMIN_TOKEN))
                .data()
                .path("summary")
                .path("draw");
        assertThat(draw.path("drawn").asBoolean()).isTrue();
        assertThat(draw.path("entrants").asLong()).isEqualTo(160);
        assertThat(draw.path("winners").asLong()).isEqualTo(40);
        assertThat(draw.path("digest").asText()).matches("[0-9a-f]{40}");

        // anyone re-runs the draw from its published record: the same winners; the commitment holds
        Reply published = TestApi.expect(200, api().get("/draws/" + session, null));
        DrawReplay.Publication record = com.alibaba.fastjson2.JSON.parseObject(
                published.data().path("record").toString(), DrawReplay.Publication.class);
        assertThat(record.commitment()).isEqualTo(commitment);
        assertThat(record.entries()).hasSize(160);
        assertThat(record.places()).containsEntry(Long.toString(wanted.get(0)), 10);
        DrawReplay.Verdict verdict = DrawReplay.verify(record);
        assertThat(verdict.holds()).as("%s", verdict).isTrue();
        assertThat(verdict.winners()).hasSize(40);
        // each winner finds their entry under the pseudonym the engine tells them
        assertThat(verdict.winners().stream().map(DrawReplay.Winner::id))
                .as("the winners' pseudonyms are those of the students given a place")
                .containsExactlyInAnyOrderElementsOf(winners.stream()
                        .map(w -> TestApi.expect(200, api().get("/reserve/draws/" + session + "/entry", w.token()))
                                .data()
                                .path("entryId")
                                .asText())
                        .toList());
        assertThat(TestApi.expect(
                                200,
                                api().get(
                                                "/reserve/draws/" + session + "/entry",
                                                winners.get(0).token()))
                        .data()
                        .path("entryId")
                        .asText())
                .isEqualTo(DrawReplay.pseudonym(session, userIdOf(winners.get(0))));
        DrawReplay.Publication forged = new DrawReplay.Publication(
                record.version(),
                record.sessionId(),
                record.commitment(),
                "0".repeat(32),
                record.open(),
                record.limit(),
                record.places(),
                record.digest(),
                record.entries(),
                record.winners());
        assertThat(DrawReplay.verify(forged).commitmentHolds())
                .as("another secret breaks the commitment")
                .isFalse();
        // the documented command (java -jar app-core.jar verify-draw <address or file>), as anyone would run it
        String address = "http://127.0.0.1:" + api().port() + "/draws/" + session;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        assertThat(DrawReplay.run(new String[] {address}, new java.io.PrintStream(printed, true, UTF_8)))
                .as("%s", printed)
                .isZero();
        assertThat(printed.toString(UTF_8))
                .contains("commitment SHA-256(secret) holds", "entries' digest holds")
                .contains("40 winners, the same as the published result");
        java.nio.file.Path saved = java.nio.file.Files.createTempFile("draw-", ".json");
        try {
            java.nio.file.Files.writeString(
                    saved, published.body().toString().replace(record.secret(), "0".repeat(32)), UTF_8);
            printed.reset();
            assertThat(DrawReplay.run(new String[] {saved.toString()}, new java.io.PrintStream(printed, true, UTF_8)))
                    .as("a saved record with another secret: %s", printed)
                    .isEqualTo(1);
            assertThat(printed.toString(UTF_8)).contains("commitment SHA-256(secret) DOES NOT HOLD");
        } finally {
            java.nio.file.Files.delete(saved);
        }
        printed.reset();
        assertThat(DrawReplay.run(new String[] {saved + ".missing"}, new java.io.PrintStream(printed, true, UTF_8)))
                .as("nothing to read")
                .isEqualTo(2);
        assertThat(jdbc().queryForObject(
                                "select count(*) from audit_log where action = 'DRAW' and target_id = ?",
                                Integer.class,
                                Long.toString(session)))
                .isEqualTo(1);

        // after the draw, first come: a loser books the spare slot; a winner reaches the per-student limit
        Student loser =
                students.stream().filter(s -> !winners.contains(s)).findFirst().orElseThrow();
        // a winner of a slot after 08:00: the spare is at 08:00, and a student plays one place at a time (SPEC §16)
        Student winner = winners.stream()
                .filter(w -> jdbc().queryForObject(
                                        "select count(*) from reservation r join user_account u on u.id = r.user_id "
                                                + "where u.student_id = ? and r.slot_id = ? and r.holder_id is not null",
                                        Integer.class,
                                        w.studentId(),
                                        wanted.get(0))
                        == 0)
                .findFirst()
                .orElseThrow();
        Reply late = api().reserve(loser, session, spare);
        assertThat(late.status()).as("%s", late).isEqualTo(202);
        assertThat(late.data().path("drawClosesInMs").isNull())
                .as("not an entry any more")
                .isTrue();
        assertThat(api().awaitResult(loser, late.data().path("traceId").asText(), SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        assertThat(api().book(winner, session, spare)).isPositive();
        assertThat(api().reserve(winner, session, wanted.get(0)).enumCode())
                .as("two places, the limit")
                .isIn("QUOTA_EXCEEDED", "DUP_REQ");
        assertThat(invariants().assertHold(session)).isEqualTo(42);
    }

    /**
     * An entry names up to two more slots, each of the opening, each once; the draw gives each entrant
     * the first of theirs that is left. An opening that asks for a booking pass wants it for the entry,
     * and a winner's pass is spent by the place it won.
     */
    @Test
    default void aDrawEntryNamesItsSlotsInOrderAndAPassOpeningWantsItsPass() throws Exception {
        List<Student> students = api().students(4);
        long court = api().createCourt();
        LocalDateTime flash = now().plusSeconds(3).withNano(0);
        long session = api().createDrawSession(tomorrow(), flash, 2, 1500, true);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "11:00", 60, 1);
        long other = api().createSession(tomorrow(), now().plusMinutes(2), 2);
        long otherSlot = api().generateSlots(other, List.of(api().createCourt()), "08:00", "09:00", 60, 1)
                .get(0);
        Map<Student, String> passes = new HashMap<>();
        for (Student student : students.subList(0, 3)) {
            passes.put(student, passOf(student, session));
        }
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student cat = students.get(2);
        Student noPass = students.get(3);
        List<Long> thenSecond = List.of(slots.get(1));

        assertThat(api().reserve(
                                ann,
                                session,
                                slots.get(0),
                                List.of(slots.get(1), slots.get(2), otherSlot),
                                passes.get(ann))
                        .status())
                .as("three more slots")
                .isEqualTo(400);
        assertThat(api().reserve(ann, session, slots.get(0), List.of(slots.get(0)), passes.get(ann))
                        .status())
                .as("the same slot twice")
                .isEqualTo(400);
        assertThat(api().reserve(ann, session, slots.get(0), List.of(otherSlot), passes.get(ann))
                        .status())
                .as("another opening's slot")
                .isEqualTo(400);
        // SPEC §13: an entry is taken from the warm-up, so a phone whose request was sent before the flash time is in
        Reply entered = api().reserve(ann, session, slots.get(0), thenSecond, passes.get(ann));
        assertThat(entered.status())
                .as("an entry before the flash time: %s", entered)
                .isEqualTo(202);
        assertThat(entered.enumCode()).isEqualTo("SUCCESS");
        assertThat(entered.data().path("drawClosesInMs").asLong())
                .as("closes at the flash time plus the window")
                .isGreaterThan(1500);
        assertThat(api().reserve(noPass, session, slots.get(0), thenSecond, null)
                        .enumCode())
                .as("before the flash time too, a pass opening wants its pass")
                .isEqualTo("PASS_REQUIRED");
        assertThat(api().reserve(bob, session, slots.get(0), List.of(), null).enumCode())
                .isEqualTo("PASS_REQUIRED");

        // a node asking for the draw before the gate opens (its clock ahead of Redis's) is told to wait: no empty draw
        FairDraw.Drawn early = bean(FairDraw.class)
                .draw(bean(SlotCatalog.class).session(session).orElseThrow());
        assertThat(early.outcome()).isEqualTo(DrawCall.Outcome.NOT_YET);
        assertThat(early.millisToClose()).isGreaterThan(1500);
        assertThat(redisson().getMap(RedisKeys.draw(session)).isExists()).isFalse();

        sleepUntil(flash.plusNanos(200_000_000));
        assertThat(api().reserve(noPass, session, slots.get(0), thenSecond, null)
                        .enumCode())
                .isEqualTo("PASS_REQUIRED");
        Map<Student, String> traces = new HashMap<>();
        traces.put(ann, entered.data().path("traceId").asText());
        assertThat(api().reserve(ann, session, slots.get(0), thenSecond, passes.get(ann))
                        .data()
                        .path("traceId")
                        .asText())
                .as("entered before the flash time: the same entry")
                .isEqualTo(traces.get(ann));
        for (Student student : List.of(bob, cat)) {
            Reply entry = api().reserve(student, session, slots.get(0), thenSecond, passes.get(student));
            assertThat(entry.status()).as("%s", entry).isEqualTo(202);
            traces.put(student, entry.data().path("traceId").asText());
        }
        assertThat(api().reserve(bob, session, slots.get(2), List.of(), passes.get(bob))
                        .data()
                        .path("traceId")
                        .asText())
                .as("a second entry: the first one's trace")
                .isEqualTo(traces.get(bob));

        // two places among three entrants who each named both: each place once, one entrant not drawn
        List<Long> won = new ArrayList<>();
        Student notDrawn = null;
        for (Student student : List.of(ann, bob, cat)) {
            Reply result = api().awaitResult(student, traces.get(student), SETTLE);
            if (result.data().path("status").asText().equals("SUCCESS")) {
                won.add(jdbc().queryForObject(
                                "select slot_id from reservation where id = ?",
                                Long.class,
                                result.data().path("reservationId").asLong()));
                assertThat(redisson()
                                .getBucket(RedisKeys.pass(session, userIdOf(student)))
                                .get()
                                .toString())
                        .as("the winner's pass is spent by the place")
                        .startsWith("spent:" + traces.get(student));
            } else {
                notDrawn = student;
                assertThat(result.data().path("alternatives"))
                        .as("the third slot is left")
                        .anySatisfy(a -> assertThat(a.path("slotId").asLong()).isEqualTo(slots.get(2)));
            }
        }
        assertThat(won).containsExactlyInAnyOrder(slots.get(0), slots.get(1));
        assertThat(notDrawn).isNotNull();
        Reply firstCome = api().reserve(notDrawn, session, slots.get(2), List.of(), passes.get(notDrawn));
        assertThat(firstCome.status())
                .as("the pass of an entrant not drawn still serves: %s", firstCome)
                .isEqualTo(202);
        assertThat(api().awaitResult(notDrawn, firstCome.data().path("traceId").asText(), SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        assertThat(invariants().assertHold(session)).isEqualTo(3);
    }

    /** A pass got the way a student gets one (the picture's answer read from Redis, as a person reads it). */
    private String passOf(Student student, long session) {
        TestApi.expect(200, api().post("/reserve/challenge", student.token(), Map.of("sessionId", session)));
        Object answer = redisson()
                .getMap(RedisKeys.passChallenge(session, userIdOf(student)))
                .get("answer");
        return TestApi.expect(
                        200,
                        api().post(
                                        "/reserve/pass",
                                        student.token(),
                                        Map.of("sessionId", session, "answer", answer.toString())))
                .data()
                .path("pass")
                .asText();
    }
}
