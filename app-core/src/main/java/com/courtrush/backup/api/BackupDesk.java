package com.courtrush.backup.api;

import com.courtrush.backup.DatabaseBackups;
import java.util.List;
import org.springframework.stereotype.Component;

/** What the staff console does with backups of the embedded database: whether it can, make one now, list them. */
@Component
public class BackupDesk {

    private final DatabaseBackups backups;

    public BackupDesk(DatabaseBackups backups) {
        this.backups = backups;
    }

    /** Whether this engine backs its database up (the embedded one); an external one is backed up by its own means. */
    public boolean available() {
        return backups.available();
    }

    /** Backs up now; answers the new backup. Old ones beyond the retention are deleted. */
    public Backup backUp(String actor) {
        return backups.backUp(actor);
    }

    /** The backups there are, newest first. */
    public List<Backup> list() {
        return backups.list();
    }
}
