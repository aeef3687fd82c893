package com.courtrush.desktop.ui;

import com.courtrush.desktop.i18n.I18n;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * What the console asks staff, each over the console's window (its owner, which has the keys again once it
 * closes): a line of text, a step that cannot be taken back, "are you sure?".
 */
public final class Questions {

    private Questions() {}

    /**
     * Asks for a line of text (a reason, a name); empty when cancelled. Every answer asked for is needed: OK
     * stays off while the field is blank (a blank reason once closed the dialog and did nothing, silently).
     */
    public static Optional<String> ask(Window owner, I18n i18n, String title, String prompt, String initial) {
        TextInputDialog dialog = new TextInputDialog(initial);
        dialog.initOwner(owner); // over the console; its window has the keys again once it closes
        dialog.setTitle(title);
        dialog.setHeaderText(prompt);
        dialog.getEditor().setId("dialogInput");
        ButtonType ok = Widgets.okCancel(dialog, i18n);
        dialog.getDialogPane()
                .lookupButton(ok)
                .disableProperty()
                .bind(Bindings.createBooleanBinding(
                        () -> dialog.getEditor().getText().isBlank(),
                        dialog.getEditor().textProperty()));
        // and says why, like a reason refused (a blank forgive once closed without a word)
        Label required = new Label(i18n.t("dialog.answerRequired"));
        required.setId("answerRequired");
        required.setStyle("-fx-text-fill: -color-danger-fg;"); // a dialog has no console stylesheet
        required.visibleProperty().bind(dialog.getEditor().textProperty().map(String::isBlank));
        required.managedProperty().bind(required.visibleProperty());
        dialog.getDialogPane().setContent(new VBox(6, dialog.getDialogPane().getContent(), required));
        dialog.setOnShown(event -> dialog.getEditor().requestFocus());
        return dialog.showAndWait().map(String::strip).filter(s -> !s.isEmpty());
    }

    /**
     * Asks about a step that cannot be taken back: the dialog names its target (header), says what
     * follows, asks for a reason when the audit needs one — refusing an empty one visibly: the
     * confirming button stays off and a red line says a reason is needed — and offers its option. The
     * confirming button carries the action's name ("dialogOk"); stepping back is "Back"
     * ("dialogBack"), never a second "Cancel" beside a cancel action.
     */
    public static Optional<Destructive.Answer> confirm(Window owner, I18n i18n, Destructive step) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner); // over the console; its window has the keys again once it closes
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
    public static boolean confirm(Window owner, I18n i18n, String title, String message) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, message);
        alert.initOwner(owner);
        alert.setTitle(title);
        alert.setHeaderText(null);
        ButtonType ok = Widgets.okCancel(alert, i18n);
        return alert.showAndWait().filter(ok::equals).isPresent();
    }
}
