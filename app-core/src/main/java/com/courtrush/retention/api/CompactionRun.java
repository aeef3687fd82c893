package com.courtrush.retention.api;

import java.time.LocalDateTime;

/**
 * One compaction of the embedded database's file while the engine runs (SPEC §20): when, the file's bytes before and
 * after, how long requests were answered "maintenance" — or, {@code skipped}, why it was not made: {@link #RUSH} (an
 * opening's rush is near), {@link #NOT_EMBEDDED} (the database is a server's, which keeps its own files), {@link
 * #BUSY} (a maintenance under way, or connections not given back in time: tried again at the next chance), {@link
 * #FAILED} (the log says why; the database works as it was).
 */
public record CompactionRun(LocalDateTime at, long beforeBytes, long afterBytes, long closedMs, String skipped) {

    public static final String RUSH = "RUSH";
    public static final String NOT_EMBEDDED = "NOT_EMBEDDED";
    public static final String BUSY = "BUSY";
    public static final String FAILED = "FAILED";

    public static CompactionRun skipped(LocalDateTime at, String why) {
        return new CompactionRun(at, 0, 0, 0, why);
    }
}
