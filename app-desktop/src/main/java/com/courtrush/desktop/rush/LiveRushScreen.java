package com.courtrush.desktop.rush;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.core.Outcome;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.Widgets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Live rush: stock per slot, the gate's countdown, the rush second by second as charts (from the
 * engine's history, so they outlive this view) and its summary, refreshed every second.
 */
public final class LiveRushScreen implements Screen {

    private final LiveRushViewModel model;
    private final ConsoleContext context;
    private final Node root;
    private final XYChart.Series<Number, Number> attempts = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> accepted = new XYChart.Series<>();
    private final Map<Outcome, XYChart.Series<Number, Number>> rejects = new EnumMap<>(Outcome.class);
    private final LineChart<Number, Number> rejectChart;
    private ScheduledFuture<?> polling;

    public LiveRushScreen(ConsoleContext context) {
        this.context = context;
        I18n i18n = context.i18n();
        model = new LiveRushViewModel(
                context.desks().monitor(),
                context.desks().openings(),
                context.tasks(),
                i18n,
                context.desks().clock());

        // no refusal yet (a fair draw's entries are none): no axis title drawn over an empty chart's ticks
        rejectChart = Widgets.lineChart(
                "rushRejectChart",
                i18n.t("rush.refusals"),
                Bindings.when(Bindings.isEmpty(model.reasons())).then("").otherwise(model.timeAxisProperty()),
                240);
        TableView<LiveRushViewModel.SlotStockRow> table = slots(i18n);
        VBox.setVgrow(table, Priority.ALWAYS);
        Label summaryTitle = new Label(i18n.t("rush.summaryTitle"));
        summaryTitle.getStyleClass().add("section-title");
        root = screen(
                title(i18n.t("nav.rush")),
                openingPicker(i18n),
                gateAndStock(i18n),
                table,
                charts(i18n),
                summaryTitle,
                summary());
    }

    /** The play date and the opening to watch. */
    private Node openingPicker(I18n i18n) {
        DatePicker date = com.courtrush.desktop.ui.Widgets.datePicker("rushDate");
        date.valueProperty().bindBidirectional(model.dateProperty());
        ChoiceBox<LiveRushViewModel.OpeningChoice> opening = new ChoiceBox<>(model.choices());
        opening.setId("rushOpening");
        opening.valueProperty().bindBidirectional(model.openingProperty());
        opening.setOnShowing(event -> model.loadOpenings()); // openings created since the screen was shown
        return bar(new Label(i18n.t("openings.date")), date, new Label(i18n.t("rush.opening")), opening);
    }

    /** The gate, the places left of all, and what is wrong if anything. */
    private Node gateAndStock(I18n i18n) {
        Label gate = new Label();
        gate.setId("rushGate");
        gate.getStyleClass().add("big-number");
        gate.textProperty().bind(model.gateProperty());
        Label stock = new Label();
        stock.setId("rushStock");
        stock.getStyleClass().add("big-number");
        stock.textProperty().bind(model.stockProperty());
        Label problem = new Label();
        problem.getStyleClass().add("sold-out");
        problem.textProperty().bind(model.problemProperty());
        return bar(new Label(i18n.t("rush.gate")), gate, new Label(i18n.t("rush.stock")), stock, problem);
    }

    /** Each slot's places left, duplicates held off, and state; sold-out rows marked. */
    private TableView<LiveRushViewModel.SlotStockRow> slots(I18n i18n) {
        TableView<LiveRushViewModel.SlotStockRow> table = table("rushTable", i18n.t("rush.empty"));
        table.getColumns().add(column(i18n.t("openings.time"), r -> r.start() + "–" + r.end()));
        table.getColumns().add(column(i18n.t("openings.court"), LiveRushViewModel.SlotStockRow::courtName));
        table.getColumns()
                .add(column(
                        i18n.t("rush.permits"),
                        r -> (r.permitsLeft() == null ? "–" : r.permitsLeft()) + " / " + r.capacity()));
        table.getColumns().add(column(i18n.t("rush.dedup"), LiveRushViewModel.SlotStockRow::dedupSize));
        table.getColumns()
                .add(column(
                        i18n.t("openings.slotState"),
                        r -> !r.active()
                                ? i18n.t("openings.withdrawn")
                                : r.started()
                                        ? i18n.t("rush.started")
                                        : r.soldOut() ? i18n.t("rush.soldOut") : i18n.t("openings.onSale")));
        table.setRowFactory(view -> new TableRow<>() {
            @Override
            protected void updateItem(LiveRushViewModel.SlotStockRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().remove("sold-out");
                if (!empty && row != null && row.soldOut()) {
                    getStyleClass().add("sold-out");
                }
            }
        });
        table.setItems(model.slots());
        return table;
    }

    /** Attempts and grants per second, and the refusals by reason. */
    private HBox charts(I18n i18n) {
        attempts.setName(i18n.t("rush.attemptsPerSecond"));
        accepted.setName(i18n.t("rush.acceptedPerSecond"));
        LineChart<Number, Number> rateChart =
                Widgets.lineChart("rushRateChart", i18n.t("rush.rates"), model.timeAxisProperty(), 240);
        rateChart.getData().addAll(List.of(attempts, accepted));
        model.reasons().addListener((ListChangeListener<Outcome>) change -> showReasons());
        model.rates().addListener((ListChangeListener<RatePoint>) change -> redraw());
        HBox charts = new HBox(10, rateChart, rejectChart);
        HBox.setHgrow(rateChart, Priority.ALWAYS);
        HBox.setHgrow(rejectChart, Priority.ALWAYS);
        return charts;
    }

    /** The rush in words, whole. */
    private Label summary() {
        Label summary = new Label();
        summary.setId("rushSummary");
        summary.setWrapText(true);
        summary.textProperty().bind(model.summaryProperty());
        summary.setMinHeight(Region.USE_PREF_SIZE); // all of it, the table gives way
        return summary;
    }

    /** One line per refusal reason the rush met; a reason that never came takes no colour or legend room. */
    private void showReasons() {
        rejects.clear();
        List<XYChart.Series<Number, Number>> lines = new ArrayList<>();
        for (Outcome outcome : model.reasons()) {
            XYChart.Series<Number, Number> series = new XYChart.Series<>();
            series.setName(context.i18n().of(outcome));
            rejects.put(outcome, series);
            lines.add(series);
        }
        rejectChart.getData().setAll(lines);
        redraw();
    }

    /** Rebuilds the charts from the model's points, in one pass. */
    private void redraw() {
        attempts.getData()
                .setAll(model.rates().stream()
                        .map(p -> new XYChart.Data<Number, Number>(p.second(), p.attempts()))
                        .toList());
        accepted.getData()
                .setAll(model.rates().stream()
                        .map(p -> new XYChart.Data<Number, Number>(p.second(), p.accepted()))
                        .toList());
        rejects.forEach((outcome, series) -> series.getData()
                .setAll(model.rates().stream()
                        .map(p -> new XYChart.Data<Number, Number>(
                                p.second(), p.rejects().getOrDefault(outcome, 0.0)))
                        .toList()));
    }

    @Override
    public String titleKey() {
        return "nav.rush";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.loadOpenings();
        polling = context.every(Duration.ofSeconds(1), () -> Platform.runLater(model::refresh));
    }

    @Override
    public void hidden() {
        if (polling != null) {
            polling.cancel(false);
        }
    }

    public LiveRushViewModel model() {
        return model;
    }
}
