package com.courtrush.desktop.openings;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.form;
import static com.courtrush.desktop.ui.Widgets.row;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.template.OpeningTemplateForm;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.Widgets;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.CheckListView;

/** Slots &amp; openings: a date's openings, their slots, templates, and the opening's life. */
public final class OpeningsScreen implements Screen {

    private static final DateTimeFormatter FLASH = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final OpeningsViewModel model;
    private final Node root;

    public OpeningsScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new OpeningsViewModel(
                context.desks().openings(),
                context.desks().slots(),
                context.desks().staff(),
                context.desks().courts(),
                context.desks().venues(),
                context.tasks(),
                context.notices(),
                i18n,
                context.desks().clock(),
                context.staff(),
                () -> context.desks().settings().priceCents(null));

        DatePicker date = Widgets.datePicker("openingDate");
        date.valueProperty().bindBidirectional(model.dateProperty());
        Button refresh = button(i18n.t("common.refresh"), "refreshOpenings", model::refresh);
        TableView<SlotRow> slots = slots(i18n);
        VBox left = new VBox(
                8,
                bar(new Label(i18n.t("openings.playDate")), date, refresh),
                openings(i18n),
                openingActions(i18n),
                new Label(i18n.t("openings.slotsOf")),
                slots,
                slotActions(i18n, slots));
        Tab newOpening = new Tab(i18n.t("openings.tabNew"), scrolling(newOpeningPane(i18n)));
        newOpening.setId("tabNewOpening");
        Tab template = new Tab(i18n.t("openings.tabTemplate"), scrolling(templatePane(i18n)));
        template.setId("tabTemplate");
        TabPane right = new TabPane(newOpening, template);
        right.setId("openingTabs");
        right.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        SplitPane split = new SplitPane(left, right);
        split.setDividerPositions(0.6);
        VBox.setVgrow(split, javafx.scene.layout.Priority.ALWAYS);
        root = screen(title(i18n.t("nav.openings")), split);
    }

    /** The play date's openings; the selection follows the model's. */
    private TableView<OpeningRow> openings(I18n i18n) {
        TableView<OpeningRow> openings = table("openingsTable", i18n.t("openings.empty"));
        openings.getColumns().add(column(i18n.t("openings.id"), OpeningRow::id));
        openings.getColumns().add(column(i18n.t("openings.venue"), OpeningRow::venue));
        var flash = column(i18n.t("openings.flashTime"), (OpeningRow r) -> FLASH.format(r.flashTime()));
        flash.setMinWidth(150);
        openings.getColumns().add(flash);
        openings.getColumns().add(column(i18n.t("openings.state"), r -> i18n.of(r.state())));
        openings.getColumns().add(column(i18n.t("openings.perUserLimit"), OpeningRow::perUserLimit));
        openings.getColumns().add(column(i18n.t("openings.warmupLead"), OpeningRow::warmupLeadMinutes));
        openings.getColumns().add(column(i18n.t("openings.fairness"), (OpeningRow r) -> fairness(i18n, r)));
        openings.setItems(model.rows());
        openings.setPrefHeight(170);
        openings.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (now != null) {
                model.selectedProperty().set(now);
            }
        });
        model.selectedProperty().addListener((obs, old, now) -> {
            if (now != null && openings.getSelectionModel().getSelectedItem() != now) {
                openings.getSelectionModel().select(now);
            }
        });
        return openings;
    }

    /** Warm up, open now, close, re-sync the selected opening. */
    private Node openingActions(I18n i18n) {
        Button warmUp = button(i18n.t("openings.warmUp"), "warmUp", model::warmUp);
        Button openNow = button(i18n.t("openings.openNow"), "openNow", model::openNow);
        Button close = button(i18n.t("openings.close"), "closeOpening", model::close);
        Button resync = button(i18n.t("openings.resync"), "resyncOpening", model::resync);
        for (Button b : new Button[] {warmUp, openNow, close, resync}) {
            b.disableProperty().bind(model.selectedProperty().isNull());
        }
        return bar(warmUp, openNow, close, resync);
    }

    /** The selected opening's slots. */
    private TableView<SlotRow> slots(I18n i18n) {
        TableView<SlotRow> slots = table("slotsTable", i18n.t("openings.noSlots"));
        slots.getColumns().add(column(i18n.t("openings.time"), r -> r.start() + "–" + r.end()));
        slots.getColumns().add(column(i18n.t("openings.court"), SlotRow::courtName));
        slots.getColumns().add(column(i18n.t("openings.capacity"), SlotRow::capacity));
        slots.getColumns().add(column(i18n.t("openings.booked"), SlotRow::booked));
        slots.getColumns().add(column(i18n.t("openings.price"), r -> Inputs.yuan(r.priceCents())));
        slots.getColumns().add(column(i18n.t("openings.slotState"), r -> r.state(i18n)));
        slots.setItems(model.slots());
        return slots;
    }

    /** Edit, withdraw or put back on sale the chosen slot. */
    private Node slotActions(I18n i18n, TableView<SlotRow> slots) {
        Button edit = button(
                i18n.t("openings.editSlot"),
                "editSlot",
                () -> editSlot(i18n, slots.getSelectionModel().getSelectedItem()));
        Button withdraw = button(
                i18n.t("openings.withdraw"),
                "withdrawSlot",
                () -> model.askWithdraw(slots.getSelectionModel().getSelectedItem()));
        Button enable = button(
                i18n.t("openings.enableSlot"),
                "enableSlot",
                () -> model.enableSlot(slots.getSelectionModel().getSelectedItem()));
        edit.disableProperty()
                .bind(slots.getSelectionModel().selectedItemProperty().isNull());
        disableUnless(withdraw, slots, SlotRow::canWithdraw);
        disableUnless(enable, slots, SlotRow::canPutOnSale);
        return bar(edit, withdraw, enable);
    }

    /** The button off unless a slot is chosen that {@code can} be so acted on. */
    private static void disableUnless(
            Button button, TableView<SlotRow> slots, java.util.function.Predicate<SlotRow> can) {
        button.disableProperty()
                .bind(javafx.beans.binding.Bindings.createBooleanBinding(
                        () -> {
                            SlotRow chosen = slots.getSelectionModel().getSelectedItem();
                            return chosen == null || !can.test(chosen);
                        },
                        slots.getSelectionModel().selectedItemProperty()));
    }

    /** What an opening does against grab scripts: its booking pass and fair draw, in a word or two. */
    private static String fairness(I18n i18n, OpeningRow row) {
        List<String> parts = new ArrayList<>();
        if (row.bookingPass()) {
            parts.add(i18n.t("openings.fairness.pass"));
        }
        if (row.drawWindowMs() > 0) {
            parts.add(i18n.t("openings.fairness.draw", row.drawWindowMs()));
        }
        return parts.isEmpty() ? i18n.t("openings.fairness.none") : String.join(" · ", parts);
    }

    private static ScrollPane scrolling(Node content) {
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        return scroll;
    }

    private Node newOpeningPane(I18n i18n) {
        GridPane form = form();
        DatePicker flashDate = Widgets.datePicker("flashDate");
        flashDate.valueProperty().bindBidirectional(model.flashDateProperty());
        TextField flashTime = new TextField();
        flashTime.setId("flashTime");
        flashTime.textProperty().bindBidirectional(model.template().flashTimeProperty());
        Spinner<Integer> limit = Widgets.integerSpinner(
                "perUserLimit", 1, 100, model.template().perUserLimitProperty(), i18n, i18n.t("openings.perUserLimit"));
        Spinner<Integer> lead = Widgets.integerSpinner(
                "warmupLead", 0, 1440, model.warmupLeadProperty(), i18n, i18n.t("openings.warmupLead"));
        // one date model: the opening is for the play date picked above; it opens (flash) on its own date
        Label playDate = new Label();
        playDate.setId("newOpeningPlayDate");
        playDate.textProperty().bind(model.dateProperty().asString());
        row(form, i18n.t("openings.playDate"), playDate);
        row(form, i18n.t("openings.flashDate"), flashDate);
        row(form, i18n.t("openings.flashTime"), flashTime);
        row(form, i18n.t("openings.perUserLimit"), limit);
        row(form, i18n.t("openings.warmupLead"), lead);
        CheckBox pass = new CheckBox(i18n.t("openings.bookingPass"));
        pass.setId("bookingPass");
        pass.selectedProperty().bindBidirectional(model.bookingPassProperty());
        pass.setWrapText(true);
        pass.setPrefWidth(300);
        pass.setMinHeight(Region.USE_PREF_SIZE);
        form.add(pass, 0, form.getRowCount(), 2, 1); // under the fields, across both columns
        CheckBox draw = new CheckBox(i18n.t("openings.fairDraw"));
        draw.setId("fairDraw");
        draw.selectedProperty().bindBidirectional(model.fairDrawProperty());
        draw.setWrapText(true);
        draw.setPrefWidth(300);
        draw.setMinHeight(Region.USE_PREF_SIZE);
        form.add(draw, 0, form.getRowCount(), 2, 1);
        Spinner<Integer> window = Widgets.integerSpinner(
                "drawWindow", 100, 60_000, model.drawWindowMsProperty(), i18n, i18n.t("openings.drawWindow"));
        window.disableProperty().bind(model.fairDrawProperty().not());
        row(form, i18n.t("openings.drawWindow"), window);
        form.add(button(i18n.t("openings.create"), "createOpening", model::createOpening), 1, form.getRowCount());
        form.setPadding(new Insets(10));
        return form;
    }

    private Node templatePane(I18n i18n) {
        GridPane form = form();
        CheckListView<OpeningTemplateForm.CourtChoice> courts = Widgets.checkList(
                "templateCourts",
                model.template().activeCourts(),
                model.template().chosenCourts());
        TextField start = field("templateStart", model.template().startTimeProperty());
        TextField end = field("templateEnd", model.template().endTimeProperty());
        Spinner<Integer> duration = Widgets.integerSpinner(
                "templateDuration", 5, 720, model.template().durationProperty(), i18n, i18n.t("openings.duration"));
        Spinner<Integer> capacity = Widgets.integerSpinner(
                "templateCapacity", 1, 1000, model.template().capacityProperty(), i18n, i18n.t("openings.capacity"));
        TextField price = field("templatePrice", model.template().priceProperty());
        ChoiceBox<Integer> days = new ChoiceBox<>();
        days.setId("templateDays");
        days.getItems().setAll(1, 7);
        days.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer n) {
                return n == null ? "" : i18n.t(n == 1 ? "openings.oneDay" : "openings.week");
            }

            @Override
            public Integer fromString(String s) {
                return null;
            }
        });
        days.setValue(1);
        days.valueProperty().addListener((obs, old, now) -> model.daysProperty().set(now));
        CheckBox dayBefore = new CheckBox(i18n.t("openings.flashDayBefore"));
        dayBefore.selectedProperty().bindBidirectional(model.flashDayBeforeProperty());
        dayBefore.setWrapText(true); // was cut short in English at the default window size
        dayBefore.setMaxWidth(330);
        dayBefore.setMinHeight(Region.USE_PREF_SIZE);
        dayBefore.disableProperty().bind(Bindings.equal(1, model.daysProperty()));
        row(form, i18n.t("openings.courts"), courts);
        row(form, i18n.t("openings.start"), start);
        row(form, i18n.t("openings.end"), end);
        row(form, i18n.t("openings.duration"), duration);
        row(form, i18n.t("openings.capacity"), capacity);
        row(form, i18n.t("openings.priceYuan"), price);
        row(form, i18n.t("openings.days"), days);
        row(form, "", dayBefore);
        form.add(button(i18n.t("openings.generate"), "generateSlots", model::generate), 1, form.getRowCount());
        Label result = new Label();
        result.setId("generateResult");
        result.setWrapText(true);
        result.textProperty().bind(model.lastResultProperty());
        VBox box = new VBox(8, form, result);
        box.setPadding(new Insets(10));
        return box;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty property) {
        TextField field = new TextField();
        field.setId(id);
        field.textProperty().bindBidirectional(property);
        return field;
    }

    private void editSlot(I18n i18n, SlotRow slot) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(root.getScene().getWindow()); // over the console; its window has the keys again after
        dialog.setTitle(i18n.t("openings.editSlot"));
        dialog.setHeaderText(slot.courtName() + " " + slot.start() + "–" + slot.end());
        TextField capacity = new TextField(Integer.toString(slot.capacity()));
        capacity.setId("editCapacity");
        TextField price = new TextField(Inputs.yuan(slot.priceCents()));
        price.setId("editPrice");
        GridPane form = form();
        row(form, i18n.t("openings.capacity"), capacity);
        row(form, i18n.t("openings.priceYuan"), price);
        dialog.getDialogPane().setContent(form);
        ButtonType ok = Widgets.okCancel(dialog, i18n);
        dialog.setOnShown(event -> capacity.requestFocus());
        dialog.showAndWait()
                .filter(ok::equals)
                .ifPresent(confirmed -> model.editSlot(slot, capacity.getText(), price.getText()));
    }

    @Override
    public String titleKey() {
        return "nav.openings";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.refresh();
    }

    public OpeningsViewModel model() {
        return model;
    }
}
