package com.courtrush.monitor.desk;

import com.courtrush.infra.lifecycle.Maintenance;
import com.courtrush.monitor.QueueMonitor;
import com.courtrush.monitor.RushHistory;
import com.courtrush.monitor.RushMonitor;
import com.courtrush.monitor.StartupReport;
import com.courtrush.monitor.SystemHealth;
import com.courtrush.monitor.api.DataDirectoryUsage;
import com.courtrush.monitor.api.LiveRush;
import com.courtrush.monitor.api.QueuesView;
import com.courtrush.monitor.api.RushTimeline;
import com.courtrush.reserve.api.RehearsalState;
import com.courtrush.reserve.rehearsal.RehearsalProgress;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.actuate.health.Status;
import org.springframework.stereotype.Component;

/**
 * What staff watch, at the console or over HTTP: the stack's health and the data directory, the students' address,
 * an opening's live rush and its history, the reserve queues, the node's rehearsal of its rush, a maintenance of its
 * own under way.
 */
@Component
public class MonitorDesk {

    private final SystemHealth health;
    private final StartupReport startup;
    private final RushMonitor rush;
    private final RushHistory history;
    private final QueueMonitor queues;
    private final RehearsalProgress rehearsal;
    private final Maintenance maintenance;
    private final Clock clock;

    public MonitorDesk(
            SystemHealth health,
            StartupReport startup,
            RushMonitor rush,
            RushHistory history,
            QueueMonitor queues,
            RehearsalProgress rehearsal,
            Maintenance maintenance,
            Clock clock) {
        this.rehearsal = rehearsal;
        this.maintenance = maintenance;
        this.clock = clock;
        this.health = health;
        this.startup = startup;
        this.rush = rush;
        this.history = history;
        this.queues = queues;
    }

    /** Actuator name → UP, DOWN or UNKNOWN. */
    public Map<String, Status> components() {
        return health.components();
    }

    /** What the data directory takes and what its disk has left. */
    public DataDirectoryUsage dataDirectory() {
        return health.dataDirectory();
    }

    /** The URL students use, once the server is up; null before. */
    public java.util.List<String> studentUrls() {
        return startup.studentUrls();
    }

    public String studentUrl() {
        return startup.studentUrl();
    }

    /** See {@link RushMonitor#rush}. */
    public LiveRush rush(long sessionId) {
        return rush.rush(sessionId);
    }

    /** The whole series of an opening and its summary (one Redis round trip and one count). */
    public RushTimeline history(long sessionId) {
        return history.of(sessionId);
    }

    /** Where this node's rehearsal of its rush stands (decision 28): waiting for a busy machine, done, skipped. */
    public RehearsalState rehearsal() {
        return rehearsal.state();
    }

    /**
     * The latest this node's maintenance under way ends, in the engine's wall time (issue 77: its embedded database
     * closed a few seconds at night to be compacted, every call that needs it waiting meanwhile); empty when none is.
     * A read of memory, never of the database: the console asks it every second.
     */
    public Optional<LocalDateTime> maintenanceUntil() {
        return maintenance
                .now()
                .filter(window -> window.kind() == Maintenance.Kind.COMPACTION)
                .map(window -> LocalDateTime.ofInstant(window.until(), clock.getZone()));
    }

    /** See {@link QueueMonitor#queues}. */
    public QueuesView queues() {
        return queues.queues();
    }
}
