package com.courtrush.desktop.ui;

import com.courtrush.desktop.i18n.I18n;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
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
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
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

    public static <T> TableView<T> table(String id, String emptyText) {
        TableView<T> table = new TableView<>();
        table.setId(id);
        table.setPlaceholder(new Label(emptyText));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        VBox.setVgrow(table, Priority.ALWAYS);
        return table;
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

    /** Gives a dialog the console's OK/Cancel buttons (OK with id "dialogOk") and returns its OK. */
    public static ButtonType okCancel(Dialog<?> dialog, I18n i18n) {
        ButtonType ok = ok(i18n);
        dialog.getDialogPane().getButtonTypes().setAll(ok, cancel(i18n));
        dialog.getDialogPane().lookupButton(ok).setId("dialogOk");
        return ok;
    }

    /**
     * Asks for a line of text (a reason, a name); empty when cancelled. Every answer asked for is needed: OK
     * stays off while the field is blank (a blank reason once closed the dialog and did nothing, silently).
     */
    public static Optional<String> ask(I18n i18n, String title, String prompt, String initial) {
        TextInputDialog dialog = new TextInputDialog(initial);
        dialog.setTitle(title);
        dialog.setHeaderText(prompt);
        dialog.getEditor().setId("dialogInput");
        ButtonType ok = okCancel(dialog, i18n);
        dialog.getDialogPane()
                .lookupButton(ok)
                .disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> dialog.getEditor().getText().isBlank(),
                        dialog.getEditor().textProperty()));
        dialog.setOnShown(event -> dialog.getEditor().requestFocus());
        return dialog.showAndWait().map(String::strip).filter(s -> !s.isEmpty());
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

    /**
     * Asks about a step that cannot be taken back: the dialog names its target (header), says what
     * follows, asks for a reason when the audit needs one — refusing an empty one visibly: the
     * confirming button stays off and a red line says a reason is needed — and offers its option. The
     * confirming button carries the action's name ("dialogOk"); stepping back is "Back"
     * ("dialogBack"), never a second "Cancel" beside a cancel action.
     */
    public static Optional<Destructive.Answer> confirm(I18n i18n, Destructive step) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.setTitle(step.action());
        dialog.setHeaderText(step.target());
        dialog.getDialogPane().setId("destructiveDialog");
        Label consequence = new Label(step.consequence());
        consequence.setId("destructiveConsequence");
        consequence.setWrapText(true);
        consequence.setMaxWidth(480);
        VBox content = new VBox(8, consequence);
        TextField reason = new TextField();
        reason.setId("destructiveReason");
        if (step.needsReason()) {
            Label required = new Label(i18n.t("dialog.reasonRequired"));
            required.setId("reasonRequired");
            // inline: a dialog is a window of its own, without the console's stylesheet
            required.setStyle("-fx-text-fill: -color-danger-fg;");
            required.visibleProperty().bind(reason.textProperty().map(String::isBlank));
            required.managedProperty().bind(required.visibleProperty());
            content.getChildren().addAll(new Label(i18n.t("dialog.reason")), reason, required);
        }
        CheckBox option = new CheckBox(step.option());
        option.setId("destructiveOption");
        if (step.option() != null) {
            content.getChildren().add(option);
        }
        dialog.getDialogPane().setContent(content);
        ButtonType act = new ButtonType(step.action(), ButtonBar.ButtonData.OK_DONE);
        ButtonType back = new ButtonType(i18n.t("common.back"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().setAll(act, back);
        Node confirmButton = dialog.getDialogPane().lookupButton(act);
        confirmButton.setId("dialogOk");
        dialog.getDialogPane().lookupButton(back).setId("dialogBack");
        if (step.needsReason()) {
            confirmButton.disableProperty().bind(reason.textProperty().map(String::isBlank));
            dialog.setOnShown(event -> reason.requestFocus());
        }
        return dialog.showAndWait()
                .filter(act::equals)
                .map(pressed -> new Destructive.Answer(reason.getText().strip(), option.isSelected()));
    }

    /** Asks "are you sure?"; true when confirmed. */
    public static boolean confirm(I18n i18n, String title, String message) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, message);
        alert.setTitle(title);
        alert.setHeaderText(null);
        ButtonType ok = okCancel(alert, i18n);
        return alert.showAndWait().filter(ok::equals).isPresent();
    }
}
