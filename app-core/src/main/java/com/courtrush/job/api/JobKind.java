package com.courtrush.job.api;

/**
 * What a staff job does: each kind's result is its feature's own record, and at most one job of a kind runs at a time
 * among the nodes (a second start answers the one running).
 */
public enum JobKind {
    /** A sweep of the history past its retention (SPEC §20): its result is {@code retention.api.RetentionRun}. */
    HISTORY_SWEEP,
    /** The embedded database's file compacted now (SPEC §20): its result is {@code retention.api.CompactionRun}. */
    DATABASE_COMPACTION
}
