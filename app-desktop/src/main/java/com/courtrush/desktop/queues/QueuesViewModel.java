package com.courtrush.desktop.queues;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.monitor.api.QueuesView;
import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.api.QueueFlow;
import com.courtrush.reserve.api.QueueSecond;
import com.courtrush.reserve.desk.ReservationDesk;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The reserve pipeline's queues: depths, consumers, what this node holds unacknowledged,
 * publish/confirm/refusal/record rates and the last minutes second by second with today's totals
 * (all nodes, kept by the engine), grants in flight, the reconciler's last run, and dead letters
 * staff can compensate or replay.
 */
public final class QueuesViewModel {

    /** Rates are the mean of this many last complete seconds. */
    static final int RATE_SECONDS = 5;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss");

    private final MonitorDesk monitor;
    private final ReservationDesk reservations;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Clock clock;
    private final Caller staff;

    private final LongProperty reserveDepth = new SimpleLongProperty();
    private final IntegerProperty consumers = new SimpleIntegerProperty();
    private final IntegerProperty handling = new SimpleIntegerProperty();
    private final LongProperty deadLetterDepth = new SimpleLongProperty();
    private final IntegerProperty inFlight = new SimpleIntegerProperty();
    private final DoubleProperty publishedPerSecond = new SimpleDoubleProperty();
    private final DoubleProperty confirmedPerSecond = new SimpleDoubleProperty();
    private final DoubleProperty refusedPerSecond = new SimpleDoubleProperty();
    private final DoubleProperty consumedPerSecond = new SimpleDoubleProperty();
    private final StringProperty reconcilerRun = new SimpleStringProperty("");
    private final StringProperty problem = new SimpleStringProperty("");
    private final ObservableList<PendingRow> pending = FXCollections.observableArrayList();
    private final ObservableList<DeadLetterRow> deadLetters = FXCollections.observableArrayList();
    private final ObservableList<QueuePoint> history = FXCollections.observableArrayList();
    private final StringProperty today = new SimpleStringProperty("");
    private boolean refreshing;

    public QueuesViewModel(
            MonitorDesk monitor,
            ReservationDesk reservations,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Clock clock,
            Caller staff) {
        this.monitor = monitor;
        this.reservations = reservations;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.clock = clock;
        this.staff = staff;
    }

    public void refresh() {
        if (refreshing) {
            return;
        }
        refreshing = true;
        tasks.run(
                i18n.t("nav.queues"),
                monitor::queues,
                view -> {
                    refreshing = false;
                    problem.set("");
                    apply(view);
                },
                error -> {
                    refreshing = false;
                    problem.set(i18n.t("queues.unavailable", error.getMessage()));
                });
    }

    void apply(QueuesView view) {
        reserveDepth.set(view.reserveQueue().depth());
        consumers.set(view.reserveQueue().consumers());
        deadLetterDepth.set(view.deadLetterQueue().depth());
        handling.set(view.totals().handling());
        inFlight.set(view.inFlight());
        // rates and history as every node counted them, kept by the engine: the same on every node, after a
        // language switch or another screen (they were this node's, and began again with the view)
        List<QueueSecond> seconds = view.history().seconds();
        List<QueueSecond> recent = seconds.subList(Math.max(0, seconds.size() - RATE_SECONDS), seconds.size());
        double published =
                recent.stream().mapToLong(QueueSecond::published).average().orElse(0);
        double refused =
                recent.stream().mapToLong(QueueSecond::refused).average().orElse(0);
        publishedPerSecond.set(published + refused);
        confirmedPerSecond.set(published);
        refusedPerSecond.set(refused);
        consumedPerSecond.set(
                recent.stream().mapToLong(QueueSecond::consumed).average().orElse(0));
        long last = seconds.isEmpty() ? 0 : seconds.get(seconds.size() - 1).epochSecond();
        history.setAll(seconds.stream()
                .map(s -> new QueuePoint(s.epochSecond() - last - 1, s.published(), s.consumed(), s.deadLettered()))
                .toList());
        Map<QueueFlow, Long> day = view.history().today();
        today.set(i18n.t(
                "queues.today",
                day.get(QueueFlow.PUBLISHED),
                day.get(QueueFlow.CONSUMED),
                day.get(QueueFlow.REFUSED),
                day.get(QueueFlow.DEAD_LETTERED)));
        reconcilerRun.set(
                view.reconciler() == null
                        ? i18n.t("queues.reconcilerNever")
                        : i18n.t(
                                "queues.reconcilerRun",
                                time(view.reconciler().time()),
                                view.reconciler().compensated(),
                                view.reconciler().settled()));
        pending.setAll(view.pending().stream()
                .map(p -> new PendingRow(
                        p.traceId(),
                        view.studentIds().getOrDefault(p.userId(), "#" + p.userId()),
                        p.slotId(),
                        p.ageMillis() / 1000))
                .toList());
        deadLetters.setAll(view.deadLetters().stream()
                .map(d -> new DeadLetterRow(
                        d.traceId(),
                        view.studentIds().getOrDefault(d.userId(), "#" + d.userId()),
                        d.slotId(),
                        d.error(),
                        time(d.failedAt()),
                        d.settlement()))
                .toList());
    }

