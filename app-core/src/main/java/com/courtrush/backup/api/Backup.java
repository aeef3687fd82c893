package com.courtrush.backup.api;

import java.time.Instant;

/**
 * One backup file: its name (in the backups folder), size and time; for the one just made, how long making it took
 * (null for those listed).
 */
public record Backup(String name, long bytes, Instant modified, Long tookMs) {

    public Backup(String name, long bytes, Instant modified) {
        this(name, bytes, modified, null);
    }
}
