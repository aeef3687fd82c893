package com.courtrush.desktop.checkin;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.VenuePicker;
import com.courtrush.desktop.ui.Widgets;
import java.time.LocalDate;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * 签到 Check-in: the scan field has the focus whenever the screen is shown, so a USB scanner (which
 * types the QR code's text and Enter) checks students in without a click; the result shows in large
 * type. Below, the day's bookings by time and court, searched by student id, order number, name or
 * code, with check-in and undo for the selected one, payment taken at the desk, and walk-ins: a free
 * place of a running slot booked for a student standing at the desk.
 */
public final class CheckInScreen implements Screen {

    private final CheckInViewModel model;
    private final VenuePicker venues;
    private final Node root;
    private final TextField scan = new TextField();

    public CheckInScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new CheckInViewModel(
                context.desks().attendance(),
                context.desks().students(),
                context.staff(),
                context.tasks(),
                context.notices(),
                i18n,
                () -> LocalDate.now(context.desks().clock()));
        venues = new VenuePicker(context, model.venueProperty(), "checkInVenue");
        TableView<CheckInViewModel.Row> table = bookings(i18n);
        VBox.setVgrow(table, Priority.ALWAYS);
        root = screen(title(i18n.t("nav.checkIn")), scanner(i18n), result(), search(i18n), table, actions(i18n, table));
    }

    /** The field a scanner types into; Enter checks in. */
    private Node scanner(I18n i18n) {
        scan.setId("checkInScan");
        scan.setPromptText(i18n.t("checkIn.scanPrompt"));
        scan.setPrefColumnCount(36);
        scan.setStyle("-fx-font-size: 1.3em;");
        scan.textProperty().bindBidirectional(model.scannedProperty());
        scan.setOnAction(event -> model.scan());
        return bar(
                new Label(i18n.t("checkIn.scanLabel")),
                scan,
                button(i18n.t("checkIn.scan"), "checkInScanButton", model::scan));
    }

    /** What the last scan did, large, green or red. */
    private Node result() {
        Label last = new Label();
        last.setId("checkInResult");
        last.setWrapText(true);
        last.textProperty().bind(model.lastResultProperty());
        last.styleProperty()
                .bind(Bindings.createStringBinding(
                        () -> "-fx-font-size: 1.4em; -fx-font-weight: bold; -fx-text-fill: "
                                + switch (model.lastKindProperty().get()) {
                                    case "ok" -> "#1b7f3b";
                                    case "refused" -> "#b3261e";
                                    default -> "#555555";
                                }
                                + ";",
                        model.lastKindProperty()));
        return last;
    }

    private Node search(I18n i18n) {
        DatePicker date = Widgets.datePicker("checkInDate");
        date.valueProperty().bindBidirectional(model.dateProperty());
        TextField query = new TextField();
        query.setId("checkInQuery");
        query.setPromptText(i18n.t("checkIn.queryPrompt"));
        query.setPrefColumnCount(24);
        query.textProperty().bindBidirectional(model.queryProperty());
        query.setOnAction(event -> model.refresh());
        return bar(
                new Label(i18n.t("openings.date")),
                date,
                venues.node(),
                query,
                button(i18n.t("reservations.search"), "checkInSearch", model::refresh));
    }

    private TableView<CheckInViewModel.Row> bookings(I18n i18n) {
        TableView<CheckInViewModel.Row> table = table("checkInTable", i18n.t("checkIn.empty"));
        table.getColumns()
                .add(Widgets.fitting(column(i18n.t("checkIn.time"), CheckInViewModel.Row::time), "20:00–21:00"));
        table.getColumns().add(column(i18n.t("checkIn.court"), CheckInViewModel.Row::court));
        table.getColumns()
                .add(Widgets.fitting(
                        column(i18n.t("reservations.student"), CheckInViewModel.Row::studentId), "20261234"));
        table.getColumns().add(column(i18n.t("reservations.studentName"), CheckInViewModel.Row::name));
        table.getColumns().add(column(i18n.t("checkIn.partners"), CheckInViewModel.Row::partners));
        table.getColumns()
                .add(Widgets.fitting(
                        column(i18n.t("checkIn.orderNo"), CheckInViewModel.Row::orderNo), "CR26112510000000001"));
        table.getColumns().add(Widgets.fitting(column(i18n.t("checkIn.code"), CheckInViewModel.Row::code), "ABCDEFG"));
        table.getColumns().add(column(i18n.t("checkIn.state"), CheckInViewModel.Row::state));
        table.setItems(model.rows());
        ((Label) table.getPlaceholder()).textProperty().bind(model.emptyTextProperty());
        return table;
    }

    private Node actions(I18n i18n, TableView<CheckInViewModel.Row> table) {
        var selected = table.getSelectionModel().selectedItemProperty();
        Button checkIn = button(i18n.t("checkIn.checkIn"), "checkInSelected", () -> model.checkIn(selected.get()));
        checkIn.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> selected.get() == null || !selected.get().canCheckIn(), selected));
        Button undo = button(i18n.t("checkIn.undo"), "checkInUndo", () -> model.undo(selected.get()));
        undo.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> selected.get() == null || !selected.get().checkedIn(), selected));
        Button pay = button(i18n.t("checkIn.payAtDesk"), "payAtDesk", () -> model.payAtDesk(selected.get()));
        pay.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> selected.get() == null || !selected.get().unpaid(), selected));
        Button walkIn = button(
                i18n.t("walkIn.open"),
                "walkIn",
                () -> WalkInDialog.show(root.getScene().getWindow(), i18n, model));
        Label hint = new Label();
        hint.textProperty().bind(model.hintProperty());
        return bar(checkIn, undo, pay, walkIn, hint);
    }

    @Override
    public String titleKey() {
        return "nav.checkIn";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        venues.reload();
        model.refresh();
        Platform.runLater(scan::requestFocus);
    }

    public CheckInViewModel model() {
        return model;
    }
}
