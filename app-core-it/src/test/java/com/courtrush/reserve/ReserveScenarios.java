package com.courtrush.reserve;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.infra.redis.RedisRoundTrips;
import com.courtrush.infra.redis.ScriptPipeline;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.support.EchoCall;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.redisson.client.RedisTimeoutException;

/**
 * The reserve engine's decision end to end — real HTTP, real Redis, real broker, real database — under real parallel
 * load: the crowd, the gate, the script calls, the answers, the limits. {@link RecordScenarios} follows the winners to
 * the database and through the failures it must survive.
 */
public interface ReserveScenarios extends StackAccess {

    @Test
    default void aFlashCrowdNeverOversellsAndEverySettles() throws Exception {
        long courtA = api().createCourt();
        long courtB = api().createCourt();
        long courtC = api().createCourt();
        LocalDateTime flash = now().plusSeconds(3).withNano(0);
        long session = api().createSession(tomorrow(), flash, 2);
        List<Long> slots =
                new ArrayList<>(api().generateSlots(session, List.of(courtA, courtB), "08:00", "12:00", 60, 1));
        slots.addAll(api().generateSlots(session, List.of(courtC), "08:00", "12:00", 60, 3));
        int places = 8 * 1 + 4 * 3;
        List<Student> students = api().students(200);

        // 600 attempts, 3 per student on distinct slots, released together just after the gate opens
        Random random = new Random(20261122);
        List<Map.Entry<Student, Long>> attempts = new ArrayList<>();
        for (Student student : students) {
            List<Long> shuffled = new ArrayList<>(slots);
            Collections.shuffle(shuffled, random);
            shuffled.subList(0, 3).forEach(slot -> attempts.add(Map.entry(student, slot)));
        }
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService crowd = Executors.newFixedThreadPool(attempts.size());
        List<Future<Reply>> replies = new ArrayList<>();
        for (Map.Entry<Student, Long> attempt : attempts) {
            replies.add(crowd.submit(() -> {
                go.await();
                return api().reserve(attempt.getKey(), session, attempt.getValue());
            }));
        }
        sleepUntil(flash.plusNanos(100_000_000));
        go.countDown();

        Map<String, Integer> outcomes = new HashMap<>();
        Map<String, Student> accepted = new HashMap<>();
        for (int i = 0; i < replies.size(); i++) {
            Reply reply = replies.get(i).get();
            outcomes.merge(reply.status() + " " + reply.enumCode(), 1, Integer::sum);
            if (reply.status() == 202) {
                accepted.put(
                        reply.data().path("traceId").asText(), attempts.get(i).getKey());
            } else {
                assertThat(reply.status()).as("refusal %s", reply).isEqualTo(409);
                // SHARE_USED: a student's attempts at the same hour (one place at a time, SPEC §16)
                assertThat(reply.enumCode()).isIn("OUT_OF_STOCK", "QUOTA_EXCEEDED", "DUP_REQ", "SHARE_USED");
                if (reply.enumCode().equals("OUT_OF_STOCK")) {
                    assertThat(reply.data().path("alternatives").isArray()).isTrue();
                    assertThat(reply.data().path("alternatives").size()).isLessThanOrEqualTo(3);
                }
            }
        }
        crowd.shutdown();

        assertThat(accepted.size()).as("granted places; outcomes %s", outcomes).isEqualTo(places);
        // I4: every accepted trace ends SUCCESS or FAILED, none stays PENDING
        accepted.forEach((trace, student) -> assertThat(api().awaitResult(student, trace, SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .as("trace %s", trace)
                .isEqualTo("SUCCESS"));
        bean(Reconciler.class).reconcile();
        assertThat(invariants().assertHold(session)).isEqualTo(places);
    }

    @Test
    default void theGateOpensExactlyAtFlashTimeWithNoClick() {
        long court = api().createCourt();
        LocalDateTime flash = now().plusSeconds(4).withNano(0);
        long session = api().createSession(tomorrow(), flash, 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        Student student = api().students(1).get(0);

        sleepUntil(flash.minusSeconds(1));
        Reply early = api().reserve(student, session, slot);
        assertThat(early.status()).as("%s", early).isEqualTo(409);
        assertThat(early.enumCode()).isEqualTo("UNGATED");
        assertThat(early.data().path("secondsToOpen").asLong()).isBetween(1L, 2L);

        sleepUntil(flash.plusSeconds(1));
        Reply onTime = api().reserve(student, session, slot);
        assertThat(onTime.status()).as("%s", onTime).isEqualTo(202);
        assertThat(api().awaitResult(student, onTime.data().path("traceId").asText(), SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
    }

    @Test
    default void concurrentScriptCallsShareRoundTripsAndEachRunsOnceWithItsOwnReply() throws Exception {
        RedisRoundTrips trips = bean(RedisRoundTrips.class);
        ScriptPipeline<EchoCall, List<Object>> pipeline =
                new ScriptPipeline<>(redisson(), EchoCall.SCRIPT, Duration.ofMinutes(1));
        String prefix = "test:pipeline:" + ThreadLocalRandom.current().nextLong(1_000_000_000L) + ":";
        int threads = 32;
        long before = trips.total();
        int calls = callInParallel(pipeline, prefix + "a:", threads, 50);
        assertThat(trips.total() - before)
                .as("round trips for %d concurrent calls", calls)
                .isLessThan(calls);

        // Redis forgets its scripts (a restart): the batch that hits it is sent again after a reload
        redisson().getScript().scriptFlush();
        callInParallel(pipeline, prefix + "b:", threads, 5);

        // a call still waiting to be sent past its deadline is dropped, never sent: it decides nothing
        ScriptPipeline<EchoCall, List<Object>> late = new ScriptPipeline<>(redisson(), EchoCall.SCRIPT, Duration.ZERO);
        assertThatThrownBy(() -> late.call(new EchoCall(prefix + "late", "arg")))
                .isInstanceOf(RedisTimeoutException.class)
                .hasMessageContaining("dropped unsent");
        assertThat(redisson().getBucket(prefix + "late").isExists()).isFalse();
        redisson().getKeys().deleteByPattern(prefix + "*");
    }

    /** Every thread calls with its own key; each reply is its own, and each call ran exactly once. */
    private int callInParallel(
            ScriptPipeline<EchoCall, List<Object>> pipeline, String prefix, int threads, int callsEach)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String key = prefix + t;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 1; i <= callsEach; i++) {
                        List<Object> reply = pipeline.call(new EchoCall(key, "arg-" + i));
                        assertThat(reply).containsExactly(key, "arg-" + i, (long) i);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> each : done) {
                each.get();
            }
        } finally {
            pool.shutdownNow();
        }
        for (int t = 0; t < threads; t++) {
            assertThat(redisson().getBucket(prefix + t).get()).isEqualTo(Integer.toString(callsEach));
        }
        return threads * callsEach;
    }

    /**
     * {@code POST /reserve/} as the page sends it is served ahead of the security chain and Spring MVC (decision
     * 29); the same request with a query string goes down the chain to the controller. Both must answer
     * alike — status, envelope, the security headers — for a refusal, a duplicate, each kind of bad body, in
     * either language: the lane is a shorter way to the same door, not a second one.
     */
    @Test
    default void aReserveIsAnsweredTheSameAheadOfTheChainAsThroughIt() {
        long court = api().createCourt();
        long open = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(open, List.of(court), "08:00", "09:00", 60, 2)
                .get(0);
        Student student = api().students(1).get(0);
        Map<String, String> json = Map.of("Content-Type", "application/json");
        Map<String, String> zh = Map.of("Content-Type", "application/json;charset=UTF-8", "Accept-Language", "zh-CN");
        TestApi.expect(202, api().reserve(student, open, slot));
        record Shape(String what, Map<String, String> headers, String body) {}
        List<Shape> shapes = List.of(
                new Shape("a place already held", json, "{\"sessionId\":" + open + ",\"slotId\":" + slot + "}"),
                new Shape("in Chinese", zh, "{\"sessionId\":" + open + ",\"slotId\":" + slot + "}"),
                new Shape("an opening there is not", json, "{\"sessionId\":999999999,\"slotId\":" + slot + "}"),
                new Shape("a slot of another opening", zh, "{\"sessionId\":" + open + ",\"slotId\":1}"),
                new Shape("no JSON", json, "{sessionId:"),
                new Shape("a field of the wrong type", zh, "{\"sessionId\":\"one\",\"slotId\":1}"),
                new Shape("a zero id", json, "{\"sessionId\":0,\"slotId\":-1}"),
                new Shape("trailing JSON", json, "{\"sessionId\":1,\"slotId\":1}{}"),
                new Shape("no body", json, ""));
        for (Shape shape : shapes) {
            byte[] body = shape.body().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            TestApi.RawReply lane = api().raw("POST", "/reserve/", student.token(), shape.headers(), body);
            TestApi.RawReply chain =
                    api().raw("POST", "/reserve/?through=chain", student.token(), shape.headers(), body);
            assertThat(lane.status()).as("%s: status", shape.what()).isEqualTo(chain.status());
            assertThat(lane.status())
                    .as("%s: a refusal, not an error", shape.what())
                    .isBetween(400, 499);
            assertThat(lane.body()).as("%s: envelope", shape.what()).isEqualTo(chain.body());
            assertThat(answerHeaders(lane)).as("%s: headers", shape.what()).isEqualTo(answerHeaders(chain));
            assertThat(lane.headers())
                    .as("%s: the security headers", shape.what())
                    .containsKeys(
                            "content-security-policy",
                            "x-content-type-options",
                            "x-frame-options",
                            "cache-control",
                            "referrer-policy");
        }
    }

    /** An answer's headers but those of its transport (the date, its length or chunks). */
    private static Map<String, List<String>> answerHeaders(TestApi.RawReply reply) {
        Map<String, List<String>> headers = new java.util.TreeMap<>(reply.headers());
        List.of("date", "content-length", "transfer-encoding", "connection", "keep-alive")
                .forEach(headers::remove);
        return headers;
    }

    @Test
    default void aDecisionIsOneRedisRoundTripAndASoldOutAnswerNone() throws Exception {
        RedisRoundTrips trips = bean(RedisRoundTrips.class);
        long court = api().createCourt();
        long closed = api().createSession(tomorrow(), tomorrow().atTime(7, 0), 2);
        long early = api().generateSlots(closed, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        // 100 decisions in Redis, counted with everything else the node sends meanwhile: its periodic
        // jobs (the opening clock checks every live opening each second, and the run has made
        // many; the rush and queue series add what they counted, a few trips a second) and work left
        // by earlier scenarios come in bursts, so the quietest of three rounds counts; two trips per
        // decision would still be 200
        long quietest = Long.MAX_VALUE;
        for (int round = 0; round < 3 && quietest > 125; round++) {
            List<Student> crowd = api().students(20); // fresh students: five attempts each is the limit
            long before = trips.total();
            for (Student student : crowd) {
                for (int i = 0; i < 5; i++) {
                    assertThat(api().reserve(student, closed, early).enumCode()).isEqualTo("UNGATED");
                }
            }
            quietest = Math.min(quietest, trips.total() - before);
        }
        assertThat(quietest).as("round trips for 100 decisions").isBetween(100L, 125L);

        // the per-student limit counts those attempts: the sold-out part has a crowd of its own
        List<Student> late = api().students(20);
        long open = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(open, List.of(court), "10:00", "11:00", 60, 1)
                .get(0);
        String trace = TestApi.expect(202, api().reserve(late.get(0), open, slot))
                .data()
                .path("traceId")
                .asText();
        assertThat(api().awaitResult(late.get(0), trace, SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        assertThat(api().reserve(late.get(1), open, slot).enumCode()).isEqualTo("OUT_OF_STOCK");
        long started = System.nanoTime();
        long before = trips.total();
        for (Student student : late.subList(2, late.size())) {
            for (int i = 0; i < 3; i++) {
                assertThat(api().reserve(student, open, slot).enumCode()).isEqualTo("OUT_OF_STOCK");
            }
        }
        // the student who holds the place is told so, not "sold out" (SPEC §12), also from the flag
        for (int i = 0; i < 3; i++) {
            Reply again = api().reserve(late.get(0), open, slot);
            assertThat(again.enumCode()).as("%s", again).isEqualTo("DUP_REQ");
            assertThat(again.data().has("alternatives")).isFalse();
        }
        // 57 answers from this node's flag: only the background jobs' trips (the clock, a trip a second for each
        // live opening the run has left, the series a few a second), counted again over as long with no request
        // and taken off: what is left is far fewer than 57
        long answering = trips.total() - before;
        long took = Duration.ofNanos(System.nanoTime() - started).toMillis();
        long idleFrom = trips.total();
        Thread.sleep(took);
        long idle = trips.total() - idleFrom;
        assertThat(answering - idle)
                .as(
                        "round trips for 57 answers from the flag (%d, of which %d as many as %d ms idle make)",
                        answering, idle, took)
                .isLessThan(25L);
    }

    @Test
    default void aSlotThatHasStartedIsNeitherSoldNorOfferedAndSlotsAreNotMadeInThePast() {
        long court = api().createCourt();
        LocalDate day = tomorrow(); // read once: a run across midnight would list the day after
        long session = api().createSession(day, now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
        Student student = api().students(1).get(0);
        // the first slot began a moment ago (today at midnight, whatever the hour now)
        jdbc().update(
                        "update time_slot set slot_date = ?, start_time = '00:00:00', end_time = '00:30:00' where id = ?",
                        Times.today(),
                        slots.get(0));
        jdbc().update("update reservation set slot_date = ? where slot_id = ?", Times.today(), slots.get(0));
        bean(SlotCatalog.class).invalidateAll();

        Reply started = api().reserve(student, session, slots.get(0));
        assertThat(started.status()).as("%s", started).isEqualTo(409);
        assertThat(started.enumCode()).isEqualTo("UNGATED");
        // listed under its opening's date, marked as started
        Reply listed = TestApi.expect(200, api().get("/slots?date=" + day, student.token()));
        assertThat(listed.data().findValues("slots").stream()
                        .flatMap(s -> java.util.stream.StreamSupport.stream(s.spliterator(), false))
                        .filter(s -> s.path("slotId").asLong() == slots.get(0))
                        .map(s -> s.path("started").asBoolean()))
                .containsExactly(true);
        // when the next one is sold out, the started one is not offered as an alternative
        api().book(api().students(1).get(0), session, slots.get(1));
        assertThat(api().reserve(student, session, slots.get(1))
                        .data()
                        .path("alternatives")
                        .findValues("slotId"))
                .noneMatch(id -> id.asLong() == slots.get(0));

        long today = api().createSession(Times.today(), now(), 2);
        Reply past = api().post(
                        "/admin/sessions/" + today + "/slots/generate",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "courtIds",
                                List.of(court),
                                "startTime",
                                "00:00",
                                "endTime",
                                "00:30",
                                "durationMinutes",
                                30,
                                "capacity",
                                1,
                                "priceCents",
                                2000));
        assertThat(past.status()).as("%s", past).isEqualTo(400);
        assertThat(past.body().path("message").asText()).contains("past");
    }

    @Test
    default void theSixthAttemptInAMinuteIsRefusedWithRetryAfter() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), tomorrow().atTime(7, 0), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        Student student = api().students(1).get(0);
        for (int i = 1; i <= 5; i++) {
            Reply reply = api().reserve(student, session, slot);
            assertThat(reply.enumCode()).as("attempt %d: %s", i, reply).isEqualTo("UNGATED");
        }
        Reply sixth = api().reserve(student, session, slot);
        assertThat(sixth.status()).as("%s", sixth).isEqualTo(429);
        assertThat(sixth.enumCode()).isEqualTo("TOO_MANY_REQUESTS");
        assertThat(Long.parseLong(
                        sixth.raw().headers().firstValue("Retry-After").orElseThrow()))
                .isBetween(1L, 60L);
    }

    @Test
    default void duplicatesAndThePerStudentLimitAreRefused() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "11:00", 60, 3);
        Student student = api().students(1).get(0);

        Reply first = TestApi.expect(202, api().reserve(student, session, slots.get(0)));
        Reply again = api().reserve(student, session, slots.get(0));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.enumCode()).isEqualTo("DUP_REQ");
        Reply second = TestApi.expect(202, api().reserve(student, session, slots.get(1)));
        Reply third = api().reserve(student, session, slots.get(2));
        assertThat(third.status()).isEqualTo(409);
        assertThat(third.enumCode()).isEqualTo("QUOTA_EXCEEDED");

        for (Reply granted : List.of(first, second)) {
            assertThat(api().awaitResult(student, granted.data().path("traceId").asText(), SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("SUCCESS");
        }
        assertThat(invariants().assertHold(session)).isEqualTo(2);
    }

    @Test
    default void aTraceIsVisibleToItsOwnerOnly() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        List<Student> two = api().students(2);
        String trace = TestApi.expect(202, api().reserve(two.get(0), session, slot))
                .data()
                .path("traceId")
                .asText();

        assertThat(api().awaitResult(two.get(0), trace, SETTLE)
                        .data()
                        .path("reservationId")
                        .asLong())
                .isPositive();
        Reply stranger = api().result(two.get(1), trace);
        assertThat(stranger.status()).isEqualTo(404);
        assertThat(stranger.data().isNull()).isTrue();
        assertThat(api().get("/admin/reservations", two.get(0).token()).status())
                .isEqualTo(403);
    }

    @Test
    default void slotTemplatesThatOverlapOrStartBeforeTheOpeningAreRefused() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), tomorrow().atTime(9, 0), 2);
        api().generateSlots(session, List.of(court), "10:00", "12:00", 60, 1);
        Reply touching = api().post(
                        "/admin/sessions/" + session + "/slots/generate",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "courtIds",
                                List.of(court),
                                "startTime",
                                "12:00",
                                "endTime",
                                "13:00",
                                "durationMinutes",
                                60));
        assertThat(touching.status()).as("touching is fine: %s", touching).isEqualTo(200);
        Reply overlapping = api().post(
                        "/admin/sessions/" + session + "/slots/generate",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "courtIds",
                                List.of(court),
                                "startTime",
                                "11:30",
                                "endTime",
                                "12:30",
                                "durationMinutes",
                                60));
        assertThat(overlapping.status()).isEqualTo(409);
        assertThat(overlapping.data().path("conflicts").get(0).asText())
                .contains("11:30")
                .contains("overlaps");
        // what the refusal lists reads in the asker's language, as its message does
        TestApi.RawReply chinese = api().raw(
                        "POST",
                        "/admin/sessions/" + session + "/slots/generate",
                        TestApi.ADMIN_TOKEN,
                        Map.of("Content-Type", "application/json", "Accept-Language", "zh-CN"),
                        ("{\"courtIds\":[" + court
                                        + "],\"startTime\":\"11:30\",\"endTime\":\"12:30\",\"durationMinutes\":60}")
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(chinese.body()).contains("11:30-12:30 与其已有时段 11:00-12:00 重叠").doesNotContain("overlaps");
        Reply early = api().post(
                        "/admin/sessions/" + session + "/slots/generate",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "courtIds",
                                List.of(court),
                                "startTime",
                                "08:00",
                                "endTime",
                                "09:00",
                                "durationMinutes",
                                60));
        assertThat(early.status()).isEqualTo(400);
        assertThat(early.body().path("message").asText()).contains("after the first slot");
    }
}
