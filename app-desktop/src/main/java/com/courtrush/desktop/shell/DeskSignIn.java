package com.courtrush.desktop.shell;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Widgets;
import java.util.List;
import java.util.Optional;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.event.ActionEvent;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
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
        dialog.headerTextProperty()
                .bind(Bindings.when(model.firstStartProperty())
                        .then(i18n.t("signIn.firstHeader"))
                        .otherwise(i18n.t("signIn.header")));
        dialog.getDialogPane().setId("deskSignIn");
        ButtonType signIn = new ButtonType(i18n.t("signIn.signIn"), ButtonBar.ButtonData.OK_DONE);
        ButtonType exit = new ButtonType(i18n.t("startup.exit"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().setAll(signIn, exit);
        Button ok = (Button) dialog.getDialogPane().lookupButton(signIn);
        ok.setId("signInOk");
        ok.textProperty()
                .bind(Bindings.when(model.firstStartProperty())
                        .then(i18n.t("signIn.create"))
                        .otherwise(i18n.t("signIn.signIn")));

        GridPane form = Widgets.form();
        TextField gymName = new TextField();
        gymName.setId("signInGymName");
        gymName.textProperty().bindBidirectional(model.gymNameProperty());
        onlyAtFirstStart(model, Widgets.row(form, i18n.t("signIn.gymName"), gymName));
        TextField staffId = new TextField();
        staffId.setId("signInId");
        staffId.textProperty().bindBidirectional(model.staffIdProperty());
        Widgets.row(form, i18n.t("staff.staffId"), staffId);
        TextField name = new TextField();
        name.setId("signInName");
        name.textProperty().bindBidirectional(model.nameProperty());
        onlyAtFirstStart(model, Widgets.row(form, i18n.t("students.name"), name));
        PasswordField password = new PasswordField();
        password.setId("signInPassword");
        password.textProperty().bindBidirectional(model.passwordProperty());
        Widgets.row(form, i18n.t("staff.password"), password);
        PasswordField repeat = new PasswordField();
        repeat.setId("signInRepeat");
        repeat.textProperty().bindBidirectional(model.repeatProperty());
        onlyAtFirstStart(model, Widgets.row(form, i18n.t("signIn.repeat"), repeat));
        Label error = new Label();
        error.setId("signInError");
        error.setStyle("-fx-text-fill: -color-danger-fg;"); // a dialog has no console stylesheet
        error.setWrapText(true);
        error.setMaxWidth(420);
        error.setMinHeight(Region.USE_PREF_SIZE);
        error.textProperty().bind(model.errorProperty());
        Label hint = new Label();
        hint.setId("signInHint");
        hint.textProperty().bind(model.hintProperty());
        hint.setWrapText(true);
        hint.setMaxWidth(420);
        hint.setStyle("-fx-text-fill: -color-fg-muted;");
        // every line read whole ("忘记密码：请管理员在“工…" was cut), also when it changes with the dialog open
        hint.setMinHeight(Region.USE_PREF_SIZE);
        Widgets.refitOnChange(dialog, hint.textProperty(), error.textProperty(), model.firstStartProperty());
        dialog.getDialogPane().setContent(new VBox(10, form, error, hint, localManagerSwitch(i18n, model)));

        Caller[] signedIn = {null};
        // a refused sign-in keeps the dialog open with the reason; the password is checked in the
        // click (a fraction of a second: BCrypt)
        dialog.getDialogPane()
                .lookupButton(signIn)
                .addEventFilter(
                        ActionEvent.ACTION,
                        event -> model.submit().ifPresentOrElse(caller -> signedIn[0] = caller, event::consume));
        dialog.setResultConverter(button -> button == signIn ? signedIn[0] : null);
        dialog.setOnShown(
                event -> Platform.runLater(model.firstStart() ? gymName::requestFocus : staffId::requestFocus));
        return dialog.showAndWait();
    }

    /**
     * While the gym has no manager of its own but the campus directory's staff sign in: the way to create the gym's
     * own manager, and back to the sign-in.
     */
    private static Hyperlink localManagerSwitch(I18n i18n, DeskSignInViewModel model) {
        Hyperlink link = new Hyperlink();
        link.setId("signInLocalManager");
        link.textProperty()
                .bind(Bindings.when(model.firstStartProperty())
                        .then(i18n.t("signIn.backToSignIn"))
                        .otherwise(i18n.t("signIn.offerLocalManager")));
        link.setWrapText(true);
        link.setMaxWidth(420);
        link.setMinHeight(Region.USE_PREF_SIZE);
        link.visibleProperty().bind(model.localManagerOfferedProperty());
        link.managedProperty().bind(model.localManagerOfferedProperty());
        link.setOnAction(event -> model.switchForm());
        return link;
    }

    /** A row of the first manager's form: gone (no space kept) once the dialog is the sign-in. */
    private static void onlyAtFirstStart(DeskSignInViewModel model, List<Node> row) {
        for (Node node : row) {
            node.visibleProperty().bind(model.firstStartProperty());
            node.managedProperty().bind(model.firstStartProperty());
        }
    }
}
