package com.courtrush.desktop.reports;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.SpreadsheetSaveDialog;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.report.api.Utilisation;
import java.time.LocalDate;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/** Reports: a day's or a week's sales, utilisation by court and hour, and exports for the finance office. */
public final class ReportsScreen implements Screen {

    private final ReportsViewModel model;
    private final Node root;

    public ReportsScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new ReportsViewModel(
                context.desks().reports(),
                context.tasks(),
                context.notices(),
                i18n,
                LocalDate.now(context.desks().clock()));

        Label summary = new Label();
        summary.setId("reportSummary");
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        summary.textProperty().bind(model.summaryProperty());

        root = screen(
                title(i18n.t("nav.reports")),
                period(i18n),
                days(i18n),
                summary,
                bar(
                        exportButton(i18n, ExportKind.REPORT, "exportReport"),
                        exportButton(i18n, ExportKind.RESERVATIONS, "exportReservations"),
                        exportButton(i18n, ExportKind.PAY_ORDERS, "exportPayOrders"),
                        new Label(i18n.t("reports.exportHint"))),
                new Label(i18n.t("reports.utilisation")),
                utilisation(i18n));
    }

    /** The day the report is of, and whether it is that day, its week or its month. */
    private Node period(I18n i18n) {
        DatePicker date = Widgets.datePicker("reportDate");
        date.valueProperty().bindBidirectional(model.dateProperty());
        ChoiceBox<ReportsViewModel.Period> period = new ChoiceBox<>();
        period.setId("reportPeriod");
        period.getItems().setAll(ReportsViewModel.Period.values());
        period.setConverter(new StringConverter<>() {
            @Override
            public String toString(ReportsViewModel.Period value) {
                return value == null ? "" : i18n.t("reports.period." + value.name());
            }

            @Override
            public ReportsViewModel.Period fromString(String text) {
                return null;
            }
        });
        period.valueProperty().bindBidirectional(model.periodProperty());
        Button show = button(i18n.t("reports.show"), "showReport", model::load);
        return bar(new Label(i18n.t("reports.dateLabel")), date, period, show);
    }

    /** Each day's figures and their total. */
    private TableView<SalesFigures> days(I18n i18n) {
        TableView<SalesFigures> days = table("reportTable", i18n.t("reports.empty"));
        days.getColumns()
                .add(column(
                        i18n.t("reports.date"),
                        f -> f.date() == null
                                ? i18n.t("reports.total")
                                : f.date().toString()));
        days.getColumns().add(column(i18n.t("reports.offered"), SalesFigures::offered));
        days.getColumns().add(column(i18n.t("reports.sold"), SalesFigures::sold));
        days.getColumns().add(column(i18n.t("reports.paid"), SalesFigures::paid));
        days.getColumns().add(column(i18n.t("reports.cancelled"), ReportsViewModel::cancelled));
        days.getColumns().add(column(i18n.t("reports.refunded"), SalesFigures::refunded));
        days.getColumns().add(column(i18n.t("reports.unsold"), SalesFigures::unsold));
        days.getColumns()
                .add(column(i18n.t("reports.revenue"), f -> f.revenueYuan().toPlainString()));
        days.getColumns()
                .add(column(i18n.t("reports.refunds"), f -> f.refundsYuan().toPlainString()));
        days.getColumns().add(column(i18n.t("reports.net"), f -> f.netYuan().toPlainString()));
        days.getColumns().add(column(i18n.t("reports.checkedIn"), SalesFigures::checkedIn));
        days.getColumns()
                .add(column(
                        i18n.t("reports.noShows"),
                        f -> f.cancelled().getOrDefault(com.courtrush.reserve.api.CancelReason.NO_SHOW, 0)));
        // a short header (the whole width is the day's figures), the long one on hover
        TableColumn<SalesFigures, Object> offers =
                column("", f -> f.offersTaken() + " / " + f.offersDeclined() + " / " + f.offersExpired());
        Label offersHeader = new Label(i18n.t("reports.offers"));
        offersHeader.setTooltip(new Tooltip(i18n.t("reports.offersLong")));
        offers.setGraphic(offersHeader);
        days.getColumns().add(Widgets.fitting(offers, i18n.t("reports.offers") + "    "));
        days.setItems(model.days());
        days.setPrefHeight(230);
        return days;
    }

    /** How full each court was at each hour. */
    private TableView<Utilisation> utilisation(I18n i18n) {
        TableView<Utilisation> use = table("utilisationTable", i18n.t("reports.empty"));
        use.getColumns().add(column(i18n.t("reports.court"), Utilisation::courtName));
        use.getColumns().add(column(i18n.t("reports.hour"), u -> String.format("%02d:00", u.hour())));
        use.getColumns().add(column(i18n.t("reports.offered"), Utilisation::places));
        use.getColumns().add(column(i18n.t("reports.held"), Utilisation::held));
        use.getColumns().add(column(i18n.t("reports.percent"), u -> u.percent().toPlainString() + " %"));
        use.setItems(model.utilisation());
        return use;
    }

    private Button exportButton(I18n i18n, ExportKind kind, String id) {
        Button button = new Button(i18n.t("reports.export." + kind.name()));
        button.setId(id);
        button.setOnAction(event -> {
            SpreadsheetSaveDialog.show(i18n, button.getScene().getWindow(), button.getText(), model.fileName(kind))
                    .ifPresent(file -> model.export(kind, file));
        });
        return button;
    }

    @Override
    public String titleKey() {
        return "nav.reports";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.load();
    }

    public ReportsViewModel model() {
        return model;
    }
}
