package com.courtrush.desktop.shell;

import com.courtrush.account.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Widgets;
import java.util.Optional;
import javafx.application.Platform;
import javafx.event.ActionEvent;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The sign-in dialog of the console (or, on a new installation, the first manager's account). */
public final class DeskSignIn {

    private DeskSignIn() {}

    /** Asks until someone signs in; empty when they choose to exit. */
    public static Optional<Caller> ask(Window owner, I18n i18n, DeskSignInViewModel model) {
        Dialog<Caller> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(i18n.t("app.title"));
        dialog.setHeaderText(i18n.t(model.firstStart() ? "signIn.firstHeader" : "signIn.header"));
        dialog.getDialogPane().setId("deskSignIn");
        ButtonType signIn = new ButtonType(
                i18n.t(model.firstStart() ? "signIn.create" : "signIn.signIn"), ButtonBar.ButtonData.OK_DONE);
        ButtonType exit = new ButtonType(i18n.t("startup.exit"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().setAll(signIn, exit);
        dialog.getDialogPane().lookupButton(signIn).setId("signInOk");

        GridPane form = Widgets.form();
        TextField staffId = new TextField();
        staffId.setId("signInId");
        staffId.textProperty().bindBidirectional(model.staffIdProperty());
        Widgets.row(form, i18n.t("staff.staffId"), staffId);
        if (model.firstStart()) {
            TextField name = new TextField();
            name.setId("signInName");
            name.textProperty().bindBidirectional(model.nameProperty());
            Widgets.row(form, i18n.t("students.name"), name);
        }
        PasswordField password = new PasswordField();
        password.setId("signInPassword");
        password.textProperty().bindBidirectional(model.passwordProperty());
        Widgets.row(form, i18n.t("staff.password"), password);
        if (model.firstStart()) {
            PasswordField repeat = new PasswordField();
            repeat.setId("signInRepeat");
            repeat.textProperty().bindBidirectional(model.repeatProperty());
            Widgets.row(form, i18n.t("signIn.repeat"), repeat);
        }
        Label error = new Label();
        error.setId("signInError");
        error.setStyle("-fx-text-fill: -color-danger-fg;"); // a dialog has no console stylesheet
        error.setWrapText(true);
        error.setMaxWidth(420);
        error.textProperty().bind(model.errorProperty());
        Label hint = new Label(i18n.t(model.firstStart() ? "signIn.firstHint" : "signIn.hint"));
        hint.setWrapText(true);
        hint.setMaxWidth(420);
        hint.setStyle("-fx-text-fill: -color-fg-muted;");
        dialog.getDialogPane().setContent(new VBox(10, form, error, hint));

        Caller[] signedIn = {null};
        // a refused sign-in keeps the dialog open with the reason; the password is checked in the
        // click (a fraction of a second: BCrypt)
        dialog.getDialogPane()
                .lookupButton(signIn)
                .addEventFilter(
                        ActionEvent.ACTION,
                        event -> model.submit().ifPresentOrElse(caller -> signedIn[0] = caller, event::consume));
        dialog.setResultConverter(button -> button == signIn ? signedIn[0] : null);
        dialog.setOnShown(event -> Platform.runLater(staffId::requestFocus));
        return dialog.showAndWait();
    }
}
