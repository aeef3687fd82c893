package com.courtrush.desktop.ui;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outages;
import com.courtrush.desktop.i18n.I18n;
import java.util.Collection;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.stage.Window;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Confirmations as ControlsFX notifications; failures as a dialog. A refusal by the engine
 * ({@link CourtRushException}) shows its message, written for people; an outage says which part did not answer;
 * anything else says it was unexpected and where the log is, and is logged once with its stack trace — never an
 * exception's class name. The same failure again while its dialog is open is counted in it, not stacked.
 */
public final class FxNotices implements Notices {

    private static final Logger log = LoggerFactory.getLogger(FxNotices.class);

    private final Supplier<I18n> i18n;
    private final Supplier<Window> owner;
    /** The error dialogs open now, by what failed and what it said (on the JavaFX thread). */
    private final Map<String, Shown> showing = new HashMap<>();

    public FxNotices(Supplier<I18n> i18n, Supplier<Window> owner) {
        this.i18n = i18n;
        this.owner = owner;
    }

    @Override
    public void info(String message) {
        onFx(() -> {
            Window window = owner.get();
            Notifications notification = Notifications.create().text(message).hideAfter(Duration.seconds(4));
            if (window != null) {
                notification.owner(window);
            }
            notification.showInformation();
        });
    }

    /** Call on the JavaFX thread (a button's action): it waits for the answer. */
    @Override
    public boolean confirm(String message) {
        return Questions.confirm(owner.get(), i18n.get(), i18n.get().t("app.title"), message);
    }

    /** Call on the JavaFX thread (a button's action): it waits for the answer. */
    @Override
    public Optional<Destructive.Answer> confirm(Destructive step) {
        return Questions.confirm(owner.get(), i18n.get(), step);
    }

    @Override
    public void failed(String what, Throwable error) {
        String message = explain(error);
        if (isRefusal(error)) {
            log.info("{} refused: {}", what, message);
        } else {
            log.error("{} failed", what, error);
        }
        onFx(() -> {
            // the same failure again while its dialog is open (a job failing at each run): counted there, never a
            // dialog over a dialog
            String key = what + "\n" + message;
            Shown open = showing.get(key);
            if (open != null) {
                open.times++;
                open.alert.setContentText(message + "\n\n" + i18n.get().t("error.again", open.times - 1));
                return;
            }
            // a refusal (too early to check in, a slot that overlaps) is the engine answering as it should: a warning,
            // not an error with "something went wrong"
            boolean refused = isRefusal(error);
            Alert alert = new Alert(refused ? Alert.AlertType.WARNING : Alert.AlertType.ERROR);
            alert.getButtonTypes().setAll(Widgets.ok(i18n.get()));
            alert.initOwner(owner.get());
            alert.setTitle(i18n.get().t(refused ? "error.refusedTitle" : "error.title"));
            alert.setHeaderText(what);
            alert.setContentText(message);
            alert.getDialogPane().setId("errorDialog");
            showing.put(key, new Shown(alert));
            alert.setOnHidden(event -> showing.remove(key));
            alert.show();
        });
    }

    /** An error dialog open now, and how many times its failure happened since it opened. */
    private static final class Shown {
        final Alert alert;
        int times = 1;

        Shown(Alert alert) {
            this.alert = alert;
        }
    }

    /** The engine or the console refusing in words (not a fault): what staff asked, or a maintenance, says why. */
    private static boolean isRefusal(Throwable error) {
        return error instanceof CourtRushException
                || error instanceof InputRefused
                || error instanceof MaintenanceRefusal;
    }

    /** What a person should read about {@code error}. */
    public String explain(Throwable error) {
        Throwable cause = error;
        while (cause != null) {
            if (cause instanceof CourtRushException refusal) {
                return refusal.message(i18n.get().locale()) + details(refusal.data());
            }
            if (cause instanceof InputRefused || cause instanceof MaintenanceRefusal) {
                return cause.getMessage();
            }
            cause = cause.getCause();
        }
        // in words, never a class name (issue 70): which part of the engine did not answer, else that it was unexpected
        Outages.Part part = Outages.partOf(error);
        return part == null ? i18n.get().t("error.unexpected") : i18n.get().t("error.outage." + part.name());
    }

    /** Lists the items a refusal carries (e.g. which slots overlap), ten at most, in the console's language. */
    private String details(Object data) {
        if (!(data instanceof Map<?, ?> map)) {
            return "";
        }
        Locale locale = i18n.get().locale();
        StringBuilder lines = new StringBuilder();
        map.values().stream()
                .filter(Collection.class::isInstance)
                .flatMap(c -> ((Collection<?>) c).stream())
                .limit(10)
                .forEach(item -> lines.append("\n• ").append(item instanceof EngineText text ? text.in(locale) : item));
        return lines.toString();
    }

    private static void onFx(Runnable action) {
        if (Platform.isFxApplicationThread()) {
            action.run();
        } else {
            Platform.runLater(action);
        }
    }
}
