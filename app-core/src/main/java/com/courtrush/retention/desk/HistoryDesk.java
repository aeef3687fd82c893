package com.courtrush.retention.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.job.api.StaffJob;
import com.courtrush.retention.FileCompaction;
import com.courtrush.retention.HistoryRetention;
import com.courtrush.retention.api.CompactionRun;
import com.courtrush.retention.api.RetentionRun;
import org.springframework.stereotype.Component;

/**
 * What staff do with the history kept (SPEC §20): see this node's last sweep, and — managers — sweep now (the same
 * sweep the engine runs every hour: one node at a time, never around an opening, at most so much a run) and compact
 * the embedded database's file now, each as a staff job followed until it ends.
 */
@Component
public class HistoryDesk {

    private final HistoryRetention retention;
    private final FileCompaction compaction;

    public HistoryDesk(HistoryRetention retention, FileCompaction compaction) {
        this.retention = retention;
        this.compaction = compaction;
    }

    /** This node's last sweep, or null before its first. */
    public RetentionRun last() {
        return retention.last();
    }

    /**
     * Sweeps now, as a job answered at once: its result, once done, is what was removed or why nothing was tried. While
     * a sweep job runs (on any node), answers that one.
     */
    @ManagerOnly
    public StaffJob<RetentionRun> sweepNow(Caller manager) {
        return retention.sweepNow(manager);
    }

    /** A sweep job as it stands, its result the run; 404 for no sweep job of that id. */
    public StaffJob<RetentionRun> sweep(String jobId) {
        return retention.sweepJob(jobId);
    }

    /**
     * Compacts the embedded database's file now, as a job answered at once (after a sweep: its freed space given back
     * without a restart); the node answers "maintenance" meanwhile, for seconds. Its result says the sizes, or why it was
     * not made (not embedded, an opening's rush near, busy).
     */
    @ManagerOnly
    public StaffJob<CompactionRun> compactNow(Caller manager) {
        return compaction.compactNow(manager);
    }

    /** A compaction job as it stands; 404 for no compaction job of that id. */
    public StaffJob<CompactionRun> compaction(String jobId) {
        return compaction.compactionJob(jobId);
    }
}
