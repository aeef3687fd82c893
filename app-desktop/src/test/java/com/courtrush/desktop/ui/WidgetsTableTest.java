package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.support.ClippedText;
import java.util.List;
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
        FxToolkit.registerPrimaryStage();
        TableView<Row> table = Widgets.table("t", "none");
        WaitForAsyncUtils.asyncFx(() -> {
                    table.getColumns().add(Widgets.column("Time", Row::time));
                    table.getColumns().add(Widgets.column("Status", Row::status));
                    table.getColumns().add(Widgets.freeText(Widgets.column("Detail", Row::detail)));
                    // in the console's font, as the console shows it (its bundled font and app.css): the widths
                    // are measured in that font, whatever the machine's own fonts are
                    com.courtrush.desktop.shell.Fonts.loadBundled();
                    Scene scene = new Scene(new VBox(table), 200, 300);
                    scene.getStylesheets()
                            .add(WidgetsTableTest.class
                                    .getResource("/css/app.css")
                                    .toExternalForm());
                    Stage stage = new Stage();
                    stage.setScene(scene);
                    stage.show();
                    // a screen's list, set once and filled later (as the screens do)
                    javafx.collections.ObservableList<Row> rows =
                            javafx.collections.FXCollections.observableArrayList();
                    table.setItems(rows);
                    rows.setAll(new Row("10:01:18–10:51:18", "Cancelled (refunded)", "a reason ".repeat(20)));
                })
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
}
