package com.courtrush.backup;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.backup.api.Backup;
import com.courtrush.backup.api.BackupKind;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.DailyJob;
import com.courtrush.infra.config.DataDirectory;
import com.courtrush.opening.OpeningService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Service;

/**
 * Online backups of the embedded (H2) database into {@code <data-dir>/backups}: H2's {@code BACKUP
 * TO} writes a consistent copy while students keep booking. Restore points the engine makes — one a
 * day (at {@code courtrush.backup.cron}, and at start-up when the newest is more than a day old: the
 * embedded engine runs only while the console is open), the newest {@code courtrush.backup.keep}
 * kept — and backups staff ask for, kept apart (the newest {@code courtrush.backup.keep-on-demand}),
 * so that no number of them pushes a restore point out, and at most one per {@code
 * courtrush.backup.on-demand-every} on this node (issue 75). The engine's own wait while an opening's flash time is
 * near (15 minutes before it to 10 after): a backup reads the whole file (issue 77). A backup holds everything, the tokens'
 * signing secret too: its file is private to the user (0600). With an external database this answers
 * that there is nothing to do here: that database is backed up by its own means.
 */
@Service
public class DatabaseBackups implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(DatabaseBackups.class);
    /** To the millisecond, so that names sort as the backups were made; an earlier version's names had no SSS. */
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("'courtrush-'yyyyMMdd-HHmmss-SSS'.zip'");

    /** The backups' file names, of either kind (an earlier version's had no SSS). */
    static final String NAMES = "courtrush-\\d{8}-\\d{6}(-\\d{3})?(" + BackupKind.ON_DEMAND_MARK + ")?\\.zip";

    private static final Duration DAY = Duration.ofHours(24);

    /** The engine's own backups keep away from an opening's rush ({@link OpeningService#rushMeeting}): wait this long. */
    static final Duration WAIT = Duration.ofMinutes(30);

    private final JdbcTemplate jdbc;
    private final AuditTrail audit;
    private final TaskScheduler scheduler;
    private final Clock clock;
    private final CourtRushProperties properties;
    private final OpeningService openings;
    private final Path directory;
    private final boolean embedded;
    private final int keep;
    private final int keepOnDemand;
    private final OnDemandLimit onDemand;
    private final String cron;
    /** The time the last backup made here is named by (guarded by this object's lock). */
    private LocalDateTime lastMade;

    DatabaseBackups(
            JdbcTemplate jdbc,
            AuditTrail audit,
            TaskScheduler scheduler,
            Clock clock,
            CourtRushProperties properties,
            Environment environment,
            OpeningService openings) {
        this.openings = openings;
        this.jdbc = jdbc;
        this.audit = audit;
        this.scheduler = scheduler;
        this.clock = clock;
        this.properties = properties;
        this.directory = properties.dataDir().resolve("backups");
        this.embedded = environment.getProperty("spring.datasource.url", "").startsWith("jdbc:h2:");
        this.keep = Math.max(1, environment.getProperty("courtrush.backup.keep", Integer.class, 14));
        this.keepOnDemand = Math.max(1, environment.getProperty("courtrush.backup.keep-on-demand", Integer.class, 5));
        this.onDemand = new OnDemandLimit(
                DurationStyle.detectAndParse(environment.getProperty("courtrush.backup.on-demand-every", "1m")),
                System::nanoTime);
        this.cron = environment.getProperty("courtrush.backup.cron", "0 30 3 * * *");
    }

    /** Whether this engine backs its database up (the embedded one); an external one is backed up by its own means. */
    public boolean available() {
        return embedded;
    }

    /**
     * Backs up now because {@code actor} asks (staff, the admin token): answers the new backup, kept apart from the
     * restore points the engine makes; the oldest on-demand ones beyond their retention are deleted. Refused (429,
     * with when to try again) within {@code courtrush.backup.on-demand-every} of the last one asked for here.
     */
    public Backup backUpOnDemand(String actor) {
        requireEmbedded();
        OnDemandLimit.Claim turn = onDemand.claim();
        try {
            return backUp(BackupKind.ON_DEMAND, actor, new EngineText("audit.backup.onDemand", keepOnDemand));
        } catch (RuntimeException e) {
            onDemand.giveBack(turn); // none was made: the next may be asked for at once
            throw e;
        }
    }

    /** A restore point the engine makes ({@code why}: the night's, a start's); the oldest beyond the retention go. */
    Backup backUpScheduled(EngineText why) {
        requireEmbedded();
        return backUp(BackupKind.SCHEDULED, AuditTrail.SYSTEM_BACKUP, why);
    }

    private void requireEmbedded() {
        if (!embedded) {
            throw CourtRushException.badRequest("backup.external");
        }
    }

    private synchronized Backup backUp(BackupKind kind, String actor, EngineText why) {
        try {
            DataDirectory.prepare(directory);
            Path file = newFile(kind);
            long started = System.nanoTime();
            jdbc.execute("BACKUP TO '" + file.toAbsolutePath().toString().replace("'", "''") + "'");
            long tookMs = Duration.ofNanos(System.nanoTime() - started).toMillis();
            DataDirectory.tighten(directory); // the new file 0600, like everything in the data directory
            // who made it and why, as each backup is kept by its kind
            audit.record(actor, AuditAction.BACKUP, AuditTarget.DATABASE, file.getFileName(), why);
            pruneBeyond(kind, kind == BackupKind.ON_DEMAND ? keepOnDemand : keep);
            Backup made = backupOf(file);
            log.info("Database backed up to {} ({}, {}): {} bytes in {} ms", file, kind, actor, made.bytes(), tookMs);
            return new Backup(made.name(), made.bytes(), made.modified(), kind, tookMs);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write a backup into " + directory, e);
        }
    }

    /**
     * A name no backup has, after the last one made here: backups are made one at a time (this object's lock), and a
     * second one within the same millisecond as the last — of either kind — or a clock put back takes the next
     * millisecond instead of overwriting it, so that the names sort as the backups were made (and the retention never
     * takes the newest for the oldest).
     */
    private Path newFile(BackupKind kind) {
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDateTime at = lastMade == null || now.isAfter(lastMade) ? now : lastMade.plus(1, ChronoUnit.MILLIS);
        while (Files.exists(directory.resolve(nameAt(at, BackupKind.SCHEDULED)))
                || Files.exists(directory.resolve(nameAt(at, BackupKind.ON_DEMAND)))) {
            at = at.plus(1, ChronoUnit.MILLIS);
        }
        lastMade = at;
        return directory.resolve(nameAt(at, kind));
    }

    private static String nameAt(LocalDateTime at, BackupKind kind) {
        String name = at.format(NAME);
        return kind == BackupKind.ON_DEMAND ? name.replace(".zip", BackupKind.ON_DEMAND_MARK + ".zip") : name;
    }

    /** The backups there are, newest first. */
    public List<Backup> list() {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().matches(NAMES))
                    .map(DatabaseBackups::backupOf)
                    .sorted(Comparator.comparing((Backup b) -> b.name().replace(BackupKind.ON_DEMAND_MARK, ""))
                            .reversed())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list the backups in " + directory, e);
        }
    }

    /** The day's backup: by default at 03:30 in the gym's zone. */
    @Override
    public void configureTasks(ScheduledTaskRegistrar tasks) {
        DailyJob.register(tasks, cron, clock, this::daily);
    }

    void daily() {
        if (embedded) {
            backUpLogged(new EngineText("audit.backup.nightly", keep));
        }
    }

    /**
     * After start-up, when the newest restore point is more than a day old (the console was closed at the hour; one
     * made on demand since does not count: others asked for may push it out): on the scheduler's thread, so the
     * console's window does not wait for it.
     */
    @EventListener(ApplicationReadyEvent.class)
    void catchUp() {
        if (!embedded) {
            return;
        }
        List<Backup> restorePoints = list().stream()
                .filter(backup -> backup.kind() == BackupKind.SCHEDULED)
                .toList();
        if (restorePoints.isEmpty()
                || restorePoints.get(0).modified().isBefore(clock.instant().minus(DAY))) {
            try {
                scheduler.schedule(() -> backUpLogged(new EngineText("audit.backup.atStart", keep)), clock.instant());
            } catch (TaskRejectedException stopping) {
                log.info("The start-up backup was not made: the engine is already stopping");
            }
        }
    }

    private void backUpLogged(EngineText why) {
        LocalDateTime now = LocalDateTime.now(clock);
        if (openings.rushMeeting(now, now).isPresent()) {
            // a backup reads the whole file and takes a core for seconds: never in an opening's warm-up or rush
            log.info(
                    "The engine's backup waits: an opening's flash time is near; tried again in {} min",
                    WAIT.toMinutes());
            try {
                scheduler.schedule(() -> backUpLogged(why), clock.instant().plus(WAIT));
            } catch (TaskRejectedException stopping) {
                log.info("The engine's backup was not made: the engine is stopping");
            }
            return;
        }
        try {
            backUpScheduled(why);
        } catch (RuntimeException e) {
            log.error(
                    "The daily database backup into {} failed; the next day's run tries again (staff: back up now "
                            + "in Settings)",
                    directory,
                    e);
        }
    }

    /** Deletes the oldest backups of {@code kind} beyond the newest {@code kept}; the other kind's are not counted. */
    private void pruneBeyond(BackupKind kind, int kept) throws IOException {
        List<Backup> backups =
                list().stream().filter(backup -> backup.kind() == kind).toList();
        for (Backup old : backups.subList(Math.min(kept, backups.size()), backups.size())) {
            Files.deleteIfExists(directory.resolve(old.name()));
            log.info("Old backup {} deleted (the newest {} {} are kept)", old.name(), kept, kind);
        }
    }

    private static Backup backupOf(Path file) {
        try {
            return new Backup(
                    file.getFileName().toString(),
                    Files.size(file),
                    Files.getLastModifiedTime(file).toInstant());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read backup " + file, e);
        }
    }
}
