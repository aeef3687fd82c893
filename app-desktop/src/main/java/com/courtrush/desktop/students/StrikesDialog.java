package com.courtrush.desktop.students;

import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.table;

import com.courtrush.attendance.api.Strike;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Questions;
import com.courtrush.desktop.ui.Widgets;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Button;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** A student's no-show strikes and block, with "forgive" for managers. */
final class StrikesDialog {

    private StrikesDialog() {}

    static void show(Window owner, I18n i18n, StrikesViewModel model, String studentId, String name) {
        Label summary = new Label();
        summary.setId("strikesSummary");
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE); // loaded after the dialog opens: read whole, never "…"
        summary.textProperty().bind(model.summaryProperty());
        TableView<Strike> strikes = table("strikesTable", i18n.t("strikes.none"));
        strikes.getColumns().add(column(i18n.t("openings.date"), Strike::slotDate));
        strikes.getColumns().add(column(i18n.t("checkIn.time"), Strike::startTime));
        strikes.getColumns().add(column(i18n.t("checkIn.court"), Strike::courtName));
        strikes.getColumns().add(column(i18n.t("checkIn.state"), model::describe));
        strikes.setItems(model.rows());
        strikes.setPrefHeight(260);
        var selected = strikes.getSelectionModel().selectedItemProperty();
        Button forgive = button(
                i18n.t("strikes.forgive"),
                "forgiveStrike",
                () -> Questions.ask(
                                strikes.getScene().getWindow(),
                                i18n,
                                i18n.t("strikes.forgive"),
                                i18n.t("strikes.reasonPrompt"),
                                "")
                        .ifPresent(reason -> model.forgive(selected.get(), reason)));
        forgive.disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> !model.canForgive()
                                || selected.get() == null
                                || selected.get().forgiven(),
                        selected));
        VBox content = new VBox(10, summary, strikes, forgive);
        content.setPrefWidth(560);
        if (!model.canForgive()) {
            content.getChildren().add(new Label(i18n.t("strikes.managersForgive")));
        }
        Dialog<Void> dialog = new Dialog<>();
        dialog.initOwner(owner); // over the console; its window has the keys again once it closes
        dialog.setTitle(i18n.t("strikes.open"));
        dialog.setHeaderText(i18n.t("strikes.header", name, studentId));
        dialog.getDialogPane().setId("strikesDialog");
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().add(Widgets.ok(i18n));
        Widgets.refitOnChange(dialog, summary.textProperty());
        model.load(studentId);
        dialog.showAndWait();
    }
}
