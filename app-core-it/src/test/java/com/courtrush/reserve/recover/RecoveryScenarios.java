package com.courtrush.reserve.recover;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.infra.amqp.Queues;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.opening.OpeningService;
import com.courtrush.reserve.decide.TraceIds;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.redisson.api.RLock;
import org.redisson.api.RMap;
import org.redisson.api.RScript;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * When Redis and the database disagree — a Redis restarted from a file a second old, a re-sync
 * racing the consumer and a cancel — Redis is rebuilt exactly, and the database still refuses what
 * Redis should not have granted (issue 18, items 4 and 5; decision 15).
 */
public interface RecoveryScenarios extends StackAccess {

    @Test
    default void aReSyncIsExactWhenAGrantIsRecordedOrAPlaceGivenBackWhileItReadsTheDatabase() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 3)
                .get(0);
        List<Student> students = api().students(2);
        Student leaving = students.get(0);
        Student arriving = students.get(1);
        long leavingReservation = api().book(leaving, session, slot);
        StockSync sync = bean(StockSync.class);
        OpeningService openings = bean(OpeningService.class);
        try {
            // a grant decided, recorded and out of flight between the re-sync's read and its script
            sync.afterDatabaseRead(() -> api().book(arriving, session, slot));
            openings.resync(session, "test");
            assertThat(invariants().assertHold(session))
                    .as("the grant recorded during the read counts")
                    .isEqualTo(2);

            // a place given back between the read (which still saw it) and the script
            sync.afterDatabaseRead(
                    () -> TestApi.expect(200, api().delete("/reserve/" + leavingReservation, leaving.token())));
            openings.resync(session, "test");
        } finally {
            sync.afterDatabaseRead(() -> {});
        }
        assertThat(invariants().assertHold(session))
                .as("the place given back during the read is free")
                .isEqualTo(1);
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("2");
    }

    @Test
    default void aRedisThatForgotPlacesItGrantedCannotTakeAStudentOverTheLimitInTheDatabase() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "11:00", 60, 5);
        Student student = api().students(1).get(0);
        api().book(student, session, slots.get(0));
        api().book(student, session, slots.get(1));
        long userId = userIdOf(student);
        // Redis back as it was before both grants (what a restart from an older file does), the warm marker kept
        for (long slot : slots.subList(0, 2)) {
            forgetInRedis(userId, session, slot);
        }

        String trace = TestApi.expect(202, api().reserve(student, session, slots.get(2)))
                .data()
                .path("traceId")
                .asText();
        assertThat(api().awaitResult(student, trace, SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .as("the database refuses a third place")
                .isEqualTo("FAILED");
        assertThat(jdbc().queryForObject(
                                "select count(*) from reservation where user_id = ? and session_id = ? "
                                        + "and holder_id is not null",
                                Integer.class,
                                userId,
                                session))
                .isEqualTo(2);
        // and the refusal re-synced the opening from the database
        assertThat(invariants().assertHold(session)).isEqualTo(2);
    }

    @Test
    default void aGrantRedisLostBeforeItsMessageWasRecordedMakesTheOpeningReSync() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 4)
                .get(0);
        Student student = api().students(1).get(0);
        long userId = userIdOf(student);
        AtomicReference<String> trace = new AtomicReference<>();
        withReserveConsumersStopped(() -> {
            trace.set(TestApi.expect(202, api().reserve(student, session, slot))
                    .data()
                    .path("traceId")
                    .asText());
            // the grant is in the broker's store; Redis comes back without it (its last second was lost)
            forgetInFlight(new ReserveMessage(trace.get(), userId, slot, session, 0));
            forgetInRedis(userId, session, slot);
            // known now to nobody but the broker, yet answered 202: its student is told PENDING, never "unknown"
            Reply meanwhile = TestApi.expect(200, api().result(student, trace.get()));
            assertThat(meanwhile.data().path("status").asText()).isEqualTo("PENDING");
            // and to another student it does not exist
            Student other = api().students(1).get(0);
            assertThat(api().result(other, trace.get()).status()).isEqualTo(404);
        });
        assertThat(api().awaitResult(student, trace.get(), SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        // the consumer found Redis without the grant it recorded and re-synced the opening
        await().atMost(SETTLE)
                .untilAsserted(
                        () -> assertThat(invariants().assertHold(session)).isEqualTo(1));
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("3");
    }

    @Test
    default void aTraceAnsweredThatRedisAndTheBrokerBothLostIsPendingThenGivenUpAndCannotBeBookedLate() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 3)
                .get(0);
        Student student = api().students(1).get(0);
        long userId = userIdOf(student);
        AtomicReference<String> lost = new AtomicReference<>();
        withReserveConsumersStopped(() -> {
            lost.set(TestApi.expect(202, api().reserve(student, session, slot))
                    .data()
                    .path("traceId")
                    .asText());
            // the broker lost the message and Redis its pending record and in-flight entry (the place it keeps)
            bean(AmqpAdmin.class).purgeQueue(Queues.RESERVE_QUEUE, false);
            forgetInFlight(new ReserveMessage(lost.get(), userId, slot, session, 0));
            assertThat(TestApi.expect(200, api().result(student, lost.get()))
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("PENDING");
        });
        String trace = lost.get();
        // past the reconciler's horizon it is given up: FAILED, and the place Redis kept is back
        await().atMost(SETTLE)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> "FAILED"
                        .equals(TestApi.expect(200, api().result(student, trace))
                                .data()
                                .path("status")
                                .asText()));
        assertThat(invariants().assertHold(session)).isZero();
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("3");

        // its message, were it to arrive late after all, books nothing
        bean(RabbitTemplate.class)
                .send(
                        Queues.RESERVE_EXCHANGE,
                        Queues.RESERVE_ROUTING_KEY,
                        MessageBuilder.withBody(new ReserveMessage(trace, userId, slot, session, 0).toJson())
                                .setMessageId(trace)
                                .build());
        await().during(Duration.ofSeconds(1))
                .atMost(SETTLE)
                .until(() -> invariants().assertHold(session) == 0);
        assertThat(TestApi.expect(200, api().result(student, trace))
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("FAILED");
    }

    @Test
    default void givingUpATraceNobodyHasNeverFreesThePlaceTheStudentHoldsByAnother() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 3)
                .get(0);
        Student student = api().students(1).get(0);
        long userId = userIdOf(student);
        // a first attempt Redis lost (issued long enough ago to be given up), then a retry that was recorded
        String lost =
                bean(TraceIds.class).issue(userId, slot, session, Instant.now().minus(Duration.ofMinutes(2)));
        api().book(student, session, slot);

        assertThat(TestApi.expect(200, api().result(student, lost))
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("FAILED");
        // the place the retry holds is still the student's, in Redis too
        assertThat(invariants().assertHold(session)).isEqualTo(1);
        assertThat(redisson().getSet(RedisKeys.dedup(session, slot)).contains(Long.toString(userId)))
                .isTrue();
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("2");
    }

    @Test
    default void anOpeningBuiltByARedisThatHasSinceRestartedIsRebuilt() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 4)
                .get(0);
        Student student = api().students(1).get(0);
        api().book(student, session, slot);
        // as if this Redis had been restarted from a file written before the booking: another run id
        // built the opening, and the stock is the one from before
        redisson().getBucket(RedisKeys.warm(session)).set("0000000000000000000000000000000000000000");
        redisson().getBucket(RedisKeys.semaphore(session, slot)).set("4");
        redisson().getSet(RedisKeys.dedup(session, slot)).delete();

        // the opening clock tells the restart by the run id and rebuilds the opening from the database
        await().atMost(SETTLE)
                .untilAsserted(() -> assertThat(
                                redisson().getBucket(RedisKeys.warm(session)).get())
                        .isEqualTo(runId(session)));
        assertThat(invariants().assertHold(session)).isEqualTo(1);
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("3");
    }

    @Test
    default void aRequestThatFindsRedisWithoutTheOpeningIsAnswered503AndTheOpeningRebuiltAtOnce() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 2)
                .get(0);
        List<Student> students = api().students(2);
        api().book(students.get(0), session, slot);
        // the opening clock is held off (this test holds its lock), so only the request can notice
        RLock clock = redisson().getLock(RedisKeys.OPENING_CLOCK_LOCK);
        clock.lock(30, TimeUnit.SECONDS);
        try {
            // what a Redis restarted empty shows of the opening: nothing
            redisson()
                    .getKeys()
                    .delete(
                            RedisKeys.warm(session),
                            RedisKeys.gate(session),
                            RedisKeys.gateTime(session),
                            RedisKeys.semaphore(session, slot),
                            RedisKeys.dedup(session, slot),
                            RedisKeys.quota(session));
            Reply cold = api().reserve(students.get(1), session, slot);
            assertThat(cold.status()).as("%s", cold).isEqualTo(503);
            assertThat(cold.raw().headers().firstValue("Retry-After")).hasValue("1");
            assertThat(cold.enumCode()).as("never UNGATED 'not open'").isEqualTo("ERROR");

            // the request started a rebuild, which puts back the stock, then the gate
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> redisson().getBucket(RedisKeys.gate(session)).isExists());
            // nor is an opening whose stock is back but whose gate is not yet set (a rebuild under way) "not open"
            redisson().getKeys().delete(RedisKeys.gate(session), RedisKeys.gateTime(session));
            Reply rebuilding = api().reserve(students.get(1), session, slot);
            assertThat(rebuilding.status()).as("%s", rebuilding).isEqualTo(503);

            // the request started the rebuild: the next try is served, the other student's place kept
            Reply served = await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> api().reserve(students.get(1), session, slot), reply -> reply.status() != 503);
            assertThat(served.status()).as("%s", served).isEqualTo(202);
            assertThat(api().awaitResult(
                                    students.get(1),
                                    served.data().path("traceId").asText(),
                                    SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("SUCCESS");
        } finally {
            clock.unlock();
        }
        assertThat(invariants().assertHold(session)).isEqualTo(2);
    }

    /** Drops a grant's pending record and in-flight entry, as a Redis that lost its last second would. */
    private void forgetInFlight(ReserveMessage grant) {
        redisson().getScoredSortedSet(RedisKeys.inflight(grant.sessionId())).remove(grant.inflightMember());
        redisson()
                .getBucket(RedisKeys.pending(grant.sessionId(), grant.traceId()))
                .delete();
    }

    /** Undoes a student's place in Redis only, as a Redis restarted from a file older than the grant would. */
    private void forgetInRedis(long userId, long session, long slot) {
        redisson().getSet(RedisKeys.dedup(session, slot)).remove(Long.toString(userId));
        redisson().getMap(RedisKeys.quota(session)).addAndGet(Long.toString(userId), -1);
        redisson().getAtomicLong(RedisKeys.semaphore(session, slot)).incrementAndGet();
        // the fair share's copy (SPEC §16) as it was before the grant too
        RMap<String, String> shares = redisson().getMap(RedisKeys.share(session));
        String held = shares.get(Long.toString(userId));
        if (held != null) {
            String kept = java.util.Arrays.stream(held.split(";"))
                    .filter(entry -> !entry.startsWith("b" + slot + ","))
                    .collect(java.util.stream.Collectors.joining(";"));
            if (kept.isEmpty()) {
                shares.remove(Long.toString(userId));
            } else {
                shares.put(Long.toString(userId), kept);
            }
        }
    }

    /** The run id of the Redis that holds the opening's keys (on a Cluster, the master of its hash slot). */
    private String runId(long session) {
        return redisson()
                .getScript()
                .eval(
                        RScript.Mode.READ_ONLY,
                        "return string.match(redis.call('INFO', 'server'), 'run_id:(%w+)')",
                        RScript.ReturnType.VALUE,
                        List.of(RedisKeys.warm(session)));
    }
}
