package com.courtrush.desktop.shell;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.infra.config.api.BadSavedSetting;
import java.util.Objects;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.Stage;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * What the console says when its engine cannot start or restart: Spring Boot's analysis (what went
 * wrong, what to do), a saved setting it cannot start with (reset with one click), or a restore
 * whose restart failed. Each waits for staff to read it; the caller decides what follows.
 */
public final class StartupDialogs {

    private final I18n i18n;
    private final Stage owner;

    public StartupDialogs(I18n i18n, Stage owner) {
        this.i18n = i18n;
        this.owner = owner;
    }

    /** The engine could not start: Boot's analysis when it gave one, else the root cause. */
    public void failed(Throwable error, FailureAnalysis analysis) {
        String text = analysis != null
                ? analysis.getDescription() + "\n\n" + Objects.requireNonNullElse(analysis.getAction(), "")
                : i18n.t("startup.failedUnknown", rootMessage(error));
        error("startup.failed", text, "startupFailed");
    }

    /**
     * A saved start-up setting the engine cannot start with, named with its file; true when staff
     * chose to reset it to its default, false to exit leaving the file as it is.
     */
    public boolean askReset(BadSavedSetting bad) {
        ButtonType reset = new ButtonType(i18n.t("startup.resetSetting"), ButtonBar.ButtonData.OK_DONE);
        ButtonType exit = new ButtonType(i18n.t("startup.exit"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert alert = new Alert(
                Alert.AlertType.ERROR,
                i18n.t(
                        "startup.badSetting",
                        i18n.t("settings.key." + bad.key()),
                        bad.key(),
                        bad.value(),
                        i18n.t("settings.problem." + bad.problem().name()),
                        bad.file()),
                reset,
                exit);
        titled(alert, "startup.failed", "badSetting");
        return alert.showAndWait().orElse(exit) == reset;
    }

    /** A restored backup's restart failed. */
    public void restoreFailed(String message) {
        error("restore.action", message, "restoreFailed");
    }

    private void error(String header, String text, String id) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.getButtonTypes().setAll(Widgets.ok(i18n));
        alert.setContentText(text);
        titled(alert, header, id);
        alert.showAndWait();
    }

    private void titled(Alert alert, String header, String id) {
        alert.initOwner(owner);
        alert.setTitle(i18n.t("app.title"));
        alert.setHeaderText(i18n.t(header));
        alert.getDialogPane().setId(id);
    }

    private static String rootMessage(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
