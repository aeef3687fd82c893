package com.courtrush.desktop;

import atlantafx.base.theme.PrimerLight;
import com.courtrush.account.api.Caller;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.backup.api.RestorePlan;
import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.desktop.i18n.ConsolePreferences;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.shell.ConsoleName;
import com.courtrush.desktop.shell.DeskSignIn;
import com.courtrush.desktop.shell.DeskSignInViewModel;
import com.courtrush.desktop.shell.Engine;
import com.courtrush.desktop.shell.Fonts;
import com.courtrush.desktop.shell.MainWindow;
import com.courtrush.desktop.shell.Splash;
import com.courtrush.desktop.shell.StartupDialogs;
import com.courtrush.desktop.shell.StartupFailures;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Desks;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.EngineMaintenance;
import com.courtrush.desktop.ui.EngineRestart;
import com.courtrush.desktop.ui.FxNotices;
import com.courtrush.desktop.ui.FxUiTasks;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.infra.config.api.BadSavedSetting;
import com.courtrush.infra.lifecycle.EngineLifecycle;
import com.courtrush.infra.lifecycle.StoppedWhileStarting;
import com.courtrush.setting.desk.SettingsDesk;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.image.Image;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The staff console. Shows a splash while the engine (Spring context, embedded Redis, broker,
 * database and the students' HTTP endpoint) starts off the JavaFX thread; then the main window.
 * If the engine cannot start, a dialog says why and what to do. Closing the window stops it all, also
 * while the engine is still starting.
 */
public class ConsoleApp extends Application {

    private static final Logger log = LoggerFactory.getLogger(ConsoleApp.class);

    private final ConsolePreferences preferences = new ConsolePreferences();
    /** The engine's start and stop: closing the console while it starts ends the start and all it began. */
    private volatile EngineLifecycle lifecycle;
    /** The console is closing: a start that ends now is not shown. */
    private volatile boolean closing;

    private volatile ConfigurableApplicationContext engine;
    /** What the console uses of the engine, resolved once it is up. */
    private Desks desks;

    private FxUiTasks tasks;
    private ScheduledExecutorService ticker;
    private volatile MainWindow window;
    /** Who is signed in at the desk. */
    private Caller staff;
    /** The engine is being restarted on a restored backup: the window cannot be closed meanwhile. */
    private volatile boolean restoring;

    private final EngineRestart restart = new Restart();

    private I18n i18n;
    private Stage stage;

    @Override
    public void start(Stage primaryStage) {
        this.stage = primaryStage;
        stage.getIcons().add(new Image(resource("/icons/courtrush.png")));
        Fonts.loadBundled();
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        i18n = I18n.of(preferences.locale());
        FxNotices notices = new FxNotices(() -> i18n, () -> stage);
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> notices.failed(i18n.t("error.background"), error));
        Splash.show(stage, i18n);
        stage.getScene().getStylesheets().add(resource("/css/app.css"));

        boot(notices);
    }

    /** Starts the engine off the JavaFX thread; then the main window, or a dialog saying why not. */
    private void boot(FxNotices notices) {
        EngineLifecycle starting = new EngineLifecycle();
        lifecycle = starting;
        Task<ConfigurableApplicationContext> boot = new Task<>() {
            @Override
            protected ConfigurableApplicationContext call() {
                return Engine.start(starting, getParameters().getRaw());
            }
        };
        boot.setOnSucceeded(event -> {
            if (closing || !boot.getValue().isActive()) {
                return; // closed while its start ended: the engine is closed already, nothing to show
            }
            engine = boot.getValue();
            desks = Desks.of(engine);
            // refused at once while the engine tidies its database: its desks and the language read at each call
            tasks = new FxUiTasks(
                    notices, new EngineMaintenance(() -> desks.monitor().maintenanceUntil(), () -> i18n)::said);
            ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "console-ticker");
                thread.setDaemon(true);
                return thread;
            });
            askWhoIsAtTheDesk(notices);
        });
        boot.setOnFailed(event -> startupFailed(boot.getException(), notices));
        Thread starter = new Thread(boot, "engine-start");
        starter.setDaemon(true);
        starter.start();
    }

    /**
     * Who is at the desk: the first manager on a new installation, else a staff sign-in. Choosing to
     * exit there closes the console (after the same question as closing the window).
     */
    private void askWhoIsAtTheDesk(FxNotices notices) {
        if (window == null) {
            // the engine has started: "starting…" no longer shows behind the sign-in (issue 76)
            stage.getScene().setRoot(new StackPane());
        }
        while (true) {
            DeskSignInViewModel model = new DeskSignInViewModel(desks.accounts(), desks.settings(), i18n);
            log.info(
                    "Staff console asks who is at the desk{}",
                    model.firstStart() ? " (a new installation: the first manager)" : "");
            Optional<Caller> caller = DeskSignIn.ask(stage, i18n, model);
            if (caller.isPresent()) {
                staff = caller.get();
                log.info("Signed in at the console: {} ({})", staff.name(), staff.role());
                openShift(notices);
                if (window == null) {
                    showMain(notices);
                } else {
                    rebuildWindow();
                }
                return;
            }
            if (window == null || mayClose()) {
                Platform.exit();
                return;
            }
        }
    }

    /**
     * The staff member's shift opens at this console with their sign-in (the one left open here is closed by it,
     * issue 52): the till then sums what they take and give back.
     */
    private void openShift(FxNotices notices) {
        Caller signedIn = staff;
        String console = ConsoleName.here();
        tasks.run(
                i18n.t("till.load"),
                () -> desks.till().openShift(signedIn, console),
                shift -> log.info("Shift {} of {} opened at console {}", shift.shiftId(), signedIn.name(), console),
                error -> notices.failed(i18n.t("till.load"), error));
    }

    private void signOut() {
        log.info("Signed out at the console: {}", staff.name());
        window.dispose();
        stage.getScene().setRoot(new StackPane());
        askWhoIsAtTheDesk(new FxNotices(() -> i18n, () -> stage));
    }

    private void showMain(FxNotices notices) {
        ConsoleContext context = new ConsoleContext(i18n, tasks, notices, desks, ticker, staff, restart);
        window = new MainWindow(context, Screens.of(context), this::switchLanguage, this::signOut);
        // 1320×840 where the screen has room; on a smaller one (a desk's 1280×720) the whole window on it
        Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(window.root(), Math.min(1320, screen.getWidth()), Math.min(840, screen.getHeight()));
        scene.getStylesheets().add(resource("/css/app.css"));
        stage.setTitle(i18n.t("app.title"));
        stage.setScene(scene);
        stage.sizeToScene(); // a shown stage keeps the splash's size otherwise
        stage.setMinWidth(1000);
        stage.setMinHeight(680);
        stage.centerOnScreen();
        stage.setOnCloseRequest(event -> {
            if (restoring || !mayClose()) {
                event.consume();
            }
        });
        log.info("Staff console window open ({})", i18n.locale().toLanguageTag());
    }

    /**
     * Closing the console stops the students' service on this computer: staff are told so, with how
     * many students used it in the last minutes, and asked.
     */
    private boolean mayClose() {
        long students = desks.accounts().recentStudents();
        String port = engine.getEnvironment().getProperty("local.server.port", "?");
        return new FxNotices(() -> i18n, () -> stage)
                .confirm(Destructive.of(
                        i18n.t("app.closeAction"),
                        i18n.t("app.closeTarget", port),
                        i18n.t("app.closeConsequence", students, StaffAccountDesk.RECENT_STUDENTS_WINDOW.toMinutes())))
                .isPresent();
    }

    /**
     * Rebuilds the window in another language on the screen staff were on (it once went back to the Board); the
     * engine keeps running.
     */
    private void switchLanguage(Locale locale) {
        preferences.saveLocale(locale);
        i18n = I18n.of(locale);
        String shown = window.shownKey();
        window.dispose();
        rebuildWindow();
        if (shown != null) {
            window.show(shown);
        }
    }

    private void rebuildWindow() {
        ConsoleContext context =
                new ConsoleContext(i18n, tasks, new FxNotices(() -> i18n, () -> stage), desks, ticker, staff, restart);
        window = new MainWindow(context, Screens.of(context), this::switchLanguage, this::signOut);
        stage.setTitle(i18n.t("app.title"));
        stage.getScene().setRoot(window.root());
    }

    private void startupFailed(Throwable error, FxNotices notices) {
        if (StoppedWhileStarting.in(error) != null) {
            // closed, or the session ended, while it started: the console is exiting already, nothing failed
            return;
        }
        FailureAnalysis analysis = StartupFailures.last();
        log.error("The engine could not start", error);
        BadSavedSetting badSetting = SettingsDesk.badSavedSetting(error).orElse(null);
        if (badSetting != null) {
            offerReset(badSetting, notices);
            return;
        }
        new StartupDialogs(i18n, stage).failed(error, analysis);
        Platform.exit();
    }

    /**
     * A saved start-up setting the engine cannot start with: named, with its file, and reset to its
     * default with one click (the engine then starts), or the console exits leaving the file as it is.
     */
    private void offerReset(BadSavedSetting bad, FxNotices notices) {
        if (!new StartupDialogs(i18n, stage).askReset(bad)) {
            Platform.exit();
            return;
        }
        SettingsDesk.resetSaved(bad.file(), bad.key());
        log.warn(
                "Start-up setting {} reset to its default (it was \"{}\", which {}) in {}",
                bad.key(),
                bad.value(),
                bad.problem().english(),
                bad.file());
        boot(notices);
    }

    /**
     * The engine started again on a restored backup (issue 54): the window gives way to a progress view, the engine
     * stops, the backup is put in place of its database, and the engine starts on it (Redis rebuilt from the
     * database, as after a crash); then staff sign in again and the window opens anew.
     */
    private final class Restart implements EngineRestart {

        @Override
        public void restartOn(RestorePlan plan, UiTasks.Progress progress) throws Exception {
            Label step = new Label();
            onFxAndWait(() -> {
                restoring = true;
                window.dispose();
                stage.getScene().setRoot(restoringView(step));
            });
            UiTasks.Progress shown = (fraction, message) -> {
                progress.update(fraction, message);
                Platform.runLater(() -> step.setText(message));
            };
            shown.update(0.3, i18n.t("restore.step.stopping"));
            log.info("Restoring backup {} (by {}): the engine stops", plan.backup(), plan.actor());
            lifecycle.stop("a backup is restored");
            shown.update(0.5, i18n.t("restore.step.swapping"));
            BackupDesk.putInPlace(plan);
            shown.update(0.6, i18n.t("restore.step.starting"));
            EngineLifecycle starting = new EngineLifecycle();
            lifecycle = starting;
            engine = Engine.start(starting, getParameters().getRaw());
        }

        @Override
        public void reopen(String notice) {
            restoring = false;
            desks = Desks.of(engine);
            FxNotices notices = new FxNotices(() -> i18n, () -> stage);
            askWhoIsAtTheDesk(notices);
            notices.info(notice);
        }

        @Override
        public void failed(String message) {
            log.error("The restore's restart failed: {}", message);
            new StartupDialogs(i18n, stage).restoreFailed(message);
            Platform.exit();
        }

        private VBox restoringView(Label step) {
            Label title = new Label(i18n.t("restore.action"));
            title.getStyleClass().add("title-2");
            step.setId("restoreStatus");
            step.setWrapText(true);
            step.setMaxWidth(560);
            VBox box = new VBox(16, title, new ProgressIndicator(), step);
            box.setAlignment(Pos.CENTER);
            box.setPadding(new Insets(40));
            box.setId("restoring");
            return box;
        }
    }

    private static void onFxAndWait(Runnable action) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                action.run();
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        done.get();
    }

    private static String resource(String path) {
        return Objects.requireNonNull(ConsoleApp.class.getResource(path), path).toExternalForm();
    }

    /** The running engine (for tests and tooling); null while it starts. */
    public ConfigurableApplicationContext engine() {
        return engine;
    }

    /** The console's background work (its tests wait for it to be idle). */
    public FxUiTasks tasks() {
        return tasks;
    }

    public MainWindow window() {
        return window;
    }

    @Override
    public void stop() {
        closing = true;
        if (window != null) {
            window.dispose();
        }
        if (ticker != null) {
            ticker.shutdownNow();
        }
        if (tasks != null) {
            tasks.close();
        }
        if (lifecycle != null) {
            lifecycle.stop("the console was closed");
        }
    }
}
