package com.courtrush.reserve.recover;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static com.courtrush.support.Times.zone;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.monitor.QueueMonitor;
import com.courtrush.monitor.RushMonitor;
import com.courtrush.monitor.api.LiveRush;
import com.courtrush.monitor.api.QueuesView;
import com.courtrush.monitor.api.SlotStock;
import com.courtrush.reserve.api.DeadLetter;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.decide.ReserveScript;
import com.courtrush.reserve.decide.TraceIds;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the console's live and queue dashboards read, and staff's hands on dead letters. */
public interface DeadLetterScenarios extends StackAccess {

    @Test
    default void theDashboardsReadLiveStockAndQueues() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 2);
        RushMonitor monitor = bean(RushMonitor.class);
        LiveRush before = monitor.rush(session);
        assertThat(before.warm()).isTrue();
        assertThat(before.gateOpen()).isTrue();
        assertThat(before.slots()).extracting(SlotStock::permitsLeft).containsExactly(2, 2);

        Student student = api().students(1).get(0);
        String trace = TestApi.expect(202, api().reserve(student, session, slots.get(0)))
                .data()
                .path("traceId")
                .asText();
        api().awaitResult(student, trace, SETTLE);
        LiveRush after = monitor.rush(session);
        assertThat(after.slots().get(0).permitsLeft()).isEqualTo(1);
        assertThat(after.slots().get(0).dedupSize()).isEqualTo(1);
        assertThat(after.totals().accepted()).isGreaterThan(before.totals().accepted());
        assertThat(after.totals().attempts()).isGreaterThan(before.totals().attempts());

        bean(Reconciler.class).reconcile();
        QueuesView queues = bean(QueueMonitor.class).queues();
        assertThat(queues.reserveQueue().exists()).isTrue();
        assertThat(queues.reserveQueue().consumers()).isGreaterThanOrEqualTo(1);
        assertThat(queues.deadLetterQueue().exists()).isTrue();
        assertThat(queues.reconciler()).isNotNull();
        assertThat(queues.totals().confirmed()).isPositive();
    }

    @Test
    default void deadLettersAreListedWithTheirErrorAndStaffCanReplayOrCompensate() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
        List<Student> students = api().students(2);
        String trace = deadLettered(students.get(0), session, slots.get(0));
        DeadLetterLog log = bean(DeadLetterLog.class);
        // the DLQ consumer marks the trace FAILED while compensating, and logs the settlement just after
        await().atMost(SETTLE).untilAsserted(() -> {
            DeadLetter entry = log.get(trace);
            assertThat(entry).isNotNull();
            assertThat(entry.error()).contains("injected: disk full");
            assertThat(entry.settlement()).isEqualTo(DeadLetterSettlement.COMPENSATED);
        });
        assertThat(log.recent(10)).extracting(DeadLetter::traceId).contains(trace);
        DeadLetterActions actions = bean(DeadLetterActions.class);
        assertThatThrownBy(() -> actions.replay(trace, Caller.ADMIN_NAME))
                .isInstanceOf(CourtRushException.class)
                .hasMessageContaining("already settled");
        assertThat(actions.compensate(trace, Caller.ADMIN_NAME)).isEqualTo(DeadLetterSettlement.ALREADY_RECORDED);

        // a dead letter whose compensation has not happened yet can be replayed: the student gets the place
        long userId = jdbc().queryForObject(
                        "select id from user_account where student_id = ?",
                        Long.class,
                        students.get(1).studentId());
        ReserveMessage grant = new ReserveMessage(
                bean(TraceIds.class).issue(userId, slots.get(1), session, Instant.now()),
                userId,
                slots.get(1),
                session,
                0);
        ReserveScript.Decision decision = bean(ReserveScript.class)
                .decide(
                        grant,
                        2,
                        StockKeys.expireAt(tomorrow(), zone()),
                        false,
                        null,
                        0,
                        List.of(slots.get(1)),
                        late -> {});
        ReserveMessage granted =
                new ReserveMessage(grant.traceId(), userId, slots.get(1), session, decision.redisNowMs());
        log.failed(granted, new IllegalStateException("database was down"));
        assertThat(actions.replay(granted.traceId(), "staff:t1")).isEqualTo(DeadLetterSettlement.REPLAYED);
        assertThat(jdbc().queryForList(
                                "select actor from audit_log where action = 'REPLAY' and target_id = ?",
                                String.class,
                                granted.traceId()))
                .as("who put it back on the queue")
                .containsExactly("staff:t1");
        assertThat(api().awaitResult(students.get(1), granted.traceId(), SETTLE)
                        .data()
                        .path("status")
                        .asText())
                .isEqualTo("SUCCESS");
        assertThat(invariants().assertHold(session)).isEqualTo(1);
    }
}
