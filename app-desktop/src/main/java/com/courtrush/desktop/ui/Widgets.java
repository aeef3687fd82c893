package com.courtrush.desktop.ui;

import com.courtrush.desktop.i18n.I18n;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.util.StringConverter;
import javafx.util.converter.LocalDateStringConverter;
import org.controlsfx.control.CheckListView;

/** Small builders the views share, so each view reads as what it shows. */
public final class Widgets {

    private Widgets() {}

    public static Button button(String text, String id, Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.setOnAction(event -> action.run());
        return button;
    }

    /**
     * A list with a tick box per item, its ticks kept equal to {@code chosen} both ways (guarded so one
     * side's update is not echoed back).
     */
    public static <T> CheckListView<T> checkList(String id, ObservableList<T> items, ObservableList<T> chosen) {
        CheckListView<T> list = new CheckListView<>(items);
        list.setId(id);
        list.setPrefHeight(96);
        boolean[] syncing = {false};
        list.getCheckModel().getCheckedItems().addListener((ListChangeListener<T>) change -> {
            if (!syncing[0]) {
                chosen.setAll(List.copyOf(list.getCheckModel().getCheckedItems()));
            }
        });
        chosen.addListener((ListChangeListener<T>) change -> {
            syncing[0] = true;
            try {
                list.getCheckModel().clearChecks();
                List.copyOf(chosen).forEach(item -> list.getCheckModel().check(item));
            } finally {
                syncing[0] = false;
            }
        });
        return list;
    }

    /** A date picker showing dates as 2026-11-23, whatever the machine's locale. */
    public static DatePicker datePicker(String id) {
        DatePicker picker = new DatePicker();
        picker.setId(id);
        picker.setConverter(
                new LocalDateStringConverter(DateTimeFormatter.ISO_LOCAL_DATE, DateTimeFormatter.ISO_LOCAL_DATE));
        return picker;
    }

    public static Label title(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("screen-title");
        return label;
    }

    /** The console's font (bundled: CJK on machines without it), as app.css names it. */
    public static final String FONT_FAMILY = "WenQuanYi Micro Hei";

    /** Room a column header takes beside its text (padding, the sort arrow). */
    private static final double HEADER_ROOM = 26;

    /**
     * A column whose header is never cut short: it is at least as wide as its title, in the console's
     * font (squeezed tables once showed "ID" as nothing and "金额（元）" as "金额（...").
     */
    public static <T> TableColumn<T, Object> column(String title, Function<T, Object> value) {
        TableColumn<T, Object> column = new TableColumn<>(title);
        column.setMinWidth(widthOf(title));
        column.setCellValueFactory(
                cell -> new ReadOnlyObjectWrapper<>(cell.getValue() == null ? null : value.apply(cell.getValue())));
        return column;
    }

    /** Widens a column's minimum so that a value like {@code sample} is shown whole (ids, dates, times). */
    public static <T> TableColumn<T, Object> fitting(TableColumn<T, Object> column, String sample) {
        column.setMinWidth(Math.max(column.getMinWidth(), widthOf(sample)));
        return column;
    }

    /** Marks a column of free text (a reason, a detail): it may run past any width, the rest of the table is read whole. */
    public static final String FREE_TEXT = "courtrush.freeText";

    /**
     * A column of free text staff or the engine wrote (a reason, a detail): it takes the room the other columns
     * leave and wraps there onto more lines, read whole; every other column is as wide as its values.
     */
    public static <T> TableColumn<T, Object> freeText(TableColumn<T, Object> column) {
        column.getProperties().put(FREE_TEXT, Boolean.TRUE);
        column.setCellFactory(c -> new javafx.scene.control.TableCell<>() {
            private final Text wrapped = new Text();

            {
                wrapped.wrappingWidthProperty().bind(c.widthProperty().subtract(CELL_ROOM));
                wrapped.getStyleClass().add("text");
                wrapped.fillProperty().bind(textFillProperty());
                wrapped.fontProperty().bind(fontProperty());
            }

            @Override
            protected void updateItem(Object item, boolean empty) {
                super.updateItem(item, empty);
                wrapped.setText(empty || item == null ? "" : item.toString());
                setGraphic(empty || item == null ? null : wrapped);
                setText(null);
            }
        });
        return column;
    }

    /** How wide the longest word of {@code text} is, in the console's font: a wrapped label's least width. */
    public static double longestWord(String text) {
        double widest = 0;
        for (String word : text.split("\\s+")) {
            Text measure = new Text(word);
            measure.setFont(Font.font(FONT_FAMILY, 13));
            widest = Math.max(widest, Math.ceil(measure.getLayoutBounds().getWidth() + 1));
        }
        return widest;
    }

    /** How wide a column must be to show {@code text} whole, in the console's font. */
    private static double widthOf(String text) {
        Text measure = new Text(text);
        measure.setFont(Font.font(FONT_FAMILY, 13));
        return Math.ceil(measure.getLayoutBounds().getWidth() + HEADER_ROOM);
    }

