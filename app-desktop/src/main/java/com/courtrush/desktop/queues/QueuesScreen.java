package com.courtrush.desktop.queues;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.Widgets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/** Queues: depths, consumers, rates, in-flight grants, the reconciler and dead letters. */
public final class QueuesScreen implements Screen {

    private final QueuesViewModel model;
    private final ConsoleContext context;
    private final Node root;
    private ScheduledFuture<?> polling;

    public QueuesScreen(ConsoleContext context) {
        this.context = context;
        I18n i18n = context.i18n();
        model = new QueuesViewModel(
                context.desks().monitor(),
                context.desks().reservations(),
                context.tasks(),
                context.notices(),
                i18n,
                context.desks().clock(),
                context.staff());

        TableView<QueuesViewModel.DeadLetterRow> dead = deadLetters(i18n);
        VBox.setVgrow(dead, javafx.scene.layout.Priority.ALWAYS);
        Label problem = new Label();
        problem.getStyleClass().add("sold-out");
        problem.textProperty().bind(model.problemProperty());
        Label today = new Label();
        today.setId("queuesToday");
        today.textProperty().bind(model.todayProperty());
        root = screen(
                title(i18n.t("nav.queues")),
                numbers(i18n),
                today,
                chart(i18n),
                problem,
                reconciler(i18n),
                new Label(i18n.t("queues.pending")),
                pending(i18n),
                new Label(i18n.t("queues.deadLetters")),
                dead,
                deadLetterActions(i18n, dead));
    }

    /** The queues' numbers now: depths, consumers, rates. */
    private GridPane numbers(I18n i18n) {
        GridPane numbers = new GridPane();
        numbers.setHgap(22);
        numbers.setVgap(4);
        stat(numbers, 0, i18n.t("queues.depth"), model.reserveDepthProperty().asString(), "queueDepth");
        stat(numbers, 1, i18n.t("queues.consumers"), model.consumersProperty().asString(), "queueConsumers");
        stat(numbers, 2, i18n.t("queues.handling"), model.handlingProperty().asString(), "queueHandling");
        stat(
                numbers,
                3,
                i18n.t("queues.dlqDepth"),
                model.deadLetterDepthProperty().asString(),
                "dlqDepth");
        stat(numbers, 4, i18n.t("queues.inFlight"), model.inFlightProperty().asString(), "inFlight");
        stat(numbers, 5, i18n.t("queues.publishRate"), rate(model.publishedPerSecondProperty()), "publishRate");
        stat(numbers, 6, i18n.t("queues.confirmRate"), rate(model.confirmedPerSecondProperty()), "confirmRate");
        stat(numbers, 7, i18n.t("queues.refusedRate"), rate(model.refusedPerSecondProperty()), "refusedRate");
        stat(numbers, 8, i18n.t("queues.consumeRate"), rate(model.consumedPerSecondProperty()), "consumeRate");
        return numbers;
    }

    /** When the reconciler last ran, and "run it now". */
    private Node reconciler(I18n i18n) {
        Label reconciler = new Label();
        reconciler.setId("reconcilerRun");
        reconciler.textProperty().bind(model.reconcilerRunProperty());
        Button reconcile = button(i18n.t("queues.reconcileNow"), "reconcileNow", model::reconcileNow);
        return bar(new Label(i18n.t("queues.reconciler")), reconciler, reconcile);
    }

    /** Grants decided but not recorded yet. */
    private TableView<QueuesViewModel.PendingRow> pending(I18n i18n) {
        TableView<QueuesViewModel.PendingRow> pending = table("pendingTable", i18n.t("queues.noPending"));
        pending.getColumns().add(column(i18n.t("queues.trace"), QueuesViewModel.PendingRow::traceId));
        pending.getColumns().add(column(i18n.t("queues.student"), QueuesViewModel.PendingRow::studentId));
        pending.getColumns().add(column(i18n.t("queues.slot"), QueuesViewModel.PendingRow::slotId));
        pending.getColumns().add(column(i18n.t("queues.age"), r -> r.ageSeconds() + " s"));
        pending.setItems(model.pending());
        pending.setPrefHeight(150);
        return pending;
    }

