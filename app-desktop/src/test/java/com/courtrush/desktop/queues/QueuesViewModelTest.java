package com.courtrush.desktop.queues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.monitor.api.PendingGrant;
import com.courtrush.monitor.api.QueueStats;
import com.courtrush.monitor.api.QueuesView;
import com.courtrush.monitor.api.ReconcilerRun;
import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.reserve.api.DeadLetter;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.api.QueueFlow;
import com.courtrush.reserve.api.QueueHistory;
import com.courtrush.reserve.api.QueueSecond;
import com.courtrush.reserve.api.ReserveTotals;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.reserve.statistics.QueueSeries;
import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueuesViewModelTest {

    static final Caller STAFF = Caller.atDesk(3, "t", Role.STAFF);

    final MonitorDesk monitor = mock(MonitorDesk.class);
    final ReservationDesk actions = mock(ReservationDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final QueuesViewModel model = new QueuesViewModel(
            monitor,
            actions,
            new DirectUiTasks(notices),
            notices,
            I18n.of(I18n.ENGLISH),
            Clock.system(ZoneId.of("Asia/Shanghai")),
            STAFF);

    static QueuesView view(long at, long published, long confirmed, long refused) {
        ReserveTotals totals = new ReserveTotals(Map.of(), confirmed, refused, 0, published, confirmed, 1, 2);
        return new QueuesView(
                new QueueStats("reserve.queue", true, 7, 4),
                new QueueStats("reserve.dlq", true, 1, 1),
                totals,
                3,
                List.of(new PendingGrant("t1", 5, 9, 1, 4_500)),
                new ReconcilerRun(1_795_000_000_000L, 2, 1),
                List.of(new DeadLetter(
                        "t2", 5, 9, 1, 0, 1_795_000_000_000L, "disk full", DeadLetterSettlement.WAITING)),
                Map.of(5L, "2024001"),
                history(at / 1000),
                at);
    }

    /** Five quiet minutes, then the last five seconds: 20 published and 1 refused per second, 18 recorded. */
    static QueueHistory history(long now) {
        List<QueueSecond> seconds = new ArrayList<>();
        for (long s = now - QueueSeries.HISTORY_SECONDS; s < now; s++) {
            boolean recent = s >= now - 5;
            seconds.add(new QueueSecond(s, recent ? 20 : 0, recent ? 1 : 0, recent ? 18 : 0, 0));
        }
        return new QueueHistory(
                seconds,
                Map.of(
                        QueueFlow.PUBLISHED,
                        1200L,
                        QueueFlow.REFUSED,
                        3L,
                        QueueFlow.CONSUMED,
                        1190L,
                        QueueFlow.DEAD_LETTERED,
                        1L));
    }

    @Test
    void numbersRowsAndRatesAreShown() {
        model.apply(view(1_795_000_000_000L, 140, 128, 4));
        assertThat(model.reserveDepthProperty().get()).isEqualTo(7);
        assertThat(model.consumersProperty().get()).isEqualTo(4);
        assertThat(model.handlingProperty().get()).isEqualTo(2);
        assertThat(model.deadLetterDepthProperty().get()).isEqualTo(1);
        assertThat(model.inFlightProperty().get()).isEqualTo(3);
        // all nodes, from the engine's history: one snapshot is enough (a view opened later shows the same)
        assertThat(model.publishedPerSecondProperty().get()).isEqualTo(21.0);
        assertThat(model.confirmedPerSecondProperty().get()).isEqualTo(20.0);
        assertThat(model.refusedPerSecondProperty().get()).isEqualTo(1.0);
        assertThat(model.consumedPerSecondProperty().get()).isEqualTo(18.0);
        assertThat(model.history()).hasSize(QueueSeries.HISTORY_SECONDS);
        assertThat(model.history().get(model.history().size() - 1).secondsAgo()).isEqualTo(-1);
        assertThat(model.todayProperty().get())
                .isEqualTo("Today, all nodes: 1200 published, 1190 recorded, 3 refused by the broker, 1 dead-lettered");
        assertThat(model.pending()).containsExactly(new QueuesViewModel.PendingRow("t1", "2024001", 9, 4));
        assertThat(model.deadLetters().get(0).studentId()).isEqualTo("2024001");
        assertThat(model.deadLetters().get(0).waiting()).isTrue();
        assertThat(model.reconcilerRunProperty().get()).contains("2 compensated, 1 already recorded");
    }

    @Test
    void staffCompensateOrReplayADeadLetter() {
        when(monitor.queues()).thenReturn(view(1, 0, 0, 0));
        when(actions.replay("t2", STAFF)).thenReturn(DeadLetterSettlement.REPLAYED);
        QueuesViewModel.DeadLetterRow row =
                new QueuesViewModel.DeadLetterRow("t2", "2024001", 9, "disk full", "", DeadLetterSettlement.WAITING);
        model.replay(row);
        verify(actions).replay("t2", STAFF);
        assertThat(notices.infos).containsExactly("Dead letter t2: Replayed.");
        model.compensate(row);
        verify(actions).compensate("t2", STAFF);
    }

    @Test
    void aBrokerThatDoesNotAnswerShowsAProblemLine() {
        when(monitor.queues())
                .thenThrow(new org.springframework.amqp.AmqpConnectException(new java.io.IOException("no")));
        model.refresh();
        assertThat(model.problemProperty().get()).startsWith("Queue data unavailable");
        assertThat(notices.failures).isEmpty();
    }
}
