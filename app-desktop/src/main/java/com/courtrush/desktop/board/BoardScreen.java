package com.courtrush.desktop.board;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Questions;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.VenuePicker;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ScheduledFuture;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.geometry.Bounds;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * 场地看板 The board: a day's courts × hours at a glance ({@link BoardViewModel}), live while shown. Each cell is a
 * button — arrows move between them, Enter or a click opens what can be done there: check in, take the payment,
 * cancel or refund a booking, or a walk-in into a free place of a slot running now. Above, the date and the one
 * search box; a legend says what each colour means.
 */
public final class BoardScreen implements Screen {

    /** How often the board is read again while shown. */
    public static final Duration REFRESH = Duration.ofSeconds(3);

    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("HH:mm");
    private static final double CELL_WIDTH = 74;
    private static final double DETAIL_LINE = 14;
    private static final double COURT_WIDTH = 96;

    private final ConsoleContext context;
    private final BoardViewModel model;
    private final VenuePicker venues;
    private final I18n i18n;
    private final GridPane grid = new GridPane();
    private final ScrollPane scroll;
    private final Node root;
    private ScheduledFuture<?> polling;
    /** A cell's menu the clerk has open: the grid is not rebuilt under it, but once it closes. */
    private ContextMenu openMenu;

    public BoardScreen(ConsoleContext context) {
        this.context = context;
        this.i18n = context.i18n();
        model = new BoardViewModel(
                context.desks().attendance(),
                context.desks().payments(),
                context.desks().reservations(),
                context.desks().till(),
                context.desks().students(),
                context.staff(),
                context.tasks(),
                context.notices(),
                i18n,
                () -> LocalDate.now(context.desks().clock()));
        venues = new VenuePicker(context, model.venueProperty(), "boardVenue");
        grid.setId("boardGrid");
        grid.setHgap(3);
        grid.setVgap(3);
        scroll = new ScrollPane(grid);
        scroll.setFitToWidth(false);
        VBox.setVgrow(scroll, Priority.ALWAYS);
        Label problem = new Label();
        problem.getStyleClass().add("sold-out");
        problem.textProperty().bind(model.problemProperty());
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        root = screen(title(i18n.t("nav.board")), controls(), foundLine(), results(), legend(), problem, scroll);
        model.cells().addListener((ListChangeListener<BoardViewModel.Cell>) change -> {
            if (openMenu == null) {
                layOut();
            } // else laid out when the menu closes (a booking elsewhere must not close it under the mouse)
        });
    }

    /** The date, a day back and forth, today, and the search. */
    private Node controls() {
        DatePicker date = Widgets.datePicker("boardDate");
        date.valueProperty().bindBidirectional(model.dateProperty());
        Button back = button("◀", "boardDayBack", () -> model.shiftDays(-1));
        Button on = button("▶", "boardDayOn", () -> model.shiftDays(1));
        Button today = button(i18n.t("board.today"), "boardToday", model::today);
        back.setAccessibleText(i18n.t("board.dayBack"));
        back.setTooltip(new Tooltip(i18n.t("board.dayBack")));
        on.setAccessibleText(i18n.t("board.dayOn"));
        on.setTooltip(new Tooltip(i18n.t("board.dayOn")));
        TextField query = new TextField();
        query.setId("boardSearch");
        query.setPromptText(i18n.t("reservations.studentPrompt"));
        query.setPrefColumnCount(26);
        query.textProperty().bindBidirectional(model.queryProperty());
        query.setOnAction(event -> model.search());
        Button search = button(i18n.t("reservations.search"), "boardSearchButton", model::search);
        for (Button whole : List.of(back, on, today, search)) {
            whole.setMinWidth(Region.USE_PREF_SIZE); // the search field gives way, never a button's word
        }
        query.setMinWidth(160);
        HBox.setHgrow(query, Priority.SOMETIMES);
        return bar(venues.node(), date, back, on, today, query, search);
    }

    /** What the search found, on a line of its own: "Nothing played 2026-11-24 to 2026-11-30 matches …" whole. */
    private Node foundLine() {
        Label found = new Label();
        found.setId("boardFound");
        found.setWrapText(true);
        found.textProperty().bind(model.foundTextProperty());
        found.managedProperty().bind(found.textProperty().isNotEmpty());
        found.visibleProperty().bind(found.managedProperty());
        return found;
    }

