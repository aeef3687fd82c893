package com.courtrush.retention.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.job.api.StaffJob;
import com.courtrush.retention.HistoryRetention;
import com.courtrush.retention.api.RetentionRun;
import org.springframework.stereotype.Component;

/**
 * What staff do with the history kept (SPEC §20): see this node's last sweep, and — managers — sweep now (the same
 * sweep the engine runs every hour: one node at a time, never around an opening, at most so much a run), as a staff
 * job followed until it ends.
 */
@Component
public class HistoryDesk {

    private final HistoryRetention retention;

    public HistoryDesk(HistoryRetention retention) {
        this.retention = retention;
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
}
