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
import com.courtrush.desktop.ui.VenuePicker;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.report.api.CategoryFigures;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.HourUse;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.report.api.Utilisation;
import com.courtrush.report.api.VenueSportFigures;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;

/**
 * Reports: a day's or a week's sales, of a venue, a sport or the whole centre; utilisation by court and hour, by venue
 * and sport, by who booked and by hour; and exports for the finance office.
 */
public final class ReportsScreen implements Screen {

    private final ReportsViewModel model;
    private final VenuePicker venues;
    private final ComboBox<SportChoice> sports = new ComboBox<>();
    private final ConsoleContext context;
    private final Node root;

    /** A sport to report on, or every sport ({@code code} null). */
    record SportChoice(String code, String name) {
        @Override
        public String toString() {
            return name;
        }
    }

    public ReportsScreen(ConsoleContext context) {
        this.context = context;
        I18n i18n = context.i18n();
        model = new ReportsViewModel(
                context.desks().reports(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff(),
                LocalDate.now(context.desks().clock()));
        venues = new VenuePicker(context, model.venueProperty(), "reportVenue");
        sports.setId("reportSport");
        sports.valueProperty()
                .addListener((obs, old, picked) -> model.sportProperty().set(picked == null ? null : picked.code()));

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
                breakdowns(i18n));
    }

    /** The range's figures broken down: by court and hour, by venue and sport, by who booked, by hour. */
    private Node breakdowns(I18n i18n) {
        TabPane tabs = new TabPane(
                tab("reportTabUse", i18n.t("reports.byCourtHour"), utilisation(i18n)),
                tab("reportTabSports", i18n.t("reports.bySport"), bySport(i18n)),
                tab("reportTabCategories", i18n.t("reports.byCategory"), byCategory(i18n)),
                tab("reportTabHours", i18n.t("reports.byHour"), byHour(i18n)));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("reportBreakdowns");
        return tabs;
    }

    private static Tab tab(String id, String name, Node content) {
        Tab tab = new Tab(name, content);
        tab.setId(id);
        return tab;
    }

    /** Each venue's sport: how full, its no-shows and the money it kept (SPEC §21). */
    private TableView<VenueSportFigures> bySport(I18n i18n) {
        TableView<VenueSportFigures> table = table("bySportTable", i18n.t("reports.empty"));
        table.getColumns().add(column(i18n.t("reports.venue"), s -> i18n.either(s.venueNameZh(), s.venueNameEn())));
        table.getColumns().add(column(i18n.t("reports.sport"), s -> i18n.either(s.sportNameZh(), s.sportNameEn())));
        table.getColumns().add(column(i18n.t("reports.offered"), VenueSportFigures::places));
        table.getColumns().add(column(i18n.t("reports.held"), VenueSportFigures::held));
        table.getColumns()
                .add(column(i18n.t("reports.percent"), s -> s.percent().toPlainString() + " %"));
        table.getColumns().add(column(i18n.t("reports.noShows"), VenueSportFigures::noShows));
        table.getColumns().add(column(i18n.t("reports.net"), s -> s.netYuan().toPlainString()));
        table.setItems(model.bySport());
        return table;
    }

    /** Students' and faculty's bookings and money (SPEC §21). */
    private TableView<CategoryFigures> byCategory(I18n i18n) {
        TableView<CategoryFigures> table = table("byCategoryTable", i18n.t("reports.empty"));
        table.getColumns().add(column(i18n.t("reports.category"), c -> i18n.of(c.category())));
        table.getColumns().add(column(i18n.t("reports.sold"), CategoryFigures::sold));
        table.getColumns().add(column(i18n.t("reports.paid"), CategoryFigures::paid));
        table.getColumns()
                .add(column(i18n.t("reports.revenue"), c -> c.revenueYuan().toPlainString()));
        table.getColumns()
                .add(column(i18n.t("reports.refunds"), c -> c.refundsYuan().toPlainString()));
        table.getColumns().add(column(i18n.t("reports.net"), c -> c.netYuan().toPlainString()));
        table.setItems(model.byCategory());
        return table;
    }

    /** How full every court of the report was at each hour. */
    private TableView<HourUse> byHour(I18n i18n) {
        TableView<HourUse> table = table("byHourTable", i18n.t("reports.empty"));
        table.getColumns().add(column(i18n.t("reports.hour"), h -> String.format("%02d:00", h.hour())));
        table.getColumns().add(column(i18n.t("reports.offered"), HourUse::places));
        table.getColumns().add(column(i18n.t("reports.held"), HourUse::held));
        table.getColumns()
                .add(column(i18n.t("reports.percent"), h -> h.percent().toPlainString() + " %"));
        table.setItems(model.byHour());
        return table;
    }

    /** The sports to pick from: every sport first, then each, named in the console's language. */
    private void loadSports() {
        I18n i18n = context.i18n();
        context.tasks()
                .run(i18n.t("venues.load"), () -> context.desks().venues().sports(), read -> {
                    String picked = model.sportProperty().get();
                    List<SportChoice> choices = new ArrayList<>();
                    choices.add(new SportChoice(null, i18n.t("reports.everySport")));
                    read.forEach(sport ->
                            choices.add(new SportChoice(sport.code(), i18n.either(sport.nameZh(), sport.nameEn()))));
                    sports.getItems().setAll(choices);
                    sports.setValue(choices.stream()
                            .filter(choice -> java.util.Objects.equals(choice.code(), picked))
                            .findFirst()
                            .orElse(choices.get(0)));
                    sports.setVisible(choices.size() > 2);
                });
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
        sports.setVisible(false);
        sports.managedProperty().bind(sports.visibleProperty());
        return bar(new Label(i18n.t("reports.dateLabel")), date, period, venues.node(), sports, show);
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
        venues.reload();
        loadSports();
        model.load();
    }

    public ReportsViewModel model() {
        return model;
    }
}
