package com.courtrush.desktop.reservations;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Widgets;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * "Refund part…": asks how much (yuan, e.g. 5.00) and why, naming the reservation and what its payment has given
 * back so far. What cannot be refunded is said in red as it is typed, and the refunding button stays off until the
 * amount can be used and a reason is given; the view model checks both again.
 */
final class RefundPartDialog {

    private RefundPartDialog() {}

    /** What staff typed: the amount in yuan as typed, and the reason. */
    record Answer(String yuan, String reason) {}

    static Optional<Answer> ask(
            Window owner,
            I18n i18n,
            String target,
            String context,
            java.util.function.Function<String, String> problem) {
        Dialog<ButtonType> dialog = new Dialog<>();
        dialog.initOwner(owner); // over the console; its window has the keys again once it closes
        dialog.setTitle(i18n.t("reservations.refundPart"));
        dialog.setHeaderText(target);
        dialog.getDialogPane().setId("refundPartDialog");

        TextField amount = new TextField();
        amount.setId("refundPartAmount");
        amount.setPromptText(i18n.t("reservations.partAmountPrompt"));
        amount.setPrefColumnCount(10);
        Label amountProblem = new Label();
        amountProblem.setId("refundPartAmountProblem");
        // inline: a dialog is a window of its own, without the console's stylesheet
        amountProblem.setStyle("-fx-text-fill: -color-danger-fg;");
        amountProblem.textProperty().bind(amount.textProperty().map(t -> t.isBlank() ? "" : problem.apply(t)));
        amountProblem.visibleProperty().bind(amountProblem.textProperty().isNotEmpty());
        amountProblem.managedProperty().bind(amountProblem.visibleProperty());

        TextField reason = new TextField();
        reason.setId("refundPartReason");
        reason.setPrefColumnCount(28);
        Label reasonRequired = new Label(i18n.t("dialog.reasonRequired"));
        reasonRequired.setId("refundPartReasonRequired");
        reasonRequired.setStyle("-fx-text-fill: -color-danger-fg;");
        reasonRequired.visibleProperty().bind(reason.textProperty().map(String::isBlank));
        reasonRequired.managedProperty().bind(reasonRequired.visibleProperty());

        GridPane form = Widgets.form();
        Widgets.row(form, i18n.t("reservations.partAmount"), new VBox(2, amount, amountProblem));
        Widgets.row(form, i18n.t("reservations.reason"), new VBox(2, reason, reasonRequired));
        Label consequence = new Label(i18n.t("reservations.refundPartConsequence"));
        consequence.setWrapText(true);
        consequence.setMaxWidth(480);
        VBox content = new VBox(10, consequence, form);
        if (!context.isEmpty()) {
            Label left = new Label(context);
            left.setId("refundPartLeft");
            left.setWrapText(true);
            left.setMaxWidth(480);
            content.getChildren().add(1, left);
        }
        dialog.getDialogPane().setContent(content);

        ButtonType act = new ButtonType(i18n.t("reservations.refundPartAction"), ButtonBar.ButtonData.OK_DONE);
        ButtonType back = new ButtonType(i18n.t("common.back"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().setAll(act, back);
        Node confirm = dialog.getDialogPane().lookupButton(act);
        confirm.setId("dialogOk");
        dialog.getDialogPane().lookupButton(back).setId("dialogBack");
        BooleanBinding unusable = Bindings.createBooleanBinding(
                () -> amount.getText().isBlank()
                        || !problem.apply(amount.getText()).isEmpty()
                        || reason.getText().isBlank(),
                amount.textProperty(),
                reason.textProperty());
        confirm.disableProperty().bind(unusable);
        dialog.setOnShown(event -> amount.requestFocus());
        return dialog.showAndWait()
                .filter(act::equals)
                .map(pressed ->
                        new Answer(amount.getText().strip(), reason.getText().strip()));
    }
}
