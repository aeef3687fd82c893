package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.backup.api.Backup;
import com.courtrush.backup.api.BackupDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackupsViewModelTest {

    final BackupDesk backups = mock(BackupDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final BackupsViewModel model = new BackupsViewModel(
            backups,
            new DirectUiTasks(notices),
            notices,
            I18n.of(I18n.ENGLISH),
            "console:desk",
            ZoneId.of("Asia/Shanghai"));

    @Test
    void theNewestBackupAndHowManyAreKeptAreShownAndStaffBackUpNow() {
        Backup made = new Backup("courtrush-20261124-033000.zip", 3_145_728, Instant.parse("2026-11-23T19:30:00Z"));
        when(backups.available()).thenReturn(true);
        when(backups.list()).thenReturn(List.of(made, made));
        model.refresh();
        assertThat(model.stateProperty().get())
                .startsWith("Newest: courtrush-20261124-033000.zip (3.0 MB, 2026-11-24 03:30); 2 kept");

        when(backups.backUp("console:desk")).thenReturn(new Backup(made.name(), made.bytes(), made.modified(), 1_480L));
        model.backUpNow();
        assertThat(notices.infos).containsExactly("Backed up: courtrush-20261124-033000.zip (3.0 MB in 1.5 s).");
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
}