    /** The last minutes, second by second, in seconds before now (all nodes). */
    public ObservableList<QueuePoint> history() {
        return history;
    }

    /** Today's totals, all nodes. */
    public StringProperty todayProperty() {
        return today;
    }

    /** One second of the queues, {@code secondsAgo} before now (negative). */
    public record QueuePoint(long secondsAgo, long published, long consumed, long deadLettered) {}

    public void compensate(DeadLetterRow row) {
        tasks.run(i18n.t("queues.compensate"), () -> reservations.compensate(row.traceId(), staff), settlement -> {
            notices.info(i18n.t("queues.settled", row.traceId(), i18n.of(settlement)));
            refresh();
        });
    }

    public void replay(DeadLetterRow row) {
        tasks.run(i18n.t("queues.replay"), () -> reservations.replay(row.traceId(), staff), settlement -> {
            notices.info(i18n.t("queues.settled", row.traceId(), i18n.of(settlement)));
            refresh();
        });
    }

    public void reconcileNow() {
        tasks.run(i18n.t("queues.reconcileNow"), () -> reservations.reconcile(staff), report -> {
            notices.info(i18n.t("queues.reconciled", report.compensated(), report.settled()));
            refresh();
        });
    }

    private String time(long epochMillis) {
        return TIME.format(Instant.ofEpochMilli(epochMillis).atZone(clock.getZone()));
    }

    public LongProperty reserveDepthProperty() {
        return reserveDepth;
    }

    public IntegerProperty consumersProperty() {
        return consumers;
    }

    public IntegerProperty handlingProperty() {
        return handling;
    }

    public LongProperty deadLetterDepthProperty() {
        return deadLetterDepth;
    }

    public IntegerProperty inFlightProperty() {
        return inFlight;
    }

    public DoubleProperty publishedPerSecondProperty() {
        return publishedPerSecond;
    }

    public DoubleProperty confirmedPerSecondProperty() {
        return confirmedPerSecond;
    }

    public DoubleProperty refusedPerSecondProperty() {
        return refusedPerSecond;
    }

    public DoubleProperty consumedPerSecondProperty() {
        return consumedPerSecond;
    }

    public StringProperty reconcilerRunProperty() {
        return reconcilerRun;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public ObservableList<PendingRow> pending() {
        return pending;
    }

    public ObservableList<DeadLetterRow> deadLetters() {
        return deadLetters;
    }

    /** A grant in flight. */
    public record PendingRow(String traceId, String studentId, long slotId, long ageSeconds) {}

    /** A dead letter. */
    public record DeadLetterRow(
            String traceId,
            String studentId,
            long slotId,
            String error,
            String failedAt,
            DeadLetterSettlement settlement) {
        public boolean waiting() {
            return settlement == DeadLetterSettlement.WAITING;
        }
    }
}
