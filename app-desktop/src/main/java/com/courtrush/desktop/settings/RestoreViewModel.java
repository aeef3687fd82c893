package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.backup.api.Backup;
import com.courtrush.backup.api.BackupContents;
import com.courtrush.backup.api.BackupKind;
import com.courtrush.backup.api.RestorePlan;
import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.EngineRestart;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import java.nio.file.Path;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * 恢复备份 Restoring a backup of the embedded database from the console (issue 54), a manager's step: choose a backup
 * (from the backups folder, or a zip from disk), read what it holds from the backup itself, confirm what will happen,
 * then the engine restarts on it with its progress shown. A backup that cannot be read is refused before anything
 * happens; a restart that fails says which folder holds the database before it. With an external database there is
 * nothing to restore here.
 */
public final class RestoreViewModel {

    /** Where the restore stands. */
    public enum Phase {
        /** Nothing chosen yet. */
        CHOOSE,
        /** Reading the chosen backup. */
        INSPECTING,
        /** Read: what it holds is shown, it may be restored. */
        INSPECTED,
        /** Not a readable backup: refused, nothing happened. */
        REFUSED,
        /** Staff confirmed: restoring, the engine stops and starts again. */
        RESTORING,
        /** The engine runs on the backup. */
        RESTORED,
        /** The engine did not start again. */
        FAILED
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final BackupDesk backups;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller manager;
    private final Clock clock;
    private final EngineRestart restart;

    private final BooleanProperty available = new SimpleBooleanProperty();
    private final ObservableList<String> choices = FXCollections.observableArrayList();
    private final StringProperty chosen = new SimpleStringProperty("");
    private final ObjectProperty<Phase> phase = new SimpleObjectProperty<>(Phase.CHOOSE);
    private final StringProperty contents = new SimpleStringProperty("");
    private final StringProperty problem = new SimpleStringProperty("");
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty progressText = new SimpleStringProperty("");
    private final BooleanBinding mayRestore =
            Bindings.createBooleanBinding(() -> phase.get() == Phase.INSPECTED, phase);

    /** The backup chosen: a name in the backups folder, or a file from disk (then {@code name} is null). */
    private String chosenName;

    private Path chosenFile;
    private BackupContents read;

    public RestoreViewModel(
            BackupDesk backups,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Caller manager,
            Clock clock,
            EngineRestart restart) {
        this.backups = backups;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.manager = manager;
        this.clock = clock;
        this.restart = restart;
    }

    /** Whether this database can be restored here, and the backups to choose from (newest first). */
    public void load() {
        available.set(backups.restoreAvailable());
        if (!available.get()) {
            choices.clear();
            return;
        }
        tasks.run(
                i18n.t("restore.title"),
                backups::list,
                found -> choices.setAll(found.stream().map(Backup::name).toList()));
    }

    /** A backup of the list as the choice shows it: its name and whether it is a scheduled one or made on demand. */
    public String choiceLabel(String name) {
        return name == null ? "" : i18n.t("restore.choice", name, i18n.t("backups.kind." + BackupKind.ofName(name)));
    }

    /** A backup of the backups folder chosen: what it holds is read. */
    public void choose(String name) {
        if (name == null || name.isBlank()) {
            return;
        }
        chosenName = name;
        chosenFile = null;
        inspect(name, () -> backups.inspect(name, manager));
    }

    /** A backup chosen from disk (a copy kept elsewhere): what it holds is read. */
    public void chooseFile(Path zip) {
        if (zip == null) {
            return;
        }
        chosenName = null;
        chosenFile = zip;
        inspect(zip.toString(), () -> backups.inspectFile(zip, manager));
    }

    private void inspect(String what, java.util.concurrent.Callable<BackupContents> reading) {
        chosen.set(what);
        read = null;
        contents.set("");
        problem.set("");
        phase.set(Phase.INSPECTING);
        tasks.run(
                i18n.t("restore.reading"),
                reading,
                found -> {
                    read = found;
                    contents.set(describe(found));
                    phase.set(Phase.INSPECTED);
                },
                refused -> {
                    phase.set(Phase.REFUSED);
                    problem.set(i18n.t("restore.refused", reasonOf(refused)));
                    notices.failed(i18n.t("restore.reading"), refused);
                });
    }

