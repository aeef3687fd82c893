package com.courtrush.desktop.students;

import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.table;

import com.courtrush.account.api.DirectoryLeaver;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Widgets;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** Who the campus directory no longer lets in: their id, name, role, directory and since when. */
final class LeaversDialog {

    private LeaversDialog() {}

    static void show(Window owner, I18n i18n, LeaversViewModel model) {
        Label summary = new Label();
        summary.setId("leaversSummary");
        summary.setWrapText(true);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        summary.textProperty().bind(model.summaryProperty());
        TableView<DirectoryLeaver> leavers = table("leaversTable", i18n.t("leavers.none"));
        leavers.getColumns().add(column(i18n.t("students.studentId"), DirectoryLeaver::studentId));
        leavers.getColumns().add(column(i18n.t("students.name"), DirectoryLeaver::name));
        leavers.getColumns().add(column(i18n.t("students.role"), leaver -> i18n.of(leaver.role())));
        leavers.getColumns().add(column(i18n.t("leavers.source"), DirectoryLeaver::source));
        leavers.getColumns().add(column(i18n.t("leavers.since"), model::since));
        leavers.setItems(model.rows());
        leavers.setPrefHeight(300);
        VBox content = new VBox(10, summary, leavers);
        content.setPrefWidth(640);
        Dialog<Void> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(i18n.t("leavers.open"));
        dialog.setHeaderText(i18n.t("leavers.header"));
        dialog.getDialogPane().setId("leaversDialog");
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().add(Widgets.ok(i18n));
        Widgets.refitOnChange(dialog, summary.textProperty());
        model.load();
        dialog.showAndWait();
    }
}
