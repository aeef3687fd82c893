package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.support.ClippedText;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** A table of the console shows its values whole, also in a pane narrower than its columns. */
class WidgetsTableTest {

    record Row(String time, String status, String detail) {}

    @Test
    void aNarrowTableScrollsSidewaysRatherThanCutAValueShort() throws Exception {
        ObservableList<Row> rows = FXCollections.observableArrayList();
        TableView<Row> table = shown("t", 200, rows);
        WaitForAsyncUtils.asyncFx(
                        () -> rows.setAll(new Row("10:01:18–10:51:18", "Cancelled (refunded)", "a reason ".repeat(20))))
                .get();
        WaitForAsyncUtils.waitForFxEvents();
        List<String> clipped = WaitForAsyncUtils.asyncFx(() -> {
                    table.getScene().getRoot().applyCss();
                    table.getScene().getRoot().layout();
                    return ClippedText.in(table);
                })
                .get();
        assertThat(clipped).isEmpty();
        assertThat(table.getColumnResizePolicy()).isEqualTo(TableView.UNCONSTRAINED_RESIZE_POLICY);
    }

    /**
     * At a desk's width the free-text column takes the room the others leave (the audit's detail wrapped onto 4–5
     * lines beside a roomy record column), and the columns fill the table again after a value shrinks (a court
     * renamed shorter once left an empty column at the end).
     */
    @Test
    void theFreeTextColumnTakesTheSpareWidthAndTheColumnsFillTheTableAfterAChange() throws Exception {
        ObservableList<Row> rows = FXCollections.observableArrayList();
        TableView<Row> table = shown("wide", 900, rows);
        WaitForAsyncUtils.asyncFx(
                        () -> rows.setAll(new Row("10:01:18", "A rather long status", "a reason ".repeat(40))))
                .get();
        WaitForAsyncUtils.waitForFxEvents();
        double others =
                table.getColumns().get(0).getWidth() + table.getColumns().get(1).getWidth();
        assertThat(table.getColumns().get(0).getWidth())
                .as("the time column, about as wide as its values (the room kept for a scroll bar shared out)")
                .isLessThanOrEqualTo(table.getColumns().get(0).getPrefWidth() + 20);
        assertThat(table.getColumns().get(2).getWidth())
                .as("the detail column: the rest of the table")
                .isGreaterThanOrEqualTo(900 - 40 - others);

        WaitForAsyncUtils.asyncFx(() -> rows.setAll(new Row("10:01:18", "Short", "a reason")))
                .get();
        WaitForAsyncUtils.waitForFxEvents();
        double all = table.getColumns().stream()
                .mapToDouble(javafx.scene.control.TableColumn::getWidth)
                .sum();
        assertThat(all).as("the columns, side by side").isGreaterThanOrEqualTo(900 - 40);
    }

    /**
     * A table of time, status and a free-text detail, shown {@code width} wide in a window of its own, in the
     * console's font as the console shows it (its bundled font and app.css: the widths are measured in that font,
     * whatever the machine's own fonts are); its list set once and filled later by the test, as the screens do.
     */
    private static TableView<Row> shown(String id, double width, ObservableList<Row> rows) throws Exception {
        FxToolkit.registerPrimaryStage();
        TableView<Row> table = Widgets.table(id, "none");
        WaitForAsyncUtils.asyncFx(() -> {
                    table.getColumns().add(Widgets.column("Time", Row::time));
                    table.getColumns().add(Widgets.column("Status", Row::status));
                    table.getColumns().add(Widgets.freeText(Widgets.column("Detail", Row::detail)));
                    com.courtrush.desktop.shell.Fonts.loadBundled();
                    Scene scene = new Scene(new VBox(table), width, 300);
                    scene.getStylesheets()
                            .add(WidgetsTableTest.class
                                    .getResource("/css/app.css")
                                    .toExternalForm());
                    Stage stage = new Stage();
                    stage.setScene(scene);
                    stage.show();
                    table.setItems(rows);
                })
                .get();
        return table;
    }
}
