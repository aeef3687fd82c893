package com.courtrush.job.api;

import com.courtrush.core.EngineText;
import java.time.Instant;

/**
 * A long staff operation run in the background (issue 77): its id, its kind, who started it (as the audit names them),
 * where it stands, how far it got (null before its first report), its result once {@link JobState#DONE} (the kind's
 * own record) or its failure once {@link JobState#FAILED} (in the reader's language), when it started and ended
 * (null while running). Kept a day after it ends, on every node alike.
 *
 * @param <R> the kind's result: its own record, or — read without its kind's desk — that record as JSON
 */
public record StaffJob<R>(
        String id,
        JobKind kind,
        String startedBy,
        JobState state,
        JobProgress progress,
        R result,
        EngineText failure,
        Instant startedAt,
        Instant endedAt) {}
