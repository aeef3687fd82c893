package com.courtrush.backup;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.backup.api.BackupContents;
import com.courtrush.backup.api.RestorePlan;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Release;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.DataDirectory;
import com.courtrush.infra.config.EmbeddedDatabaseUrl;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Service;

/**
 * Restores a backup of the embedded database, from the console (issue 54). While the engine runs, a backup is read
 * from itself ({@link BackupReader}) and, once staff confirm, restored beside the database folder ({@code
 * db.restoring}); the console then stops the engine, {@link #putInPlace} keeps the current folder aside as {@code
 * db.before-restore-<time>} and moves the restored one in, and the console starts the engine again on it — Redis is
 * rebuilt from the database at that start, as after a crash. The start records the restore in the audit: who, which
 * backup, where the database before it was kept.
 */
@Service
public class DatabaseRestores {

    /** Left in the restored database's folder for its first start, which records the restore and deletes it. */
    static final String PENDING = "restore.pending";

    private static final Logger log = LoggerFactory.getLogger(DatabaseRestores.class);
    private static final DateTimeFormatter ASIDE = DateTimeFormatter.ofPattern("'db.before-restore-'yyyyMMdd-HHmmss");

    private final AuditTrail audit;
    private final Clock clock;
    private final CourtRushProperties properties;
    private final Path dataDir;
    private final Path db;
    private final boolean available;

    DatabaseRestores(AuditTrail audit, Clock clock, CourtRushProperties properties, Environment environment) {
        this.audit = audit;
        this.clock = clock;
        this.properties = properties;
        this.dataDir = properties.dataDir().toAbsolutePath();
        this.db = dataDir.resolve("db");
        // only the data directory's own embedded database: another H2 URL is the operator's to restore
        String url = environment.getProperty("spring.datasource.url", "");
        this.available = EmbeddedDatabaseUrl.names(
                        url, properties.dataDir().resolve("db").resolve(BackupReader.DATABASE))
                || EmbeddedDatabaseUrl.names(url, db.resolve(BackupReader.DATABASE));
    }

    /** Whether this engine's database can be restored from the console (the embedded one in its data directory). */
    public boolean available() {
        return available;
    }

    /** The backup of that name in the backups folder; refused when there is none. */
    public Path backupNamed(String name) {
        Path file = dataDir.resolve("backups").resolve(name == null ? "" : name);
        if (name == null || !name.matches(DatabaseBackups.NAMES) || !Files.isRegularFile(file)) {
            throw CourtRushException.notFound("backup.unknown", name);
        }
        return file;
    }

    /** What {@code zip} holds, read from a copy restored into a folder of its own, deleted after. */
    public BackupContents inspect(Path zip) {
        requireAvailable();
        Path check = checkFolder();
        try {
            return BackupReader.restoreAndRead(zip, nameOf(zip), check);
        } finally {
            deleteTree(check);
        }
    }

    /**
     * Restores {@code zip} beside the database ({@code db.restoring}) and reads it there; answers the plan the console
     * carries out once it has stopped the engine.
     */
    public synchronized RestorePlan stage(Path zip, Caller by) {
        requireAvailable();
        Path staged = dataDir.resolve("db.restoring");
        deleteTree(staged);
        DataDirectory.prepare(staged);
        try {
            BackupContents contents = BackupReader.restoreAndRead(zip, nameOf(zip), staged);
            Release release = Release.current();
            if (contents.schema() > release.schema()) {
                // a newer release's data: this one would refuse to start on it (SPEC §23), after the swap
                throw CourtRushException.conflict(
                        "backup.newerRelease",
                        nameOf(zip),
                        String.valueOf(contents.madeBy()),
                        contents.schema(),
                        release.version(),
                        release.schema());
            }
            DataDirectory.tighten(staged);
            log.info("Backup {} restored beside the database, to be put in place at the engine's stop", zip);
            return new RestorePlan(nameOf(zip), contents, db, staged, asideFolder(), by.actor());
        } catch (RuntimeException e) {
            deleteTree(staged);
            throw e;
        }
    }

    /**
     * With the engine stopped: keeps the database folder aside and puts the restored one in its place, with a note
     * for the next start to record. When the restored one cannot be moved in, the database is moved back.
     */
    public static void putInPlace(RestorePlan plan) throws IOException {
        if (Files.exists(plan.db())) {
            Files.move(plan.db(), plan.aside());
        }
        try {
            Files.move(plan.staged(), plan.db());
        } catch (IOException e) {
            if (Files.exists(plan.aside()) && !Files.exists(plan.db())) {
                Files.move(plan.aside(), plan.db());
            }
            throw e;
        }
        Properties note = new Properties();
        note.setProperty("actor", plan.actor());
        note.setProperty("backup", plan.backup());
        note.setProperty("aside", plan.aside().getFileName().toString());
        StringWriter text = new StringWriter();
        note.store(text, "A restore for the next start to record in the audit");
        DataDirectory.writePrivately(plan.db().resolve(PENDING), text.toString());
        log.info(
                "Backup {} put in place of the database; the database before it kept as {}",
                plan.backup(),
                plan.aside());
    }

    /** The first start on a restored database records the restore (who, which backup), once. */
    @EventListener(ApplicationReadyEvent.class)
    void recordRestore() throws IOException {
        Path pending = db.resolve(PENDING);
        if (!available || !Files.isRegularFile(pending)) {
            return;
        }
        Properties note = new Properties();
        try (Reader in = Files.newBufferedReader(pending, StandardCharsets.UTF_8)) {
            note.load(in);
        }
        audit.record(
                note.getProperty("actor", "?"),
                AuditAction.RESTORE,
                AuditTarget.DATABASE,
                note.getProperty("backup", "?"),
                new EngineText("audit.restored", note.getProperty("aside", "?")));
        Files.delete(pending);
        log.info(
                "The engine runs on backup {} (restored by {}); the database before it is kept as {}",
                note.getProperty("backup"),
                note.getProperty("actor"),
                dataDir.resolve(note.getProperty("aside", "?")));
    }

    private void requireAvailable() {
        if (!available) {
            throw CourtRushException.badRequest("backup.external");
        }
    }

    private Path checkFolder() {
        try {
            return Files.createTempDirectory(dataDir, "restore-check-"); // 0700: a backup holds secrets
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot make a folder to read a backup in " + dataDir, e);
        }
    }

    private Path asideFolder() {
        LocalDateTime at = LocalDateTime.now(clock);
        Path aside = dataDir.resolve(at.format(ASIDE));
        while (Files.exists(aside)) {
            at = at.plusSeconds(1);
            aside = dataDir.resolve(at.format(ASIDE));
        }
        return aside;
    }

    private static String nameOf(Path zip) {
        return zip.getFileName().toString();
    }

    /** Deletes a folder of ours; one that cannot be deleted is said in the log (a next restore tries again). */
    private static void deleteTree(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path each : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(each);
            }
        } catch (IOException | UncheckedIOException e) {
            log.warn("Could not delete {} (a copy of a backup: delete it by hand)", folder, e);
        }
    }
}
