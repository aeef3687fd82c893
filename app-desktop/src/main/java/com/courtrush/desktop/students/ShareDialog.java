package com.courtrush.desktop.students;

import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.table;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.share.api.Holding;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** A student's bookings of this week that count against their fair share, and the rules in force. */
final class ShareDialog {

    /** Wide enough for a date, a time range, a court's name and the role, and the rules' sentence in two lines. */
    private static final double WIDTH = 620;

    private ShareDialog() {}

    static void show(Window owner, I18n i18n, ShareViewModel model, String studentId, String name) {
        Label summary = new Label();
        summary.setId("shareSummary");
        summary.setWrapText(true);
        summary.setMaxWidth(WIDTH);
        summary.setMinHeight(Region.USE_PREF_SIZE); // the rules' sentence wraps, not ellipsized
        summary.textProperty().bind(model.summaryProperty());
        TableView<Holding> holdings = table("shareTable", i18n.t("share.none"));
        holdings.getColumns().add(column(i18n.t("openings.date"), Holding::slotDate));
        holdings.getColumns().add(column(i18n.t("checkIn.time"), h -> h.startTime() + "–" + h.endTime()));
        holdings.getColumns().add(column(i18n.t("checkIn.court"), Holding::courtName));
        holdings.getColumns().add(column(i18n.t("share.role"), model::role));
        holdings.setItems(model.rows());
        holdings.setPrefHeight(260);
        holdings.setPrefWidth(WIDTH);
        Dialog<Void> dialog = new Dialog<>();
        dialog.initOwner(owner); // over the console; its window has the keys again once it closes
        dialog.setTitle(i18n.t("share.open"));
        dialog.headerTextProperty()
                .bind(Bindings.createStringBinding(
                        () -> i18n.t(
                                "share.header",
                                name,
                                studentId,
                                model.weekProperty().get()),
                        model.weekProperty()));
        dialog.getDialogPane().setId("shareDialog");
        dialog.getDialogPane().setContent(new VBox(10, summary, holdings));
        dialog.getDialogPane().getButtonTypes().add(Widgets.ok(i18n));
        Widgets.refitOnChange(dialog, summary.textProperty(), dialog.headerTextProperty());
        model.load(studentId);
        dialog.showAndWait();
    }
}