    /**
     * A line chart of numbers per second: no symbols or animation, no minor ticks, its x axis titled by
     * {@code xTitle}, its legend at the side (one line per series, whatever the language).
     */
    public static LineChart<Number, Number> lineChart(
            String id, String title, ObservableValue<String> xTitle, double height) {
        NumberAxis x = new NumberAxis();
        x.setForceZeroInRange(false);
        x.setAnimated(false);
        x.setMinorTickVisible(false);
        x.labelProperty().bind(xTitle);
        NumberAxis y = new NumberAxis();
        y.setAnimated(false);
        y.setMinorTickVisible(false);
        LineChart<Number, Number> chart = new LineChart<>(x, y);
        chart.setId(id);
        chart.setTitle(title);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        chart.setLegendSide(Side.RIGHT);
        chart.setPrefHeight(height);
        chart.setMinHeight(height - 50);
        return chart;
    }

    /**
     * A table whose values are read whole: each column is at least as wide as its title and its longest value shown
     * (an order number, a pay time, an operator were cut to "CR2611…" in a narrow pane); a column of
     * {@link #freeText} wraps instead. When the columns need more than the table's width it scrolls sideways.
     */
    public static <T> TableView<T> table(String id, String emptyText) {
        TableView<T> table = new TableView<>();
        table.setId(id);
        table.setPlaceholder(new Label(emptyText));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        VBox.setVgrow(table, Priority.ALWAYS);
        javafx.beans.InvalidationListener refit = change -> fitColumns(table);
        table.getItems().addListener(refit);
        // on invalidation, not on change: a screen's empty list equals the table's own, and no change is told
        List<ObservableList<T>> watched = new java.util.ArrayList<>(List.of(table.getItems()));
        table.itemsProperty().addListener(items -> {
            watched.forEach(list -> list.removeListener(refit));
            watched.clear();
            if (table.getItems() != null) {
                table.getItems().addListener(refit);
                watched.add(table.getItems());
            }
            fitColumns(table);
        });
        table.getColumns().addListener(refit);
        table.widthProperty().addListener((obs, old, now) -> {
            choosePolicy(table);
            spreadFreeText(table);
        });
        return table;
    }

    /**
     * Columns share the table's width while their values fit in it; when they do not (a narrow pane, a long order
     * number), each keeps its values' width and the table scrolls sideways — squeezed, they were cut short.
     */
    private static void choosePolicy(TableView<?> table) {
        double needed = table.getColumns().stream()
                .mapToDouble(TableColumn::getMinWidth)
                .sum();
        boolean fits = table.getWidth() <= 0 || needed <= table.getWidth() - SCROLL_BAR_ROOM;
        var policy =
                fits ? TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN : TableView.UNCONSTRAINED_RESIZE_POLICY;
        if (table.getColumnResizePolicy() != policy) {
            table.setColumnResizePolicy(policy);
        }
    }

    /** A table's vertical scroll bar and borders, beside its columns. */
    private static final double SCROLL_BAR_ROOM = 20;

    /** Rows read to fit a column to its values: a day's bookings, not a year's export. */
    private static final int FIT_ROWS = 1000;

    /** Room a cell takes beside its text (its padding, a pixel of rounding). */
    private static final double CELL_ROOM = 16;

    private static final String TITLE_WIDTH = "courtrush.titleWidth";

    private static <T> void fitColumns(TableView<T> table) {
        List<T> rows = table.getItems() == null ? List.of() : table.getItems();
        Text measure = new Text();
        measure.setFont(Font.font(FONT_FAMILY, 13));
        for (TableColumn<T, ?> column : table.getColumns()) {
            if (column.getProperties().containsKey(FREE_TEXT)) {
                continue;
            }
            double title = (double) column.getProperties().computeIfAbsent(TITLE_WIDTH, key -> column.getMinWidth());
            double widest = title;
            for (int i = 0; i < Math.min(rows.size(), FIT_ROWS); i++) {
                Object value = column.getCellData(rows.get(i));
                if (value != null) {
                    measure.setText(value.toString());
                    widest =
                            Math.max(widest, Math.ceil(measure.getLayoutBounds().getWidth() + CELL_ROOM));
                }
            }
            column.setMinWidth(widest);
            column.setPrefWidth(widest); // side by side without room to spare when they scroll: none hidden needlessly
        }
        choosePolicy(table);
        spreadFreeText(table);
    }

    /**
     * Gives a table's free-text columns the width the other columns leave (the audit's detail wrapped onto 4–5 lines
     * at 1280×720 while its record column had room), and lays the columns out again: a column's width does not
     * follow its preferred width by itself, and a court renamed shorter once left an empty column at the end.
     */
    private static <T> void spreadFreeText(TableView<T> table) {
        List<TableColumn<T, ?>> free = table.getColumns().stream()
                .filter(column -> column.getProperties().containsKey(FREE_TEXT))
                .toList();
        double others = table.getColumns().stream()
                .filter(column -> !column.getProperties().containsKey(FREE_TEXT))
                .mapToDouble(TableColumn::getPrefWidth)
                .sum();
        double spare = table.getWidth() - SCROLL_BAR_ROOM - others;
        for (TableColumn<T, ?> column : free) {
            column.setPrefWidth(Math.max(column.getMinWidth(), spare / free.size()));
        }
        var policy = table.getColumnResizePolicy();
        if (policy != TableView.UNCONSTRAINED_RESIZE_POLICY && table.getWidth() > 0) {
            // the constrained policy lays the columns out from their preferred widths when it is set again
            table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
            for (TableColumn<T, ?> column : table.getColumns()) {
                // back to its preferred width (the policy had given it a share of the spare room)
                double width = column.getPrefWidth();
                column.setPrefWidth(width + 1);
                column.setPrefWidth(width);
            }
            table.setColumnResizePolicy(policy);
        }
    }

