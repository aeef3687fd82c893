package com.courtrush.desktop.shell;

import com.courtrush.desktop.i18n.I18n;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/** What staff see while the engine starts (5-10 s). */
public final class Splash {

    private Splash() {}

    public static Scene scene(I18n i18n) {
        Label title = new Label(i18n.t("app.title"));
        title.getStyleClass().add("title-2");
        Label status = new Label(i18n.t("splash.starting"));
        status.setId("splashStatus");
        status.setWrapText(true);
        status.setMaxWidth(460);
        ProgressIndicator progress = new ProgressIndicator();
        VBox box = new VBox(16, title, progress, status);
        box.setAlignment(Pos.CENTER);
        box.setPadding(new Insets(40));
        box.setId("splash");
        return new Scene(box, 560, 300);
    }

    public static void show(Stage stage, I18n i18n) {
        stage.setTitle(i18n.t("app.title"));
        stage.setScene(scene(i18n));
        stage.show();
    }
}
