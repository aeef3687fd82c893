package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.backup.api.Backup;
import com.courtrush.backup.api.BackupContents;
import com.courtrush.backup.api.BackupKind;
import com.courtrush.backup.api.RestorePlan;
import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.settings.RestoreViewModel.Phase;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.desktop.ui.EngineRestart;
import com.courtrush.desktop.ui.UiTasks;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class BackupsViewModelTest {

    final BackupDesk backups = mock(BackupDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final BackupsViewModel model = new BackupsViewModel(
            backups,
            new DirectUiTasks(notices),
            notices,
            I18n.of(I18n.ENGLISH),
            Caller.atDesk(2, "desk", Role.STAFF),
            Clock.system(ZoneId.of("Asia/Shanghai")));

    /**
     * How many of each kind are kept (issue 75: backups staff ask for are kept apart from the scheduled restore
     * points, which they can no longer push out), the newest with its kind; staff back up now.
     */
    @Test
    void theNewestBackupAndHowManyOfEachKindAreKeptAreShownAndStaffBackUpNow() {
        Backup asked = new Backup(
                "courtrush-20261124-101500-120-on-demand.zip", 3_145_728, Instant.parse("2026-11-24T02:15:00Z"));
        Backup nightly = new Backup("courtrush-20261124-033000.zip", 3_145_728, Instant.parse("2026-11-23T19:30:00Z"));
        Backup atStart =
                new Backup("courtrush-20261123-080000-000.zip", 3_000_000, Instant.parse("2026-11-23T00:00:00Z"));
        when(backups.available()).thenReturn(true);
        when(backups.list()).thenReturn(List.of(asked, nightly, atStart));
        model.refresh();
        assertThat(model.stateProperty().get())
                .startsWith("Newest: courtrush-20261124-101500-120-on-demand.zip (3.0 MB, 2026-11-24 10:15, made on "
                        + "demand). Kept in the data directory’s backups folder: 2 scheduled (each night, and at a "
                        + "start after a day without one) and 1 made on demand, each kind apart");

        when(backups.backUp(Caller.atDesk(2, "desk", Role.STAFF)))
                .thenReturn(new Backup(asked.name(), asked.bytes(), asked.modified(), BackupKind.ON_DEMAND, 1_480L));
        model.backUpNow();
        assertThat(notices.infos)
                .containsExactly("Backed up: courtrush-20261124-101500-120-on-demand.zip (3.0 MB in 1.5 s).");
    }

    /** A second "back up now" within the engine's minute is refused, saying when to try again; nothing is listed anew. */
    @Test
    void backingUpAgainTooSoonSaysWhenItCanBeMade() {
        when(backups.available()).thenReturn(true);
        when(backups.backUp(Caller.atDesk(2, "desk", Role.STAFF)))
                .thenThrow(new CourtRushException(Outcome.TOO_MANY_REQUESTS, "backup.tooSoon", 42));
        model.backUpNow();
        assertThat(notices.infos).isEmpty();
        assertThat(notices.failedWhat).containsExactly("Back up now");
        assertThat(((CourtRushException) notices.failures.get(0)).message(Locale.ENGLISH))
                .isEqualTo("A backup was just made on demand; the next one can be made in 42 s.");
        verify(backups, never()).list();
    }

    @Test
    void aSmallBackupReadsInKilobytesNotAsNothing() {
        when(backups.available()).thenReturn(true);
        when(backups.list())
                .thenReturn(List.of(
                        new Backup("courtrush-20261124-080357.zip", 55_726, Instant.parse("2026-11-24T00:03:57Z"))));
        model.refresh();
        assertThat(model.stateProperty().get()).startsWith("Newest: courtrush-20261124-080357.zip (54 KB, ");
    }

    @Test
    void anExternalDatabaseIsSaidToBeBackedUpByItsOwnMeans() {
        when(backups.available()).thenReturn(false);
        model.refresh();
        assertThat(model.availableProperty().get()).isFalse();
        assertThat(model.stateProperty().get()).contains("external database");
        verify(backups, never()).list();
    }

    // restoring a backup from the console (issue 54)

    static final String NAME = "courtrush-20261124-033000-000.zip";
    static final BackupContents CONTENTS = new BackupContents(
            NAME,
            Instant.parse("2026-11-23T19:30:00Z"),
            120,
            80,
            300,
            4,
            LocalDateTime.parse("2026-11-24T02:59:10"),
            38,
            null);
    static final Path DATA = Path.of("/home/gym/.courtrush");
    static final RestorePlan PLAN = new RestorePlan(
            NAME,
            CONTENTS,
            DATA.resolve("db"),
            DATA.resolve("db.restoring"),
            DATA.resolve("db.before-restore-20261128-101500"),
            "staff:m1");

    final Caller manager = Caller.atDesk(1, "m1", Role.MANAGER);
    final FakeRestart restart = new FakeRestart();
    final RestoreViewModel restore = new RestoreViewModel(
            backups,
            new DirectUiTasks(notices),
            notices,
            I18n.of(I18n.ENGLISH),
            manager,
            Clock.system(ZoneId.of("Asia/Shanghai")),
            restart);

    @Test
    void aChosenBackupIsReadFromItselfAndWhatItHoldsIsShown() {
        when(backups.restoreAvailable()).thenReturn(true);
        String asked = "courtrush-20261124-101500-120-on-demand.zip";
        when(backups.list())
                .thenReturn(List.of(
                        new Backup(asked, 3_145_728, CONTENTS.made()), new Backup(NAME, 3_145_728, CONTENTS.made())));
        when(backups.inspect(NAME, manager)).thenReturn(CONTENTS);
        restore.load();
        assertThat(restore.choices()).containsExactly(asked, NAME);
        assertThat(restore.choices().stream().map(restore::choiceLabel))
                .as("which are scheduled and which made on demand")
                .containsExactly(asked + " (made on demand)", NAME + " (scheduled)");
        assertThat(restore.mayRestoreProperty().get()).as("nothing chosen yet").isFalse();

        restore.choose(NAME);

        assertThat(restore.phaseProperty().get()).isEqualTo(Phase.INSPECTED);
        assertThat(restore.contentsProperty().get())
                .isEqualTo(
                        NAME + ", made 2026-11-24 03:30 by a CourtRush before 0.2.0 (schema 38): 120 reservations, 80"
                                + " pay orders, 300 student and 4 staff accounts; the newest reservation made 2026-11-24 02:59.");
        assertThat(restore.mayRestoreProperty().get()).isTrue();
    }

    @Test
    void aBrokenZipIsRefusedWithAClearMessageAndCannotBeRestored() {
        Path zip = Path.of("/media/usb/holiday.zip");
        when(backups.inspectFile(zip, manager))
                .thenThrow(CourtRushException.badRequest("backup.unreadable", "holiday.zip"));

        restore.chooseFile(zip);

        assertThat(restore.phaseProperty().get()).isEqualTo(Phase.REFUSED);
        assertThat(restore.problemProperty().get())
                .isEqualTo("Not restored: holiday.zip is not a readable backup of the database (a broken or foreign "
                        + "zip): nothing was restored.");
        assertThat(restore.mayRestoreProperty().get()).isFalse();
        restore.restore();
        assertThat(notices.steps).as("nothing to confirm").isEmpty();
        verify(backups, never()).stageRestoreOfFile(zip, manager);
    }

    @Test
    void steppingBackAtTheConfirmationRestoresNothing() {
        when(backups.inspect(NAME, manager)).thenReturn(CONTENTS);
        restore.choose(NAME);
        notices.answer = false;

        restore.restore();

        assertThat(notices.lastStep().consequence())
                .contains("db.before-restore-")
                .contains("starts again")
                .contains("made after 2026-11-24 03:30 are lost");
        assertThat(restore.phaseProperty().get()).isEqualTo(Phase.INSPECTED);
        verify(backups, never()).stageRestore(NAME, manager);
        assertThat(restart.plans).isEmpty();
    }

    @Test
    void aConfirmedRestoreRestartsTheEngineOnTheBackupWithProgressAndOpensTheConsoleAnew() {
        when(backups.inspect(NAME, manager)).thenReturn(CONTENTS);
        when(backups.stageRestore(NAME, manager)).thenReturn(PLAN);
        List<String> steps = new ArrayList<>();
        restore.progressTextProperty().addListener((seen, was, now) -> steps.add(now));
        List<Phase> phases = new ArrayList<>();
        restore.phaseProperty().addListener((seen, was, now) -> phases.add(now));
        restore.choose(NAME);

        restore.restore();

        assertThat(notices.lastStep().target()).isEqualTo(NAME + " (made 2026-11-24 03:30)");
        assertThat(restart.plans).containsExactly(PLAN);
        assertThat(steps)
                .containsSubsequence(
                        "Reading the backup and restoring it beside the database…",
                        "Stopping the engine…",
                        "Starting the engine on the backup (Redis is rebuilt from the database)…",
                        "The engine runs on the backup.");
        assertThat(restore.progressProperty().get()).isEqualTo(1.0);
        assertThat(phases).containsSubsequence(Phase.RESTORING, Phase.RESTORED);
        assertThat(restart.reopened)
                .containsExactly("Restored " + NAME + "; the database before it is kept as "
                        + "db.before-restore-20261128-101500 in the data directory.");
        assertThat(restart.failures).isEmpty();
    }

    @Test
    void aRestartThatFailsSaysSoAndWhereTheDatabaseBeforeItIs() {
        when(backups.inspect(NAME, manager)).thenReturn(CONTENTS);
        when(backups.stageRestore(NAME, manager)).thenReturn(PLAN);
        restart.failWith = new IllegalStateException("Port 8080 is in use");
        restore.choose(NAME);

        restore.restore();

        assertThat(restore.phaseProperty().get()).isEqualTo(Phase.FAILED);
        assertThat(restart.reopened).isEmpty();
        assertThat(restart.failures)
                .singleElement()
                .isEqualTo(restore.problemProperty().get())
                .asString()
                .contains("did not start again on backup " + NAME + ": Port 8080 is in use")
                .contains("kept as db.before-restore-20261128-101500 in " + DATA)
                .contains("rename the folder db to db.failed and db.before-restore-20261128-101500 to db");
    }

    @Test
    void aRestoreRefusedBeforeTheStopLeavesTheEngineAsItWas() {
        when(backups.inspect(NAME, manager)).thenReturn(CONTENTS);
        when(backups.stageRestore(NAME, manager)).thenThrow(CourtRushException.badRequest("backup.unreadable", NAME));
        restore.choose(NAME);

        restore.restore();

        assertThat(restart.plans).as("the engine was not stopped").isEmpty();
        assertThat(restart.failures).isEmpty();
        assertThat(restore.phaseProperty().get()).isEqualTo(Phase.INSPECTED);
        assertThat(restore.problemProperty().get()).startsWith("Not restored: " + NAME + " is not a readable backup");
        assertThat(notices.failures).hasSize(1);
    }

    @Test
    void anExternalDatabaseIsTheOperatorsNothingToRestoreHere() {
        when(backups.restoreAvailable()).thenReturn(false);
        restore.load();
        assertThat(restore.availableProperty().get()).isFalse();
        assertThat(restore.choices()).isEmpty();
        verify(backups, never()).list();
    }

    /** The console's engine, as the restore sees it: records what it is asked, reports its steps. */
    static final class FakeRestart implements EngineRestart {
        final List<RestorePlan> plans = new ArrayList<>();
        final List<String> reopened = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        RuntimeException failWith;

        @Override
        public void restartOn(RestorePlan plan, UiTasks.Progress progress) throws IOException {
            plans.add(plan);
            progress.update(0.3, "Stopping the engine…");
            progress.update(0.6, "Starting the engine on the backup (Redis is rebuilt from the database)…");
            if (failWith != null) {
                throw failWith;
            }
        }

        @Override
        public void reopen(String notice) {
            reopened.add(notice);
        }

        @Override
        public void failed(String message) {
            failures.add(message);
        }
    }
}
