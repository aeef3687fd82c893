package com.courtrush.desktop.till;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.SpreadsheetSaveDialog;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.pay.api.BillDays;
import com.courtrush.pay.api.ReconciliationView;
import java.time.format.DateTimeFormatter;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** 微信对账 Reconciliation with WeChat Pay's bills ({@link ReconciliationViewModel}), for managers. */
public final class ReconciliationScreen implements Screen {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss");

    private final ReconciliationViewModel model;
    private final Node root;

    public ReconciliationScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new ReconciliationViewModel(
                context.desks().wechatPay(),
                context.staff(),
                context.tasks(),
                context.notices(),
                i18n,
                BillDays.lastBillDay(context.desks().clock()));
        Label summary = new Label();
        summary.setId("reconcileSummary");
        summary.setWrapText(true);
        summary.textProperty().bind(model.summaryProperty());
        TableView<ReconciliationView.Item> items = items(i18n);
        VBox.setVgrow(items, Priority.ALWAYS);
        Label explain = new Label(i18n.t("reconcile.explain"));
        explain.setWrapText(true);
        explain.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        root = screen(title(i18n.t("nav.reconcile")), explain, controls(i18n, items), summary, items);
    }

    private Node controls(I18n i18n, TableView<ReconciliationView.Item> items) {
        DatePicker day = Widgets.datePicker("reconcileDay");
        day.valueProperty().bindBidirectional(model.dayProperty());
        day.valueProperty().addListener((obs, old, now) -> model.load());
        ComboBox<ReconciliationView> runs = new ComboBox<>(model.runs());
        runs.setId("reconcileRuns");
        runs.setPromptText(i18n.t("reconcile.pickRun"));
        runs.setPrefWidth(300);
        runs.setConverter(new StringConverter<>() {
            @Override
            public String toString(ReconciliationView run) {
                return run == null
                        ? ""
                        : i18n.t(
                                "reconcile.runLine",
                                run.time() == null ? "" : STAMP.format(run.time()),
                                run.actor(),
                                run.matched(),
                                run.onlyThere() + run.onlyHere() + run.differs());
            }

            @Override
            public ReconciliationView fromString(String text) {
                return null;
            }
        });
        runs.valueProperty().addListener((obs, old, now) -> {
            if (now != null) {
                model.pick(now);
            }
        });
        Button run = button(i18n.t("reconcile.run"), "reconcileNow", model::reconcile);
        Button export = button(i18n.t("till.export"), "reconcileExport", () -> {
            SpreadsheetSaveDialog.show(i18n, items.getScene().getWindow(), i18n.t("till.export"), model.exportName())
                    .ifPresent(model::export);
        });
        export.disableProperty().bind(model.shownProperty().isNull());
        return bar(new Label(i18n.t("reconcile.day")), day, runs, run, export);
    }

    private TableView<ReconciliationView.Item> items(I18n i18n) {
        TableView<ReconciliationView.Item> table = table("reconcileItems", i18n.t("reconcile.none"));
        table.getColumns()
                .add(column(i18n.t("reconcile.outcomeColumn"), i -> i18n.t("reconcile.outcome." + i.outcome())));
        table.getColumns().add(column(i18n.t("till.kind"), i -> i18n.t("reconcile.kind." + i.kind())));
        table.getColumns()
                .add(Widgets.fitting(
                        column(i18n.t("reconcile.number"), ReconciliationView.Item::number),
                        "CR26112710000000000001R1"));
        table.getColumns()
                .add(column(i18n.t("reconcile.here"), i -> i.hereCents() == null ? "—" : Inputs.yuan(i.hereCents())));
        table.getColumns()
                .add(column(
                        i18n.t("reconcile.there"), i -> i.thereCents() == null ? "—" : Inputs.yuan(i.thereCents())));
        table.setRowFactory(view -> new TableRow<>() {
            @Override
            protected void updateItem(ReconciliationView.Item item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().remove("sold-out");
                if (!empty && item != null && !"MATCHED".equals(item.outcome())) {
                    getStyleClass().add("sold-out");
                }
            }
        });
        table.setItems(model.items());
        return table;
    }

    @Override
    public String titleKey() {
        return "nav.reconcile";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.load();
    }

    public ReconciliationViewModel model() {
        return model;
    }
}
