package com.courtrush.desktop.ui;

import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import com.courtrush.desktop.i18n.I18n;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.Dialog;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.converter.LocalDateStringConverter;
import java.time.format.DateTimeFormatter;

/** Small builders the views share, so each view reads as what it shows. */
public final class Widgets {

    private Widgets() {
    }

    public static Button button(String text, String id, Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.setOnAction(event -> action.run());
        return button;
    }

    /** A date picker showing dates as 2026-11-23, whatever the machine's locale. */
    public static DatePicker datePicker(String id) {
        DatePicker picker = new DatePicker();
        picker.setId(id);
        picker.setConverter(new LocalDateStringConverter(DateTimeFormatter.ISO_LOCAL_DATE, DateTimeFormatter.ISO_LOCAL_DATE));
        return picker;
    }

    public static Label title(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("screen-title");
        return label;
    }

    public static <T> TableColumn<T, Object> column(String title, Function<T, Object> value) {
        TableColumn<T, Object> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(cell.getValue() == null
                ? null : value.apply(cell.getValue())));
        return column;
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

    public static void row(GridPane form, String label, Node field) {
        int row = form.getRowCount();
        Label caption = new Label(label);
        caption.getStyleClass().add("form-label");
        form.add(caption, 0, row);
        form.add(field, 1, row);
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

    /** Asks for a line of text (a reason, a name); empty when cancelled. */
    public static Optional<String> ask(I18n i18n, String title, String prompt, String initial) {
        TextInputDialog dialog = new TextInputDialog(initial);
        dialog.setTitle(title);
        dialog.setHeaderText(prompt);
        dialog.getEditor().setId("dialogInput");
        okCancel(dialog, i18n);
        dialog.setOnShown(event -> dialog.getEditor().requestFocus());
        return dialog.showAndWait().map(String::strip).filter(s -> !s.isEmpty());
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
