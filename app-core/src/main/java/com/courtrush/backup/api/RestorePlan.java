package com.courtrush.backup.api;

import com.courtrush.backup.desk.BackupDesk;
import java.nio.file.Path;

/**
 * A restore made ready while the engine runs: the backup restored and read in {@code staged}, beside the database
 * folder {@code db}; once the engine has stopped, {@link BackupDesk#putInPlace} moves {@code db} aside to {@code aside}
 * and {@code staged} in its place, and the next start records the restore in the audit (by {@code actor}).
 *
 * @param backup   the backup's file name
 * @param contents what it holds
 * @param db       the embedded database's folder ({@code <data-dir>/db})
 * @param staged   the backup restored, waiting beside it
 * @param aside    where the current database is kept ({@code db.before-restore-<time>})
 * @param actor    who restores it, as the audit names them
 */
public record RestorePlan(String backup, BackupContents contents, Path db, Path staged, Path aside, String actor) {}
