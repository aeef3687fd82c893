package com.courtrush.reserve;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static com.courtrush.support.Times.zone;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.reset;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import com.courtrush.core.EngineText;
import com.courtrush.infra.amqp.PublisherChannels;
import com.courtrush.infra.amqp.Queues;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.decide.ReserveScript;
import com.courtrush.reserve.decide.TraceIds;
import com.courtrush.reserve.record.ReservationWriter;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.reserve.recover.TraceCompensator;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.dao.TransientDataAccessResourceException;

/**
 * The winners' way from Redis to the database, end to end and under the failures it must survive: a publish refused,
 * a message that cannot be recorded, one delivered twice, grants recorded together and by racing consumers, more
 * grants than free places, Redis losing its data, a grant given back twice, a message lost and reconciled.
 */
public interface RecordScenarios extends StackAccess {

    @Test
    default void aBrokerThatRefusesThePublishGetsTheStockReleasedOnce() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        Student student = api().students(1).get(0);
        Binding binding = new Binding(
                Queues.RESERVE_QUEUE,
                Binding.DestinationType.QUEUE,
                Queues.RESERVE_EXCHANGE,
                Queues.RESERVE_ROUTING_KEY,
                null);

        // the publisher's connection made first: a connection's making has the admin declare every binding again, so a
        // first publish of the engine (this test run alone) would put the removed binding back before it is sent
        bean(PublisherChannels.class).fill();
        bean(AmqpAdmin.class).removeBinding(binding);
        Reply refused;
        try {
            refused = api().reserve(student, session, slot);
        } finally {
            bean(AmqpAdmin.class).declareBinding(binding);
        }
        assertThat(refused.status()).as("%s", refused).isEqualTo(503);
        assertThat(refused.enumCode()).isEqualTo("FAILED");
        String trace = refused.data().path("traceId").asText();
        assertThat(api().result(student, trace).data().path("status").asText()).isEqualTo("FAILED");
        assertThat(compensations(trace)).isEqualTo(1);
        invariants().assertHold(session);
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("1");

        Reply retried = TestApi.expect(202, api().reserve(student, session, slot));
        assertThat(api().awaitResult(student, retried.data().path("traceId").asText(), SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        assertThat(invariants().assertHold(session)).isEqualTo(1);
    }

    @Test
    default void aMessageThatCannotBeRecordedIsDeadLetteredAndCompensatedOnce() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 2)
                .get(0);
        Student student = api().students(1).get(0);
        doThrow(new TransientDataAccessResourceException("injected: database write failed"))
                .when(bean(ReservationWriter.class))
                .record(argThat(grant -> grant != null && grant.slotId() == slot));
        try {
            String trace = TestApi.expect(202, api().reserve(student, session, slot))
                    .data()
                    .path("traceId")
                    .asText();
            Reply result = api().awaitResult(student, trace, SETTLE);
            assertThat(result.data().path("status").asText()).isEqualTo("FAILED");
            // the student reads what happened in their words, and that trying again is worth it (the place is back);
            // the dead-letter queue is the desk's word, in its audit and alert (issue 75)
            assertThat(result.data().path("reason").asText())
                    .contains("could not be recorded", "Try again")
                    .doesNotContain("dead-letter");
            verify(bean(ReservationWriter.class), times(3))
                    .record(argThat(grant -> grant != null && grant.slotId() == slot));
            // the tombstone that tells the student FAILED commits before the dead-letter consumer's
            // audit entry: wait for the entry, then it must be the only one
            await().atMost(SETTLE).until(() -> compensations(trace) > 0);
            assertThat(compensations(trace)).isEqualTo(1);
            invariants().assertHold(session);
            assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                    .isEqualTo("2");
        } finally {
            reset(bean(ReservationWriter.class));
        }
        String retry = TestApi.expect(202, api().reserve(student, session, slot))
                .data()
                .path("traceId")
                .asText();
        assertThat(api().awaitResult(student, retry, SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        assertThat(invariants().assertHold(session)).isEqualTo(1);
    }

    /**
     * A redelivery of a grant that took its slot's last place: the slot is full when it comes again, and it
     * is still told by its trace — a duplicate, not a refusal that would compensate the student's place (a
     * redelivery into a slot with room is in the next scenario).
     */
    @Test
    default void theSameMessageDeliveredTwiceMakesOneReservation() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        Student student = api().students(1).get(0);
        String trace = TestApi.expect(202, api().reserve(student, session, slot))
                .data()
                .path("traceId")
                .asText();
        assertThat(api().awaitResult(student, trace, SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");

        long userId = jdbc().queryForObject("select user_id from reservation where trace_id = ?", Long.class, trace);
        double duplicatesBefore = consumed("DUPLICATE");
        redeliver(new ReserveMessage(trace, userId, slot, session, System.currentTimeMillis()));
        await().atMost(SETTLE).until(() -> consumed("DUPLICATE") > duplicatesBefore);

        assertThat(jdbc().queryForObject("select count(*) from reservation where trace_id = ?", Integer.class, trace))
                .isEqualTo(1);
        assertThat(invariants().assertHold(session)).isEqualTo(1);
        assertThat(compensations(trace)).isZero();
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("0");
    }

    @Test
    default void grantsWaitingForTheConsumersAreRecordedTogetherAndARedeliveryAmongThemStillOnce() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 1);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 30)
                .get(0);
        List<Student> students = api().students(21);
        DistributionSummary batches = bean(MeterRegistry.class)
                .get("courtrush.reserve.consumer-batch")
                .summary();

