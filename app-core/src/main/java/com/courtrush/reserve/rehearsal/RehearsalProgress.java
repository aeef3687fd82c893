package com.courtrush.reserve.rehearsal;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.reserve.api.RehearsalState;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Clock;
import java.time.LocalDateTime;
import org.springframework.stereotype.Component;

/**
 * Where the rehearsal stands ({@link RehearsalState}), for the console's status bar, and how busy the machine is: a
 * rehearsal on a machine whose cores are all taken by other work would only slow the node's own start and come out
 * uncompiled anyway, so it waits for the load to fall, and gives up when it does not (issue 70).
 */
@Component
public class RehearsalProgress {

    private final Clock clock;
    /** The load per core above which the machine counts as busy (a desk PC running the office's software). */
    private final double busyAbove;

    private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    private volatile RehearsalState state;

    RehearsalProgress(Clock clock, CourtRushProperties properties) {
        this.clock = clock;
        this.busyAbove = properties.reserve().rehearseBelowLoad();
        this.state = new RehearsalState(RehearsalState.Phase.OFF, -1, LocalDateTime.now(clock));
    }

    /** Where it stands now. */
    public RehearsalState state() {
        return state;
    }

    void moveTo(RehearsalState.Phase phase) {
        state = new RehearsalState(phase, loadPerCore(), LocalDateTime.now(clock));
    }

    /** The one-minute load average over the cores, or -1 where the system does not say. */
    double loadPerCore() {
        double load = os.getSystemLoadAverage();
        return load < 0 ? -1 : load / os.getAvailableProcessors();
    }

    boolean busy() {
        return loadPerCore() > busyAbove;
    }
}
