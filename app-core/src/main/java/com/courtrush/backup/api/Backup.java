package com.courtrush.backup.api;

import java.time.Instant;

/**
 * One backup file: its name (in the backups folder), size, time and kind — a scheduled restore point or one staff
 * asked for; for the one just made, how long making it took (null for those listed).
 */
public record Backup(String name, long bytes, Instant modified, BackupKind kind, Long tookMs) {

    /** A backup listed: its kind as its name says. */
    public Backup(String name, long bytes, Instant modified) {
        this(name, bytes, modified, BackupKind.ofName(name), null);
    }
}