        // twenty grants wait in the queue while the consumers are stopped, then arrive together
        long transactionsBefore = batches.count();
        double recordedBefore = batches.totalAmount();
        List<String> traces = new ArrayList<>();
        withReserveConsumersStopped(() -> {
            for (Student student : students.subList(0, 20)) {
                traces.add(TestApi.expect(202, api().reserve(student, session, slot))
                        .data()
                        .path("traceId")
                        .asText());
            }
        });
        for (int i = 0; i < traces.size(); i++) {
            assertThat(api().awaitResult(students.get(i), traces.get(i), SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("SUCCESS");
        }
        assertThat(batches.totalAmount() - recordedBefore).isEqualTo(20);
        assertThat(batches.count() - transactionsBefore)
                .as("database transactions for 20 grants")
                .isLessThan(20);
        assertThat(invariants().assertHold(session)).isEqualTo(20);

        // a redelivered grant in a batch: that batch is recorded one by one, each grant settled once
        String first = traces.get(0);
        long firstUser = jdbc().queryForObject("select user_id from reservation where trace_id = ?", Long.class, first);
        double duplicatesBefore = consumed("DUPLICATE");
        List<String> last = new ArrayList<>();
        withReserveConsumersStopped(() -> {
            last.add(TestApi.expect(202, api().reserve(students.get(20), session, slot))
                    .data()
                    .path("traceId")
                    .asText());
            redeliver(new ReserveMessage(first, firstUser, slot, session, System.currentTimeMillis()));
        });
        assertThat(api().awaitResult(students.get(20), last.get(0), SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        await().atMost(SETTLE).until(() -> consumed("DUPLICATE") > duplicatesBefore);
        assertThat(jdbc().queryForObject("select count(*) from reservation where trace_id = ?", Integer.class, first))
                .isEqualTo(1);
        assertThat(invariants().assertHold(session)).isEqualTo(21);
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("9");
    }

    /**
     * Consumers recording one slot's grants at the same moment take turns on its row and never deadlock: a
     * deadlock fails a recording, and one that fails every attempt loses a winner's place. Eight writers
     * at once, as two nodes' consumers are when a draw's grants or a backlog arrive together.
     */
    @Test
    default void consumersRecordingOneSlotAtOnceAllRecordTheirGrants() throws Exception {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), tomorrow().atTime(7, 0), 1);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 40)
                .get(0);
        List<Long> users = api().students(32).stream()
                .map(student -> jdbc().queryForObject(
                                "select id from user_account where student_id = ?", Long.class, student.studentId()))
                .toList();
        int writers = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService consumers = Executors.newFixedThreadPool(writers);
        List<Future<List<ReservationWriter.Result>>> results = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                List<Long> mine = users.subList(w * users.size() / writers, (w + 1) * users.size() / writers);
                results.add(consumers.submit(() -> {
                    start.await();
                    List<ReservationWriter.Result> recorded = new ArrayList<>();
                    for (long user : mine) {
                        recorded.add(bean(ReservationWriter.class)
                                .record(new ReserveMessage(
                                        "together-" + user, user, slot, session, System.currentTimeMillis())));
                    }
                    return recorded;
                }));
            }
            start.countDown();
            List<ReservationWriter.Result> all = new ArrayList<>();
            for (Future<List<ReservationWriter.Result>> result : results) {
                all.addAll(result.get()); // a deadlock surfaces here, thrown out of record
            }
            assertThat(all).hasSize(users.size()).containsOnly(ReservationWriter.Result.RECORDED);
        } finally {
            consumers.shutdownNow();
        }
        assertThat(jdbc().queryForObject("select booked from time_slot where id = ?", Integer.class, slot))
                .isEqualTo(users.size());
        assertThat(jdbc().queryForObject("select count(*) from reservation where slot_id = ?", Integer.class, slot))
                .isEqualTo(users.size());
    }

    @Test
    default void aBatchWithMoreGrantsForASlotThanTheDatabaseHasFreeTakesOnlyThePlacesThatAreFree() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 1);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 5)
                .get(0);
        List<Student> students = api().students(3);

        // Redis grants three places while the database, out of step, has one left: the three grants
        // of one slot are one counter update in a batch, which must not take more than is free
        List<String> traces = new ArrayList<>();
        withReserveConsumersStopped(() -> {
            for (Student student : students) {
                traces.add(TestApi.expect(202, api().reserve(student, session, slot))
                        .data()
                        .path("traceId")
                        .asText());
            }
            jdbc().update("update time_slot set booked = 4 where id = ?", slot);
            List<Long> users = jdbc().queryForList(
                            "select id from user_account where student_id in (?, ?, ?)",
                            Long.class,
                            students.get(0).studentId(),
                            students.get(1).studentId(),
                            students.get(2).studentId());
            List<ReserveMessage> overbooked = users.stream()
                    .map(user -> new ReserveMessage("direct-" + user, user, slot, session, System.currentTimeMillis()))
                    .toList();
            assertThatThrownBy(() -> bean(ReservationWriter.class).recordAll(overbooked))
                    .as("a batch the slot has no room for")
                    .isInstanceOf(RuntimeException.class);
            assertThat(jdbc().queryForObject("select count(*) from reservation where slot_id = ?", Integer.class, slot))
                    .as("rows of the refused batch")
                    .isZero();
        });

        Map<String, Long> statuses = new HashMap<>();
        for (int i = 0; i < traces.size(); i++) {
            statuses.merge(
                    api().awaitResult(students.get(i), traces.get(i), SETTLE)
                            .data()
                            .path("status")
                            .asText(),
                    1L,
                    Long::sum);
        }
        assertThat(statuses).isEqualTo(Map.of("SUCCESS", 1L, "FAILED", 2L));
        assertThat(jdbc().queryForObject("select booked from time_slot where id = ?", Integer.class, slot))
                .isEqualTo(5);
        // a trace reads FAILED once its compensation is claimed in the database; the place goes back to
        // Redis a moment later, then the compensation is audited: wait for both audits
        org.awaitility.Awaitility.await()
                .atMost(SETTLE)
                .until(() -> jdbc().queryForObject(
                                        "select count(*) from audit_log where action = 'COMPENSATE' and target_type = 'TRACE' "
                                                + "and target_id in (?, ?, ?)",
                                        Integer.class,
                                        traces.get(0),
                                        traces.get(1),
                                        traces.get(2))
                        == 2);
        // the place the database alone had taken given back: both sides agree again
        jdbc().update("update time_slot set booked = 1 where id = ?", slot);
        assertThat(invariants().assertHold(session)).isEqualTo(1);
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("4");
    }

    @Test
    default void afterRedisLosesItsDataTheOpeningIsRebuiltAndNeverOversold() throws Exception {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 3);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "11:00", 60, 2);
        List<Student> holders = api().students(4);
        long[] picks = {slots.get(0), slots.get(0), slots.get(1), slots.get(2)};
        for (int i = 0; i < holders.size(); i++) {
            String trace = TestApi.expect(202, api().reserve(holders.get(i), session, picks[i]))
                    .data()
                    .path("traceId")
                    .asText();
            assertThat(api().awaitResult(holders.get(i), trace, SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("SUCCESS");
        }

        // as a Redis restart would: its data and the scripts it had loaded are gone
        redisson().getKeys().flushdb();
        redisson().getScript().scriptFlush();
        // the opening clock notices within its warm check and rebuilds the opening from the database
        await().atMost(Duration.ofSeconds(20))
                .until(() -> redisson().getBucket(RedisKeys.warm(session)).isExists());
        invariants().assertHold(session);
        // and staff's warm-up (re-sync) is idempotent
        TestApi.expect(200, api().post("/admin/sessions/" + session + "/warmup", TestApi.ADMIN_TOKEN, null));
        assertThat(invariants().assertHold(session)).isEqualTo(4);

        List<Student> latecomers = api().students(30);
        ExecutorService crowd = Executors.newFixedThreadPool(latecomers.size());
        List<Future<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < latecomers.size(); i++) {
            Student student = latecomers.get(i);
            long slot = slots.get(i % 3);
            replies.add(crowd.submit(() -> api().reserve(student, session, slot)));
        }
        Map<String, Student> accepted = new HashMap<>();
        for (int i = 0; i < replies.size(); i++) {
            Reply reply = replies.get(i).get();
            if (reply.status() == 202) {
                accepted.put(reply.data().path("traceId").asText(), latecomers.get(i));
            }
        }
        crowd.shutdown();
        assertThat(accepted.size()).as("only the 2 free places are granted").isEqualTo(2);
        accepted.forEach((trace, student) -> assertThat(api().awaitResult(student, trace, SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS"));
        assertThat(invariants().assertHold(session)).isEqualTo(6);
    }

    /**
     * A grant given back twice (a late-answer hand-back and the reconciler, or a crash between a claim and
     * its release) releases its place once: the second must not free the place its student took again since.
     */
    @Test
    default void aGrantGivenBackTwiceDoesNotFreeThePlaceItsStudentTookAgain() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        Student student = api().students(1).get(0);
        Student other = api().students(1).get(0);
        long userId = userId(student);
        ReserveMessage first = new ReserveMessage(
                bean(TraceIds.class).issue(userId, slot, session, Instant.now()), userId, slot, session, 0);
        ReserveScript.Decision decision = bean(ReserveScript.class)
                .decide(first, 2, StockKeys.expireAt(tomorrow(), zone()), false, null, 0, List.of(slot), late -> {});
        assertThat(decision.verdict()).isEqualTo(ReserveScript.Verdict.ACCEPTED);
        ReserveMessage granted = new ReserveMessage(first.traceId(), userId, slot, session, decision.redisNowMs());
        TraceCompensator compensator = bean(TraceCompensator.class);
        assertThat(compensator.compensate(granted, new EngineText("compensate.answeredTooLate"), "test"))
                .isTrue();

        // the student takes the place again; while that grant is still on its way to the database, the first
        // is given back a second time
        String[] again = new String[1];
        withReserveConsumersStopped(() -> {
            again[0] = TestApi.expect(202, api().reserve(student, session, slot))
                    .data()
                    .path("traceId")
                    .asText();
            compensator.compensate(granted, new EngineText("compensate.answeredTooLate"), "test");
            assertThat(api().reserve(other, session, slot).enumCode())
                    .as("the one place is still the student's")
                    .isEqualTo("OUT_OF_STOCK");
        });
        assertThat(api().awaitResult(student, again[0], SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        assertThat(invariants().assertHold(session)).isEqualTo(1);
    }

    @Test
    default void aGrantWhoseMessageWasLostIsReconciledAndItsLateDeliveryCannotOversell() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        List<Student> students = api().students(3);
        long userId = userId(students.get(0));

        // the process "dies" between the Redis decision and the publish: a grant with no message
        ReserveMessage lost = new ReserveMessage(
                bean(TraceIds.class).issue(userId, slot, session, Instant.now()), userId, slot, session, 0);
        ReserveScript.Decision decision = bean(ReserveScript.class)
                .decide(lost, 2, StockKeys.expireAt(tomorrow(), zone()), false, null, 0, List.of(slot), late -> {});
        assertThat(decision.verdict()).isEqualTo(ReserveScript.Verdict.ACCEPTED);
        assertThat(api().result(students.get(0), lost.traceId())
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("PENDING");
        assertThat(api().reserve(students.get(1), session, slot).enumCode()).isEqualTo("OUT_OF_STOCK");

        TestApi.sleep(3_300);
        String runs = "select count(*) from audit_log where action = 'RECONCILE_GRANTS' and actor = 'admin'";
        int runsBefore = jdbc().queryForObject(runs, Integer.class);
        // staff run it now, at the desk's HTTP door: it gives the stale grant back, and the audit names who ran it
        JsonNode report = TestApi.expect(200, api().post("/admin/reconcile", TestApi.ADMIN_TOKEN, null))
                .data();
        assertThat(report.path("compensated").asInt()).isGreaterThanOrEqualTo(1);
        assertThat(jdbc().queryForObject(runs, Integer.class))
                .as("the run, audited")
                .isEqualTo(runsBefore + 1);
        assertThat(api().result(students.get(0), lost.traceId())
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("FAILED");
        assertThat(compensations(lost.traceId())).isEqualTo(1);
        invariants().assertHold(session);

        // the message turns up after all: it must not become a booking
        double lateBefore = consumed("ALREADY_COMPENSATED");
        redeliver(new ReserveMessage(lost.traceId(), userId, slot, session, decision.redisNowMs()));
        await().atMost(SETTLE).until(() -> consumed("ALREADY_COMPENSATED") > lateBefore);
        assertThat(invariants().assertHold(session)).isZero();
        assertThat(bean(Reconciler.class).reconcile().compensated()).isZero();

        String trace = TestApi.expect(202, api().reserve(students.get(2), session, slot))
                .data()
                .path("traceId")
                .asText();
        assertThat(api().awaitResult(students.get(2), trace, SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        assertThat(invariants().assertHold(session)).isEqualTo(1);
    }

    default long userId(Student student) {
        return jdbc().queryForObject(
                        "select id from user_account where student_id = ?", Long.class, student.studentId());
    }

    default int compensations(String trace) {
        return jdbc().queryForObject(
                        "select count(*) from audit_log where action = 'COMPENSATE' and target_id = ?",
                        Integer.class,
                        trace);
    }

    default double consumed(String result) {
        return bean(MeterRegistry.class)
                .get("courtrush.reserve.consumed")
                .tag("result", result)
                .counter()
                .count();
    }

    default void redeliver(ReserveMessage message) {
        bean(RabbitTemplate.class)
                .send(
                        Queues.RESERVE_EXCHANGE,
                        Queues.RESERVE_ROUTING_KEY,
                        MessageBuilder.withBody(message.toJson())
                                .setMessageId(message.traceId())
                                .build());
    }
}