    /** More than one booking found: a list to pick from (Enter or a click turns the board to it). */
    private Node results() {
        ListView<ReservationRow> list = new ListView<>(model.found());
        list.setId("boardResults");
        list.setFixedCellSize(34);
        list.setPrefHeight(3 * 34 + 6); // three found whole; more scroll
        list.setMinHeight(Region.USE_PREF_SIZE); // the board's grid below grows, never by squeezing the results
        list.setCellFactory(view -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(ReservationRow row, boolean empty) {
                super.updateItem(row, empty);
                setText(empty || row == null ? null : model.describe(row));
            }
        });
        list.setOnMouseClicked(event -> pick(list));
        list.setOnKeyPressed(event -> {
            if (event.getCode() == KeyCode.ENTER) {
                pick(list);
            }
        });
        list.visibleProperty()
                .bind(javafx.beans.binding.Bindings.size(model.found()).greaterThan(1));
        list.managedProperty().bind(list.visibleProperty());
        return list;
    }

    private void pick(ListView<ReservationRow> list) {
        ReservationRow row = list.getSelectionModel().getSelectedItem();
        if (row != null) {
            model.show(row);
        }
    }

    /** What each colour means. */
    private Node legend() {
        HBox legend = new HBox(10);
        legend.setId("boardLegend");
        for (BoardViewModel.Look look : BoardViewModel.Look.values()) {
            if (look == BoardViewModel.Look.NONE) {
                continue;
            }
            Label chip = new Label(i18n.t("board.look." + look.name().toLowerCase(Locale.ROOT)));
            chip.getStyleClass().addAll("board-chip", styleOf(look));
            legend.getChildren().add(chip);
        }
        return legend;
    }

    /** The grid anew from the model's cells: courts down the side, hours across; keeps the focused cell focused. */
    private void layOut() {
        Node focused = grid.getScene() == null ? null : grid.getScene().getFocusOwner();
        String focusedId = focused != null && grid.getChildren().contains(focused) ? focused.getId() : null;
        grid.getChildren().clear();
        grid.getColumnConstraints().clear();
        ColumnConstraints courts = new ColumnConstraints(COURT_WIDTH);
        grid.getColumnConstraints().add(courts);
        for (int column = 0; column < model.hours().size(); column++) {
            ColumnConstraints hour = new ColumnConstraints();
            hour.setMinWidth(CELL_WIDTH); // wider when a cell's words need it: none is cut ("15:57 已…")
            grid.getColumnConstraints().add(hour);
            Label time = new Label(HOUR.format(model.hours().get(column)));
            time.getStyleClass().add("board-hour");
            grid.add(time, column + 1, 0);
        }
        for (int row = 0; row < model.courts().size(); row++) {
            Label court = new Label(model.courts().get(row));
            court.getStyleClass().add("board-court");
            court.setMaxWidth(COURT_WIDTH);
            court.setTooltip(new Tooltip(model.courts().get(row)));
            grid.add(court, 0, row + 1);
        }
        Button highlighted = null;
        for (BoardViewModel.Cell cell : model.cells()) {
            Button button = cellButton(cell);
            grid.add(button, cell.column() + 1, cell.row() + 1);
            if (button.getId().equals(focusedId)) {
                button.requestFocus();
            }
            if (cell.highlighted()) {
                highlighted = button;
            }
        }
        if (highlighted != null && focusedId == null) {
            highlighted.requestFocus();
            reveal(highlighted);
        }
        if (model.cells().isEmpty()) {
            grid.add(new Label(i18n.t("board.empty")), 0, 1, 4, 1);
        }
    }

    /** Scrolls the board so that a found cell (court 11 of 12, say) is in sight, centred where it can be. */
    private void reveal(Node cell) {
        Platform.runLater(() -> {
            scroll.applyCss();
            scroll.layout(); // the grid was just rebuilt: place its cells before reading where this one is
            Bounds at = cell.getBoundsInParent();
            Bounds content = grid.getLayoutBounds();
            Bounds view = scroll.getViewportBounds();
            if (content.getHeight() > view.getHeight()) {
                double y = (at.getCenterY() - view.getHeight() / 2) / (content.getHeight() - view.getHeight());
                scroll.setVvalue(Math.max(0, Math.min(1, y)));
            }
            if (content.getWidth() > view.getWidth()) {
                double x = (at.getCenterX() - view.getWidth() / 2) / (content.getWidth() - view.getWidth());
                scroll.setHvalue(Math.max(0, Math.min(1, x)));
            }
        });
    }

    private Button cellButton(BoardViewModel.Cell cell) {
        Label title = new Label(cell.title());
        title.getStyleClass().add("board-cell-title");
        Label detail = new Label(cell.detail());
        detail.getStyleClass().add("board-cell-detail");
        VBox text = new VBox(1, title, detail);
        Button button = new Button();
        button.setId("boardCell-" + cell.row() + "-" + cell.column());
        button.setGraphic(text);
        button.setContentDisplay(ContentDisplay.GRAPHIC_ONLY);
        // a line more for each of the detail's own lines (partners, a multi-place slot's places); a row as tall
        // as its tallest cell
        double height = 44 + DETAIL_LINE * (cell.detail().split("\n", -1).length - 1);
        button.setPrefHeight(height);
        button.setMinHeight(height);
        button.setMinWidth(Region.USE_PREF_SIZE); // as wide as its words, its column as wide as its widest cell
        button.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
        button.getStyleClass().addAll("board-cell", styleOf(cell.look()));
        if (cell.highlighted()) {
            button.getStyleClass().add("board-cell-found");
        }
        if (!cell.tooltip().isEmpty()) {
            Tooltip tip = new Tooltip(cell.tooltip());
            tip.setShowDelay(javafx.util.Duration.millis(300));
            button.setTooltip(tip);
            button.setAccessibleText(cell.tooltip());
        }
        button.setDisable(cell.look() == BoardViewModel.Look.NONE);
        button.setOnAction(event -> open(cell, button));
        return button;
    }

    /** What can be done in a cell, as a menu at it. */
    private void open(BoardViewModel.Cell cell, Button at) {
        ContextMenu menu = new ContextMenu();
        for (DeskBookingView booking : cell.active()) {
            if (!menu.getItems().isEmpty()) {
                menu.getItems().add(new SeparatorMenuItem());
            }
            MenuItem who = new MenuItem(model.actions().target(booking));
            who.setDisable(true);
            menu.getItems().add(who);
            if (booking.checkedInTime() == null && booking.status() == ReservationStatus.CONFIRMED) {
                menu.getItems()
                        .add(item("board.doCheckIn", () -> model.actions().checkIn(booking)));
            }
            if (booking.status() == ReservationStatus.PENDING_PAYMENT) {
                menu.getItems()
                        .add(item("board.doTakePayment", () -> model.actions().payAtDesk(booking)));
                menu.getItems().add(item("board.doCancel", () -> model.actions().cancel(booking)));
            }
            if (booking.status() == ReservationStatus.CONFIRMED) {
                menu.getItems().add(item("board.doRefund", () -> model.actions().refund(booking)));
            }
        }
        if (cell.takesWalkIn()) {
            if (!menu.getItems().isEmpty()) {
                menu.getItems().add(new SeparatorMenuItem());
            }
            menu.getItems()
                    .add(item(
                            "board.doWalkIn",
                            () -> Questions.ask(
                                            root.getScene().getWindow(),
                                            i18n,
                                            i18n.t("walkIn.open"),
                                            i18n.t(
                                                    "board.walkInAsk",
                                                    "¥"
                                                            + com.courtrush.desktop.ui.Inputs.yuan(
                                                                    cell.slot().priceCents())),
                                            "")
                                    .ifPresent(studentId -> model.actions()
                                            .walkIn(
                                                    cell.slot(),
                                                    model.dateProperty().get(),
                                                    studentId))));
        }
        if (menu.getItems().isEmpty()) {
            MenuItem nothing = new MenuItem(i18n.t("board.nothingToDo"));
            nothing.setDisable(true);
            menu.getItems().add(nothing);
        }
        menu.setOnHidden(event -> {
            if (openMenu == menu) {
                openMenu = null;
                layOut(); // what changed at the gym while it was open
            }
            // the keys come back to the console's window (the menu's popup had them) and to the cell the menu was
            // opened at (Esc, a choice): arrows and Enter go on from there
            if (grid.getScene() != null) {
                grid.getScene().getWindow().requestFocus();
            }
            grid.getChildren().stream()
                    .filter(node -> at.getId().equals(node.getId()))
                    .findFirst()
                    .ifPresent(Node::requestFocus);
        });
        openMenu = menu;
        menu.show(at, Side.BOTTOM, 0, 0);
    }

    private MenuItem item(String key, Runnable action) {
        MenuItem item = new MenuItem(i18n.t(key));
        item.setId(key.replace('.', '-'));
        item.setOnAction(event -> action.run());
        return item;
    }

    private static String styleOf(BoardViewModel.Look look) {
        return "board-" + look.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    @Override
    public String titleKey() {
        return "nav.board";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        venues.reload();
        model.refresh();
        polling = context.every(REFRESH, () -> Platform.runLater(model::refresh));
    }

    @Override
    public void hidden() {
        if (polling != null) {
            polling.cancel(false);
        }
    }

    public BoardViewModel model() {
        return model;
    }
}
