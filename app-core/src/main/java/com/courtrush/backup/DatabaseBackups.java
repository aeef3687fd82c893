package com.courtrush.backup;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.backup.api.Backup;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.DailyJob;
import com.courtrush.infra.config.DataDirectory;
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
 * TO} writes a consistent copy while students keep booking. One a day (at {@code
 * courtrush.backup.cron}, and at start-up when the newest is more than a day old — the embedded
 * engine runs only while the console is open), one whenever staff ask, the newest {@code
 * courtrush.backup.keep} kept. A backup holds everything, the tokens' signing secret too: its file
 * is private to the user (0600). With an external database this answers that there is nothing to do
 * here: that database is backed up by its own means.
 */
@Service
public class DatabaseBackups implements SchedulingConfigurer {

    private static final Logger log = LoggerFactory.getLogger(DatabaseBackups.class);
    /** To the millisecond, so that names sort as the backups were made; an earlier version's names had no SSS. */
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("'courtrush-'yyyyMMdd-HHmmss-SSS'.zip'");

    private static final String NAMES = "courtrush-\\d{8}-\\d{6}(-\\d{3})?\\.zip";
    private static final Duration DAY = Duration.ofHours(24);

    private final JdbcTemplate jdbc;
    private final AuditTrail audit;
    private final TaskScheduler scheduler;
    private final Clock clock;
    private final CourtRushProperties properties;
    private final Path directory;
    private final boolean embedded;
    private final int keep;
    private final String cron;

    DatabaseBackups(
            JdbcTemplate jdbc,
            AuditTrail audit,
            TaskScheduler scheduler,
            Clock clock,
            CourtRushProperties properties,
            Environment environment) {
        this.jdbc = jdbc;
        this.audit = audit;
        this.scheduler = scheduler;
        this.clock = clock;
        this.properties = properties;
        this.directory = properties.dataDir().resolve("backups");
        this.embedded = environment.getProperty("spring.datasource.url", "").startsWith("jdbc:h2:");
        this.keep = Math.max(1, environment.getProperty("courtrush.backup.keep", Integer.class, 14));
        this.cron = environment.getProperty("courtrush.backup.cron", "0 30 3 * * *");
    }

    /** Whether this engine backs its database up (the embedded one); an external one is backed up by its own means. */
    public boolean available() {
        return embedded;
    }

    /** Backs up now; answers the new backup. Old ones beyond the retention are deleted. */
    public synchronized Backup backUp(String actor) {
        if (!embedded) {
            throw CourtRushException.badRequest("backup.external");
        }
        try {
            DataDirectory.prepare(directory);
            Path file = newFile();
            long started = System.nanoTime();
            jdbc.execute("BACKUP TO '" + file.toAbsolutePath().toString().replace("'", "''") + "'");
            long tookMs = Duration.ofNanos(System.nanoTime() - started).toMillis();
            DataDirectory.tighten(directory); // the new file 0600, like everything in the data directory
            audit.record(actor, AuditAction.BACKUP, AuditTarget.DATABASE, file.getFileName());
            pruneBeyond(keep);
            Backup made = backupOf(file);
            log.info("Database backed up to {}: {} bytes in {} ms", file, made.bytes(), tookMs);
            return new Backup(made.name(), made.bytes(), made.modified(), tookMs);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write a backup into " + directory, e);
        }
    }

    /**
     * A name no backup has: backups are made one at a time (this object's lock), and a second one within the same
     * millisecond as the last — or a clock put back — takes the next free millisecond instead of overwriting it.
     */
    private Path newFile() {
        LocalDateTime at = LocalDateTime.now(clock);
        Path file = directory.resolve(at.format(NAME));
        while (Files.exists(file)) {
            at = at.plus(1, ChronoUnit.MILLIS);
            file = directory.resolve(at.format(NAME));
        }
        return file;
    }

    /** The backups there are, newest first. */
    public List<Backup> list() {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().matches(NAMES))
                    .map(DatabaseBackups::backupOf)
                    .sorted(Comparator.comparing(Backup::name).reversed())
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
            backUpLogged();
        }
    }

    /**
     * After start-up, when the newest backup is more than a day old (the console was closed at the hour):
     * on the scheduler's thread, so the console's window does not wait for it.
     */
    @EventListener(ApplicationReadyEvent.class)
    void catchUp() {
        if (!embedded) {
            return;
        }
        List<Backup> backups = list();
        if (backups.isEmpty()
                || backups.get(0).modified().isBefore(clock.instant().minus(DAY))) {
            try {
                scheduler.schedule(this::backUpLogged, clock.instant());
            } catch (TaskRejectedException stopping) {
                log.info("The start-up backup was not made: the engine is already stopping");
            }
        }
    }

    private void backUpLogged() {
        try {
            backUp(AuditTrail.SYSTEM_BACKUP);
        } catch (RuntimeException e) {
            log.error(
                    "The daily database backup into {} failed; the next day's run tries again (staff: back up now "
                            + "in Settings)",
                    directory,
                    e);
        }
    }

    private void pruneBeyond(int kept) throws IOException {
        List<Backup> backups = list();
        for (Backup old : backups.subList(Math.min(kept, backups.size()), backups.size())) {
            Files.deleteIfExists(directory.resolve(old.name()));
            log.info("Old backup {} deleted (the newest {} are kept)", old.name(), kept);
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