    /** The dead-letter queue's messages and how each was settled. */
    private TableView<QueuesViewModel.DeadLetterRow> deadLetters(I18n i18n) {
        TableView<QueuesViewModel.DeadLetterRow> dead = table("deadLetterTable", i18n.t("queues.noDeadLetters"));
        dead.getColumns().add(column(i18n.t("queues.failedAt"), QueuesViewModel.DeadLetterRow::failedAt));
        dead.getColumns().add(column(i18n.t("queues.trace"), QueuesViewModel.DeadLetterRow::traceId));
        dead.getColumns().add(column(i18n.t("queues.student"), QueuesViewModel.DeadLetterRow::studentId));
        dead.getColumns().add(column(i18n.t("queues.slot"), QueuesViewModel.DeadLetterRow::slotId));
        dead.getColumns().add(Widgets.freeText(column(i18n.t("queues.error"), QueuesViewModel.DeadLetterRow::error)));
        dead.getColumns().add(column(i18n.t("queues.settlement"), r -> i18n.of(r.settlement())));
        dead.setItems(model.deadLetters());
        return dead;
    }

    /** Compensate or replay the chosen dead letter (replay only while it waits). */
    private Node deadLetterActions(I18n i18n, TableView<QueuesViewModel.DeadLetterRow> dead) {
        Button compensate = button(
                i18n.t("queues.compensate"),
                "compensate",
                () -> model.compensate(dead.getSelectionModel().getSelectedItem()));
        Button replay = button(
                i18n.t("queues.replay"),
                "replay",
                () -> model.replay(dead.getSelectionModel().getSelectedItem()));
        compensate
                .disableProperty()
                .bind(dead.getSelectionModel().selectedItemProperty().isNull());
        replay.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> {
                            QueuesViewModel.DeadLetterRow row =
                                    dead.getSelectionModel().getSelectedItem();
                            return row == null || !row.waiting();
                        },
                        dead.getSelectionModel().selectedItemProperty()));
        return bar(compensate, replay);
    }

    /** Published, consumed and dead-lettered per second over the last minutes. */
    private LineChart<Number, Number> chart(I18n i18n) {
        LineChart<Number, Number> chart = Widgets.lineChart(
                "queuesChart", i18n.t("queues.perSecond"), new ReadOnlyStringWrapper(i18n.t("queues.secondsAgo")), 200);
        XYChart.Series<Number, Number> published = new XYChart.Series<>();
        published.setName(i18n.t("queues.confirmRate"));
        XYChart.Series<Number, Number> consumed = new XYChart.Series<>();
        consumed.setName(i18n.t("queues.consumeRate"));
        XYChart.Series<Number, Number> deadLettered = new XYChart.Series<>();
        deadLettered.setName(i18n.t("queues.deadLettered"));
        chart.getData().addAll(List.of(published, consumed, deadLettered));
        model.history().addListener((ListChangeListener<QueuesViewModel.QueuePoint>) change -> {
            published
                    .getData()
                    .setAll(model.history().stream()
                            .map(p -> new XYChart.Data<Number, Number>(p.secondsAgo(), p.published()))
                            .toList());
            consumed.getData()
                    .setAll(model.history().stream()
                            .map(p -> new XYChart.Data<Number, Number>(p.secondsAgo(), p.consumed()))
                            .toList());
            deadLettered
                    .getData()
                    .setAll(model.history().stream()
                            .map(p -> new XYChart.Data<Number, Number>(p.secondsAgo(), p.deadLettered()))
                            .toList());
        });
        return chart;
    }

    private static ObservableValue<String> rate(javafx.beans.property.DoubleProperty value) {
        return value.asString("%.1f/s");
    }

    private static void stat(GridPane grid, int column, String caption, ObservableValue<String> value, String id) {
        Label number = new Label();
        number.setId(id);
        number.getStyleClass().add("big-number");
        number.textProperty().bind(value);
        Label label = new Label(caption);
        label.getStyleClass().add("muted");
        label.setWrapText(true);
        label.setMaxWidth(160); // "reserve.queue 待处理" left "理" alone at 120
        label.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        label.setMinWidth(Widgets.longestWord(caption)); // wrapped between words, never "Consumer" / "s"
        grid.add(number, column, 0);
        grid.add(label, column, 1);
    }

    @Override
    public String titleKey() {
        return "nav.queues";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        polling = context.every(Duration.ofSeconds(2), () -> Platform.runLater(model::refresh));
    }

    @Override
    public void hidden() {
        if (polling != null) {
            polling.cancel(false);
        }
    }

    public QueuesViewModel model() {
        return model;
    }
}
