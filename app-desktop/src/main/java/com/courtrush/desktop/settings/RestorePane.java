package com.courtrush.desktop.settings;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;

import com.courtrush.desktop.i18n.I18n;
import java.io.File;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;

/**
 * The restore's part of the backups section (issue 54): choose a backup (from the list, or a zip from disk), what it
 * holds, "Restore…" (asked first), the restart's progress; with an external database, whose it is and where to read
 * how to restore it.
 */
final class RestorePane {

    private static final double TEXT_WIDTH = 720;

    private RestorePane() {}

    static Node of(RestoreViewModel model, I18n i18n) {
        Label external = wrapped(new Label(i18n.t("restore.external")), "restoreExternal");
        external.visibleProperty().bind(model.availableProperty().not());
        external.managedProperty().bind(external.visibleProperty());

        Label heading = new Label(i18n.t("restore.title"));
        heading.getStyleClass().add("title-4");
        ComboBox<String> choice = new ComboBox<>(model.choices());
        choice.setId("restoreChoice");
        choice.setPromptText(i18n.t("restore.choose"));
        // each backup with its kind: a scheduled restore point, or one made on demand
        choice.setConverter(new StringConverter<>() {
            @Override
            public String toString(String name) {
                return model.choiceLabel(name);
            }

            @Override
            public String fromString(String label) {
                return label;
            }
        });
        choice.setOnAction(event -> model.choose(choice.getValue()));
        Button fromDisk = button(i18n.t("restore.fromDisk"), "restoreFromDisk", () -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(i18n.t("restore.fromDisk"));
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(i18n.t("restore.zipFiles"), "*.zip"));
            File zip = chooser.showOpenDialog(choice.getScene().getWindow());
            if (zip != null) {
                choice.getSelectionModel().clearSelection();
                model.chooseFile(zip.toPath());
            }
        });
        Label chosen = wrapped(new Label(), "restoreChosen");
        chosen.textProperty().bind(model.chosenProperty());
        chosen.getStyleClass().add("muted");
        Label contents = wrapped(new Label(), "restoreContents");
        contents.textProperty().bind(model.contentsProperty());
        Label problem = wrapped(new Label(), "restoreProblem");
        problem.textProperty().bind(model.problemProperty());
        problem.getStyleClass().add("sold-out");
        Button restore = button(i18n.t("restore.button"), "restoreBackup", model::restore);
        restore.disableProperty().bind(model.mayRestoreProperty().not());
        ProgressBar progress = new ProgressBar();
        progress.setId("restoreProgress");
        progress.setPrefWidth(320);
        progress.progressProperty().bind(model.progressProperty());
        Label step = wrapped(new Label(), "restoreStep");
        step.textProperty().bind(model.progressTextProperty());
        VBox going = new VBox(4, progress, step);
        going.visibleProperty().bind(model.phaseProperty().isEqualTo(RestoreViewModel.Phase.RESTORING));
        going.managedProperty().bind(going.visibleProperty());
        Label help = wrapped(new Label(i18n.t("restore.help")), "restoreHelp");
        help.getStyleClass().add("muted");

        VBox restoring = new VBox(8, heading, help, bar(choice, fromDisk), chosen, contents, problem, restore, going);
        restoring.visibleProperty().bind(model.availableProperty());
        restoring.managedProperty().bind(restoring.visibleProperty());
        return new VBox(8, external, restoring);
    }

    private static Label wrapped(Label label, String id) {
        label.setId(id);
        label.setWrapText(true);
        label.setMaxWidth(TEXT_WIDTH);
        return label;
    }
}
