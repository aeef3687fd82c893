package com.courtrush.backup.api;

import java.time.Instant;

/** One backup file: its name (in the backups folder), size and time. */
public record Backup(String name, long bytes, Instant modified) {}