    public static GridPane form() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        return grid;
    }

    /** Adds a labelled field as the form's next row; answers the row's two nodes, label first. */
    public static List<Node> row(GridPane form, String label, Node field) {
        int row = form.getRowCount();
        Label caption = new Label(label);
        caption.getStyleClass().add("form-label");
        caption.setMinWidth(Region.USE_PREF_SIZE); // a form's label is read whole, never cut to "正在进…"
        form.add(caption, 0, row);
        form.add(field, 1, row);
        return List.of(caption, field);
    }

    public static HBox bar(Node... nodes) {
        HBox bar = new HBox(8, nodes);
        bar.setPadding(new Insets(4, 0, 4, 0));
        return bar;
    }

    public static VBox screen(Node... nodes) {
        VBox box = new VBox(10, nodes);
        box.getStyleClass().add("screen");
        return box;
    }

    /** The console's OK button, in its language (JavaFX's own follows the machine's locale). */
    public static ButtonType ok(I18n i18n) {
        return new ButtonType(i18n.t("common.ok"), ButtonBar.ButtonData.OK_DONE);
    }

    public static ButtonType cancel(I18n i18n) {
        return new ButtonType(i18n.t("common.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
    }

    /**
     * Sizes a dialog's window to its content again whenever {@code texts} change: a text that arrives after the
     * dialog is shown (loaded, or another line) would otherwise be cut to the window's first size.
     */
    public static void refitOnChange(Dialog<?> dialog, ObservableValue<?>... texts) {
        for (ObservableValue<?> text : texts) {
            text.addListener((obs, old, now) -> javafx.application.Platform.runLater(() -> {
                if (dialog.getDialogPane().getScene() != null
                        && dialog.getDialogPane().getScene().getWindow() != null) {
                    dialog.getDialogPane().getScene().getWindow().sizeToScene();
                }
            }));
        }
    }

    /** Gives a dialog the console's OK/Cancel buttons (OK with id "dialogOk") and returns its OK. */
    public static ButtonType okCancel(Dialog<?> dialog, I18n i18n) {
        ButtonType ok = ok(i18n);
        dialog.getDialogPane().getButtonTypes().setAll(ok, cancel(i18n));
        dialog.getDialogPane().lookupButton(ok).setId("dialogOk");
        return ok;
    }

    /**
     * A whole-number spinner whose typed text counts: taken when Enter is pressed or the field is
     * left. Text that is not a whole number from {@code min} to {@code max} is refused visibly — the
     * field turns red and says why — and the value stays what it was (a typed 2 once stayed 5
     * without a word, and −5 became 1).
     */
    public static Spinner<Integer> integerSpinner(
            String id, int min, int max, IntegerProperty value, I18n i18n, String label) {
        Spinner<Integer> spinner = new Spinner<>(min, max, Math.max(min, Math.min(max, value.get())));
        spinner.setId(id);
        spinner.setEditable(true);
        spinner.valueProperty().addListener((obs, old, now) -> value.set(now));
        value.addListener((obs, old, now) -> spinner.getValueFactory().setValue(now.intValue()));
        TextField editor = spinner.getEditor();
        String[] refused = {null};
        // the spinner commits typed text through its converter (Enter, or leaving the field): it takes a
        // whole number in range, and refuses anything else without throwing — red, with a tooltip saying why
        spinner.getValueFactory().setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer n) {
                return n == null ? "" : n.toString();
            }

            @Override
            public Integer fromString(String text) {
                String typed = text == null ? "" : text.strip();
                try {
                    int n = Integer.parseInt(typed);
                    if (n >= min && n <= max) {
                        refused[0] = null;
                        editor.getStyleClass().remove(REFUSED);
                        spinner.setTooltip(null);
                        return n;
                    }
                } catch (NumberFormatException e) {
                    // not a number: refused below, like a number out of range
                }
                refused[0] = typed;
                if (!editor.getStyleClass().contains(REFUSED)) {
                    editor.getStyleClass().add(REFUSED);
                }
                // (the editor's tooltip is bound to the spinner's)
                spinner.setTooltip(new Tooltip(i18n.t("input.badNumber", label, min, max)));
                return spinner.getValue();
            }
        });
        // leaving the field commits what was typed; refused text stays in view (not the value kept)
        editor.focusedProperty().addListener((obs, was, now) -> {
            if (!now) {
                spinner.commitValue();
                if (refused[0] != null) {
                    editor.setText(refused[0]);
                }
            }
        });
        return spinner;
    }

    /** Style of a field whose text was refused. */
    public static final String REFUSED = "input-refused";
}