    /** What a backup holds, as staff read it. */
    String describe(BackupContents backup) {
        String newest = backup.newestReservation() == null
                ? i18n.t("restore.noReservations")
                : i18n.t("restore.newest", TIME.format(backup.newestReservation()));
        return i18n.t(
                "restore.contents",
                backup.name(),
                TIME.format(backup.made().atZone(clock.getZone())),
                backup.reservations(),
                backup.payOrders(),
                backup.students(),
                backup.staff(),
                newest,
                backup.madeBy() == null
                        ? i18n.t("restore.madeBefore", backup.schema())
                        : i18n.t("restore.madeBy", backup.madeBy(), backup.schema()));
    }

    /**
     * Asks first (what will happen), then restores: the backup restored beside the database, the engine stopped, the
     * backup put in place and the engine started again on it, with progress; the console then opens anew.
     */
    public void restore() {
        if (phase.get() != Phase.INSPECTED || read == null) {
            return;
        }
        BackupContents backup = read;
        boolean go = notices.confirm(Destructive.of(
                        i18n.t("restore.action"),
                        i18n.t(
                                "restore.target",
                                backup.name(),
                                TIME.format(backup.made().atZone(clock.getZone()))),
                        i18n.t("restore.consequence", TIME.format(backup.made().atZone(clock.getZone())))))
                .isPresent();
        if (!go) {
            return;
        }
        String name = chosenName;
        Path file = chosenFile;
        AtomicReference<RestorePlan> staged = new AtomicReference<>();
        phase.set(Phase.RESTORING);
        problem.set("");
        report(0, i18n.t("restore.step.staging"));
        tasks.runWithProgress(
                i18n.t("restore.action"),
                steps -> {
                    steps.update(0.05, i18n.t("restore.step.staging"));
                    RestorePlan plan = name != null
                            ? backups.stageRestore(name, manager)
                            : backups.stageRestoreOfFile(file, manager);
                    staged.set(plan);
                    restart.restartOn(plan, steps);
                    steps.update(1, i18n.t("restore.step.done"));
                    return plan;
                },
                this::report,
                plan -> {
                    phase.set(Phase.RESTORED);
                    report(1, i18n.t("restore.step.done"));
                    restart.reopen(
                            i18n.t("restore.done", plan.backup(), plan.aside().getFileName()));
                },
                error -> failed(staged.get(), error));
    }

    private void failed(RestorePlan plan, Throwable error) {
        if (plan == null) {
            // refused before anything was stopped: the engine runs on as it was
            phase.set(Phase.INSPECTED);
            problem.set(i18n.t("restore.refused", reasonOf(error)));
            notices.failed(i18n.t("restore.action"), error);
            return;
        }
        phase.set(Phase.FAILED);
        String message = i18n.t(
                "restore.restartFailed",
                plan.backup(),
                reasonOf(error),
                plan.aside().getFileName(),
                plan.db().getParent());
        problem.set(message);
        restart.failed(message);
    }

    private void report(double fraction, String message) {
        progress.set(fraction);
        progressText.set(message);
    }

    /** Why, for staff: the engine's refusal in the console's language, else what went wrong at the root. */
    private String reasonOf(Throwable error) {
        Throwable root = error;
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof CourtRushException refusal) {
                return refusal.message(i18n.locale());
            }
            root = cause;
        }
        return root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
    }

    public BooleanProperty availableProperty() {
        return available;
    }

    public ObservableList<String> choices() {
        return choices;
    }

    public StringProperty chosenProperty() {
        return chosen;
    }

    public ObjectProperty<Phase> phaseProperty() {
        return phase;
    }

    public StringProperty contentsProperty() {
        return contents;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty progressTextProperty() {
        return progressText;
    }

    public BooleanBinding mayRestoreProperty() {
        return mayRestore;
    }
}
