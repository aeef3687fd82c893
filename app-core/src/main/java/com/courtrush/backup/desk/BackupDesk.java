package com.courtrush.backup.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.backup.DatabaseBackups;
import com.courtrush.backup.DatabaseRestores;
import com.courtrush.backup.api.Backup;
import com.courtrush.backup.api.BackupContents;
import com.courtrush.backup.api.RestorePlan;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with backups of the embedded database: whether it can, make one now,
 * list them, and restore one (a manager: read what it holds, make it ready, and — with the engine stopped — put it
 * in place).
 */
@Component
public class BackupDesk {

    private final DatabaseBackups backups;
    private final DatabaseRestores restores;

    public BackupDesk(DatabaseBackups backups, DatabaseRestores restores) {
        this.backups = backups;
        this.restores = restores;
    }

    /** Whether this engine backs its database up (the embedded one); an external one is backed up by its own means. */
    public boolean available() {
        return backups.available();
    }

    /**
     * Backs up now, on demand: answers the new backup, kept apart from the scheduled restore points (which no number
     * of these pushes out); the oldest on-demand ones beyond their retention are deleted. At most one a minute on this
     * engine: sooner is refused (429) with when to try again.
     */
    public Backup backUp(Caller caller) {
        return backups.backUpOnDemand(caller.actor());
    }

    /** The backups there are, newest first. */
    public List<Backup> list() {
        return backups.list();
    }

    /** Whether the console can restore this engine's database (the embedded one in its data directory). */
    public boolean restoreAvailable() {
        return restores.available();
    }

    /** What the backup of that name (in the backups folder) holds, read from the backup itself. */
    @ManagerOnly
    public BackupContents inspect(String name, Caller by) {
        return restores.inspect(restores.backupNamed(name));
    }

    /** What a backup chosen from disk holds; a broken zip or another program's database is refused. */
    @ManagerOnly
    public BackupContents inspectFile(Path zip, Caller by) {
        return restores.inspect(zip);
    }

    /** Makes the backup of that name ready to be put in place: restored beside the database and read there. */
    @ManagerOnly
    public RestorePlan stageRestore(String name, Caller by) {
        return restores.stage(restores.backupNamed(name), by);
    }

    /** Makes a backup chosen from disk ready to be put in place. */
    @ManagerOnly
    public RestorePlan stageRestoreOfFile(Path zip, Caller by) {
        return restores.stage(zip, by);
    }

    /**
     * With the engine stopped (no engine, no bean: a static call on the data directory): keeps the database aside as
     * {@link RestorePlan#aside()} and puts the restored one in its place; the next start records it in the audit.
     */
    public static void putInPlace(RestorePlan plan) throws IOException {
        DatabaseRestores.putInPlace(plan);
    }
}
