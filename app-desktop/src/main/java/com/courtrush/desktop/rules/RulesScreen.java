package com.courtrush.desktop.rules;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.form;
import static com.courtrush.desktop.ui.Widgets.row;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.recurring.api.PlanDay;
import com.courtrush.recurring.api.RuleView;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.stream.Collectors;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** Recurring openings: rules the engine turns into openings on its own, their plan, holidays and one-off changes. */
public final class RulesScreen implements Screen {

    private final RulesViewModel model;
    private final Node root;

    public RulesScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        LocalDate today = LocalDate.now(context.desks().clock());
        model = new RulesViewModel(
                context.desks().rules(),
                context.desks().courts(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff(),
                today,
                () -> context.desks().settings().priceCents(null));

        VBox left = new VBox(
                8,
                rules(i18n),
                ruleActions(i18n),
                new Label(i18n.t("rules.planOf", RulesViewModel.PLAN_DAYS)),
                plan(i18n),
                datePane(i18n));
        SplitPane split = new SplitPane(left, scrolling(rulePane(i18n)));
        split.setDividerPositions(0.58);
        VBox.setVgrow(split, Priority.ALWAYS);
        Label hint = new Label(i18n.t("rules.hint"));
        hint.setWrapText(true);
        hint.setMinHeight(Region.USE_PREF_SIZE);
        root = screen(title(i18n.t("nav.rules")), hint, split);
    }

