package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.backup.api.Backup;
import com.courtrush.backup.api.BackupKind;
import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Backups of the embedded database, as Settings shows them: the newest, how many of each kind are kept — the
 * scheduled restore points and those made on demand, kept apart — and "back up now" (one a minute at most: sooner,
 * the engine's refusal says when). With an external database, says that it is backed up by its own means.
 */
public final class BackupsViewModel {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final BackupDesk backups;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final Clock clock;
    private final StringProperty state = new SimpleStringProperty("");
    private final BooleanProperty available = new SimpleBooleanProperty();

    public BackupsViewModel(BackupDesk backups, UiTasks tasks, Notices notices, I18n i18n, Caller staff, Clock clock) {
        this.backups = backups;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
        this.clock = clock;
    }

    public void refresh() {
        available.set(backups.available());
        if (!backups.available()) {
            state.set(i18n.t("backups.external"));
            return;
        }
        tasks.run(i18n.t("backups.title"), backups::list, this::show);
    }

    private void show(List<Backup> found) {
        if (found.isEmpty()) {
            state.set(i18n.t("backups.none"));
            return;
        }
        Backup newest = found.get(0);
        state.set(i18n.t(
                "backups.newest",
                newest.name(),
                Inputs.bytes(newest.bytes()),
                TIME.format(newest.modified().atZone(clock.getZone())),
                kindOf(newest),
                found.stream().filter(b -> b.kind() == BackupKind.SCHEDULED).count(),
                found.stream().filter(b -> b.kind() == BackupKind.ON_DEMAND).count()));
    }

    /** A backup's kind in words: scheduled, or made on demand. */
    private String kindOf(Backup backup) {
        return i18n.t("backups.kind." + backup.kind());
    }

    public void backUpNow() {
        tasks.run(i18n.t("backups.now"), () -> backups.backUp(staff), made -> {
            notices.info(i18n.t(
                    "backups.made",
                    made.name(),
                    String.format(Locale.ROOT, "%.1f", made.bytes() / 1048576.0),
                    String.format(Locale.ROOT, "%.1f", made.tookMs() == null ? 0 : made.tookMs() / 1000.0)));
            refresh();
        });
    }

    public StringProperty stateProperty() {
        return state;
    }

    public BooleanProperty availableProperty() {
        return available;
    }
}
