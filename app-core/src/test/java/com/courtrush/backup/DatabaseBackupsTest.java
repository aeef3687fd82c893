package com.courtrush.backup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.backup.api.Backup;
import com.courtrush.backup.api.BackupKind;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.scheduling.TaskScheduler;

/**
 * Backups staff ask for are kept apart from the engine's restore points (issue 75: fourteen POST /admin/backups in
 * three seconds left only those fourteen, the start-up's and the nights' restore points deleted): any number of them
 * leaves every restore point in place; each is audited with who made it and why; a second one within the minute is
 * refused. On a real H2 database in a folder of the test's own, its clock stopped (every backup in one millisecond).
 */
class DatabaseBackupsTest {

    static final String DESK = "staff:desk1";

    @TempDir
    Path data;

    final AuditTrail audit = mock(AuditTrail.class);
    final TaskScheduler scheduler = mock(TaskScheduler.class);
    final OpeningService openings = mock(OpeningService.class);

    DatabaseBackups backups(String... settings) {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + data.resolve("db").resolve("courtrush") + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE");
        JdbcTemplate jdbc = new JdbcTemplate(h2);
        jdbc.execute("create table if not exists court (id int primary key, name varchar(64))");
        MockEnvironment environment = new MockEnvironment().withProperty("spring.datasource.url", h2.getURL());
        for (int i = 0; i < settings.length; i += 2) {
            environment.setProperty(settings[i], settings[i + 1]);
        }
        CourtRushProperties properties = mock(CourtRushProperties.class);
        when(properties.dataDir()).thenReturn(data);
        ZoneId gym = ZoneId.of("Asia/Shanghai");
        return new DatabaseBackups(
                jdbc,
                audit,
                scheduler,
                Clock.fixed(Instant.parse("2026-11-24T02:15:00Z"), gym),
                properties,
                environment,
                openings);
    }

    /** The night's restore point never reads the whole file in an opening's warm-up or rush: it waits (issue 77). */
    @Test
    void theEnginesBackupWaitsWhileAnOpeningsFlashTimeIsNear() {
        DatabaseBackups backups = backups();
        when(openings.rushMeeting(any(), any())).thenReturn(Optional.of(new ReserveSession()));

        backups.daily();

        assertThat(backups.list()).isEmpty();
        verify(scheduler).schedule(any(Runnable.class), eq(Instant.parse("2026-11-24T02:45:00Z")));

        when(openings.rushMeeting(any(), any())).thenReturn(Optional.empty());
        backups.daily();
        assertThat(backups.list()).extracting(Backup::kind).containsExactly(BackupKind.SCHEDULED);
    }

    @Test
    void askingForBackupsOverAndOverNeverPushesARestorePointOut() {
        DatabaseBackups backups = backups(
                "courtrush.backup.keep", "3",
                "courtrush.backup.keep-on-demand", "2",
                "courtrush.backup.on-demand-every", "0s");
        EngineText nightly = new EngineText("audit.backup.nightly", 3);
        List<String> restorePoints = List.of(
                backups.backUpScheduled(new EngineText("audit.backup.atStart", 3))
                        .name(),
                backups.backUpScheduled(nightly).name());

        List<Backup> asked = java.util.stream.IntStream.range(0, 14)
                .mapToObj(i -> backups.backUpOnDemand(DESK))
                .toList();

        assertThat(asked).extracting(Backup::kind).containsOnly(BackupKind.ON_DEMAND);
        assertThat(asked).extracting(Backup::name).doesNotHaveDuplicates().allMatch(n -> n.endsWith("-on-demand.zip"));
        assertThat(backups.list())
                .extracting(Backup::name)
                .as("the two newest on demand and every restore point")
                .containsExactly(
                        asked.get(13).name(), asked.get(12).name(), restorePoints.get(1), restorePoints.get(0));
        verify(audit, times(14))
                .record(
                        eq(DESK),
                        eq(AuditAction.BACKUP),
                        eq(AuditTarget.DATABASE),
                        any(),
                        eq(new EngineText("audit.backup.onDemand", 2)));
        verify(audit, times(1))
                .record(
                        eq(AuditTrail.SYSTEM_BACKUP),
                        eq(AuditAction.BACKUP),
                        eq(AuditTarget.DATABASE),
                        any(),
                        eq(nightly));

        // the restore points have a retention of their own, which the ones asked for do not count against
        for (int night = 0; night < 3; night++) {
            backups.backUpScheduled(nightly);
        }
        assertThat(backups.list())
                .extracting(Backup::kind)
                .containsExactlyInAnyOrder(
                        BackupKind.SCHEDULED,
                        BackupKind.SCHEDULED,
                        BackupKind.SCHEDULED,
                        BackupKind.ON_DEMAND,
                        BackupKind.ON_DEMAND);
        assertThat(backups.list()).extracting(Backup::name).doesNotContainAnyElementsOf(restorePoints);
    }

    /** A start makes a restore point when the newest is over a day old, whatever was asked for on demand since. */
    @Test
    void aStartMakesARestorePointUnlessTheNewestRestorePointIsFresh() {
        DatabaseBackups backups = backups();
        backups.backUpOnDemand(DESK);
        backups.catchUp();
        verify(scheduler).schedule(any(Runnable.class), any(Instant.class));

        backups.backUpScheduled(new EngineText("audit.backup.atStart", 14));
        backups.catchUp();
        verify(scheduler, times(1)).schedule(any(Runnable.class), any(Instant.class));
    }

    @Test
    void aSecondBackupOnDemandWithinTheMinuteIsRefusedAndTheRestorePointsGoOn() {
        DatabaseBackups backups = backups();
        backups.backUpOnDemand(DESK);

        assertThatThrownBy(() -> backups.backUpOnDemand("admin"))
                .isInstanceOfSatisfying(CourtRushException.class, refused -> {
                    assertThat(refused.outcome()).isEqualTo(Outcome.TOO_MANY_REQUESTS);
                    assertThat(refused.retryAfter())
                            .isBetween(java.time.Duration.ofSeconds(50), java.time.Duration.ofMinutes(1));
                });
        backups.backUpScheduled(new EngineText("audit.backup.nightly", 14));
        assertThat(backups.list()).extracting(Backup::kind).containsExactly(BackupKind.SCHEDULED, BackupKind.ON_DEMAND);
    }
}