    /** The standing rules; the selection follows the model's. */
    private TableView<RuleView> rules(I18n i18n) {
        TableView<RuleView> rules = table("rulesTable", i18n.t("rules.empty"));
        rules.getColumns().add(column(i18n.t("rules.name"), RuleView::name));
        rules.getColumns()
                .add(Widgets.fitting(
                        column(
                                i18n.t("rules.when"),
                                r -> i18n.t(
                                        "rules.whenValue",
                                        r.flashTime(),
                                        i18n.t(
                                                "rules.daysBefore." + Math.min(r.flashDaysBefore(), 2),
                                                r.flashDaysBefore()),
                                        r.startTime(),
                                        r.endTime())),
                        i18n.t("rules.whenValue", "13:00", i18n.t("rules.daysBefore.1"), "08:00", "22:00")));
        rules.getColumns()
                .add(column(
                        i18n.t("rules.weekdays"),
                        r -> r.weekdays().size() == 7
                                ? i18n.t("rules.everyDay")
                                : r.weekdays().stream()
                                        .map(d -> DayOfWeek.of(d).getDisplayName(TextStyle.SHORT, i18n.locale()))
                                        .collect(Collectors.joining(" "))));
        rules.getColumns().add(column(i18n.t("rules.state"), r -> i18n.t(r.active() ? "rules.on" : "rules.off")));
        rules.setItems(model.rows());
        rules.setPrefHeight(150);
        rules.setMinHeight(120); // a few rules in sight, not squeezed to one line by the plan below
        rules.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null) {
                model.selectedProperty().set(now);
            }
        });
        model.selectedProperty().addListener((obs, old, now) -> {
            if (now != null && rules.getSelectionModel().getSelectedItem() != now) {
                rules.getSelectionModel().select(now);
            }
        });
        return rules;
    }

    /** Make the due openings now; save or switch the selected rule. */
    private Node ruleActions(I18n i18n) {
        Button save = button(i18n.t("rules.save"), "saveRule", model::save);
        Button toggle = button(i18n.t("rules.toggle"), "toggleRule", model::toggleActive);
        save.disableProperty().bind(model.selectedProperty().isNull());
        toggle.disableProperty().bind(model.selectedProperty().isNull());
        return bar(button(i18n.t("rules.run"), "runRules", model::runNow), save, toggle);
    }

    /** What the selected rule does on each coming day. */
    private TableView<PlanDay> plan(I18n i18n) {
        TableView<PlanDay> plan = table("rulePlan", i18n.t("rules.pickRule"));
        plan.getColumns()
                .add(column(
                        i18n.t("rules.date"),
                        d -> d.date() + " " + d.date().getDayOfWeek().getDisplayName(TextStyle.SHORT, i18n.locale())));
        plan.getColumns()
                .add(column(i18n.t("rules.opensAt"), d -> d.flashAt().toString().replace('T', ' ')));
        plan.getColumns().add(Widgets.fitting(column(i18n.t("rules.what"), model::describe), "x".repeat(40)));
        plan.setItems(model.plan());
        plan.setMinHeight(150);
        VBox.setVgrow(plan, Priority.ALWAYS);
        return plan;
    }

    private Node rulePane(I18n i18n) {
        GridPane form = form();
        row(form, i18n.t("rules.name"), field("ruleName", model.nameProperty()));
        FlowPane days = new FlowPane(6, 4);
        for (int d = 0; d < 7; d++) {
            CheckBox day = new CheckBox(DayOfWeek.of(d + 1).getDisplayName(TextStyle.SHORT, i18n.locale()));
            day.setId("ruleDay" + (d + 1));
            day.selectedProperty().bindBidirectional(model.weekday(d));
            days.getChildren().add(day);
        }
        row(form, i18n.t("rules.weekdays"), days);
        row(
                form,
                i18n.t("rules.daysAhead"),
                Widgets.integerSpinner(
                        "ruleDaysAhead", 1, 30, model.daysAheadProperty(), i18n, i18n.t("rules.daysAhead")));
        row(
                form,
                i18n.t("rules.flashTime"),
                field("ruleFlashTime", model.template().flashTimeProperty()));
        row(
                form,
                i18n.t("rules.flashDaysBefore"),
                Widgets.integerSpinner(
                        "ruleFlashDaysBefore",
                        0,
                        30,
                        model.flashDaysBeforeProperty(),
                        i18n,
                        i18n.t("rules.flashDaysBefore")));
        templateRows(form, i18n);
        form.add(button(i18n.t("rules.create"), "createRule", model::create), 1, form.getRowCount());
        form.setPadding(new Insets(10));
        return form;
    }

    /** The rule's opening template, as on the Openings screen: per-student limit, courts, the day's slots. */
    private void templateRows(GridPane form, I18n i18n) {
        row(
                form,
                i18n.t("openings.perUserLimit"),
                Widgets.integerSpinner(
                        "rulePerUserLimit",
                        1,
                        100,
                        model.template().perUserLimitProperty(),
                        i18n,
                        i18n.t("openings.perUserLimit")));
        row(
                form,
                i18n.t("openings.courts"),
                Widgets.checkList(
                        "ruleCourts",
                        model.template().activeCourts(),
                        model.template().chosenCourts()));
        row(form, i18n.t("openings.start"), field("ruleStart", model.template().startTimeProperty()));
        row(form, i18n.t("openings.end"), field("ruleEnd", model.template().endTimeProperty()));
        row(
                form,
                i18n.t("openings.duration"),
                Widgets.integerSpinner(
                        "ruleDuration",
                        5,
                        720,
                        model.template().durationProperty(),
                        i18n,
                        i18n.t("openings.duration")));
        row(
                form,
                i18n.t("openings.capacity"),
                Widgets.integerSpinner(
                        "ruleCapacity",
                        1,
                        1000,
                        model.template().capacityProperty(),
                        i18n,
                        i18n.t("openings.capacity")));
        row(
                form,
                i18n.t("openings.priceYuan"),
                field("rulePrice", model.template().priceProperty()));
    }

    private Node datePane(I18n i18n) {
        DatePicker date = Widgets.datePicker("ruleChangeDate");
        date.valueProperty().bindBidirectional(model.changeDateProperty());
        CheckBox closed = new CheckBox(i18n.t("rules.closedThatDay"));
        closed.setId("ruleClosed");
        closed.selectedProperty().bindBidirectional(model.changeClosedProperty());
        TextField start = field("ruleChangeStart", model.changeStartProperty());
        TextField end = field("ruleChangeEnd", model.changeEndProperty());
        TextField price = field("ruleChangePrice", model.changePriceProperty());
        for (TextField each : new TextField[] {start, end, price}) {
            each.setPrefColumnCount(7);
            each.disableProperty().bind(model.changeClosedProperty());
        }
        start.setPromptText(i18n.t("rules.changeStart"));
        end.setPromptText(i18n.t("rules.changeEnd"));
        price.setPromptText(i18n.t("rules.changePrice"));
        TextField note = field("ruleChangeNote", model.changeNoteProperty());
        note.setPromptText(i18n.t("rules.changeNote"));
        Button apply = button(i18n.t("rules.applyDate"), "applyRuleDate", model::applyDate);
        Button restore = button(i18n.t("rules.restoreDate"), "restoreRuleDate", model::restoreDate);
        apply.disableProperty().bind(model.selectedProperty().isNull());
        restore.disableProperty().bind(model.selectedProperty().isNull());
        TitledPane pane = new TitledPane(
                i18n.t("rules.oneDate"),
                new VBox(6, bar(date, closed), bar(start, end, price), note, bar(apply, restore)));
        pane.setCollapsible(false);
        return pane;
    }

    private static ScrollPane scrolling(Node content) {
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        return scroll;
    }

    private static TextField field(String id, StringProperty property) {
        TextField field = new TextField();
        field.setId(id);
        field.textProperty().bindBidirectional(property);
        return field;
    }

    @Override
    public String titleKey() {
        return "nav.rules";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.load();
    }

    public RulesViewModel model() {
        return model;
    }
}
