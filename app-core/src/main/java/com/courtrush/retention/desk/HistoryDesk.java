package com.courtrush.retention.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.retention.HistoryRetention;
import com.courtrush.retention.api.RetentionRun;
import org.springframework.stereotype.Component;

/**
 * What staff do with the history kept (SPEC §20): see this node's last sweep, and — managers — sweep now (the same
 * sweep the engine runs every hour: one node at a time, never around an opening, at most so much a run).
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

    /** Sweeps now: what was removed, or why nothing was tried. */
    @ManagerOnly
    public RetentionRun sweepNow(Caller manager) {
        return retention.sweepNow(manager);
    }
}
