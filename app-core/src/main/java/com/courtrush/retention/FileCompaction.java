package com.courtrush.retention;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.infra.config.DailyJob;
import com.courtrush.infra.embedded.EmbeddedDatabaseFile;
import com.courtrush.infra.lifecycle.Maintenance;
import com.courtrush.job.StaffJobs;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.StaffJob;
import com.courtrush.opening.OpeningService;
import com.courtrush.retention.api.CompactionRun;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.rabbit.listener.RabbitListenerEndpointRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.stereotype.Component;

/**
 * The embedded database's file kept near its live size while the engine runs (SPEC §20, issue 77). H2 gives freed
 * space back only when the database is closed, and an engine that runs for months never closes it: after a retention
 * sweep a year's file stayed at 507 MB (67 MB compacted) and went into every backup. So at {@code
 * courtrush.history.compact-cron} (04:15 by default: after the night's backup, long before a day's openings), when the
 * file has grown by half since it was last compacted or at most two thirds of it is live, and no opening's flash time
 * is near, the engine closes the database for a few seconds and compacts it — and so it does when a manager asks
 * ({@link #compactNow}, a staff job):
 * <ol>
 *   <li>this node enters {@link Maintenance}: every request that needs the engine is answered 503 at once, in words,
 *       with when to ask again;
 *   <li>the consumers stop taking messages (what comes meanwhile waits in the broker, and is recorded after) and the
 *       connection pool gives no connection: those in use are given back within {@link #DRAIN}, or the compaction
 *       waits for the next night;
 *   <li>the file is compacted ({@link EmbeddedDatabaseFile}: about 3 s a gigabyte), and the pool, the consumers and the
 *       requests go on — the maintenance lasts at most {@link #DRAIN} and the compaction (said to callers as
 *       {@link #saidToLast}), and the audit says how long it was.
 * </ol>
 */
@Component
public class FileCompaction implements SchedulingConfigurer {

    /** The longest the compaction waits for the connections in use to be given back. */
    static final Duration DRAIN = Duration.ofSeconds(10);

    /** What a compaction is said to take for each gigabyte of the file (3.3 s were measured), at the least 5 s. */
    static final Duration PER_GIGABYTE = Duration.ofSeconds(4);

    static final String ACTOR = com.courtrush.audit.api.SystemActor.RETENTION.actor();
    private static final Logger log = LoggerFactory.getLogger(FileCompaction.class);

    private final ObjectProvider<EmbeddedDatabaseFile> file;
    private final DataSource dataSource;
    private final ObjectProvider<RabbitListenerEndpointRegistry> consumers;
    private final OpeningService openings;
    private final Maintenance maintenance;
    private final AuditTrail audit;
    private final StaffJobs jobs;
    private final Clock clock;
    private final String cron;

    FileCompaction(
            ObjectProvider<EmbeddedDatabaseFile> file,
            DataSource dataSource,
            ObjectProvider<RabbitListenerEndpointRegistry> consumers,
            OpeningService openings,
            Maintenance maintenance,
            AuditTrail audit,
            StaffJobs jobs,
            Clock clock,
            @Value("${courtrush.history.compact-cron:0 15 4 * * *}") String cron) {
        this.file = file;
        this.dataSource = dataSource;
        this.consumers = consumers;
        this.openings = openings;
        this.maintenance = maintenance;
        this.audit = audit;
        this.jobs = jobs;
        this.clock = clock;
        this.cron = cron;
    }

    @Override
    public void configureTasks(ScheduledTaskRegistrar tasks) {
        if (file.getIfAvailable() != null) {
            DailyJob.register(tasks, cron, clock, this::nightly);
        }
    }

    void nightly() {
        if (HistoryRetention.rushNear(openings, LocalDateTime.now(clock))) {
            log.info("The embedded database was not compacted tonight: an opening's flash time is near");
            return;
        }
        compactIfGrown();
    }

    /**
     * Compacts the embedded database's file now if it is worth it — grown by half since it was last compacted, or over
     * {@code compact-over} with at most two thirds of it live (a retention sweep freed the rest): what was done, or
     * empty when nothing was (not embedded, not worth it, a connection not given back in time, the file not compacted:
     * the log says which).
     */
    public Optional<EmbeddedDatabaseFile.Compacted> compactIfGrown() {
        EmbeddedDatabaseFile keeper = file.getIfAvailable();
        if (keeper == null || !keeper.worthCompacting(liveShare())) {
            return Optional.empty();
        }
        return closedAndCompacted(keeper, "night's upkeep", ACTOR).compacted();
    }

    /**
     * Compacts the file now for a manager, as a staff job answered at once (issue 77: after a sweep, the file given back
     * without a restart): its result says the sizes and how long requests were told "maintenance", or why it was not
     * made.
     */
    public StaffJob<CompactionRun> compactNow(Caller manager) {
        return jobs.start(JobKind.DATABASE_COMPACTION, manager, CompactionRun.class, job -> {
            LocalDateTime now = LocalDateTime.now(clock);
            EmbeddedDatabaseFile keeper = file.getIfAvailable();
            if (keeper == null) {
                return CompactionRun.skipped(now, CompactionRun.NOT_EMBEDDED);
            }
            if (HistoryRetention.rushNear(openings, now)) {
                return CompactionRun.skipped(now, CompactionRun.RUSH);
            }
            Closed closed = closedAndCompacted(keeper, "manager's request", job.startedBy());
            return closed.compacted()
                    .map(done -> new CompactionRun(
                            now, done.before(), done.after(), closed.took().toMillis(), null))
                    .orElseGet(() -> CompactionRun.skipped(now, closed.skipped()));
        });
    }

    /** A compaction job as it stands, its result the run; 404 for no compaction job of that id. */
    public StaffJob<CompactionRun> compactionJob(String id) {
        return jobs.find(id, JobKind.DATABASE_COMPACTION, CompactionRun.class);
    }

    /** What closing the database for a compaction came to: the compaction, or why none; how long it was closed. */
    private record Closed(Optional<EmbeddedDatabaseFile.Compacted> compacted, String skipped, Duration took) {}

    /** The steps of the class's comment; the audit names {@code actor} and says how long requests were turned away. */
    private Closed closedAndCompacted(EmbeddedDatabaseFile keeper, String when, String actor) {
        HikariPoolMXBean pool = pool();
        if (pool == null) {
            return new Closed(Optional.empty(), CompactionRun.FAILED, Duration.ZERO);
        }
        if (!maintenance.begin(Maintenance.Kind.COMPACTION, "compacting the database", saidToLast(keeper.size()))) {
            return new Closed(Optional.empty(), CompactionRun.BUSY, Duration.ZERO);
        }
        long started = System.nanoTime();
        RabbitListenerEndpointRegistry listeners = consumers.getIfAvailable();
        Optional<EmbeddedDatabaseFile.Compacted> done = Optional.empty();
        String skipped = CompactionRun.FAILED;
        try {
            if (listeners != null) {
                listeners.stop(); // a message in hand is finished first
            }
            pool.suspendPool();
            try {
                pool.softEvictConnections();
                if (drained(pool)) {
                    done = keeper.compact(when);
                } else {
                    skipped = CompactionRun.BUSY;
                    log.warn(
                            "The embedded database was not compacted ({}): {} connection(s) still in use after {} s; "
                                    + "tried again at the next chance",
                            when,
                            pool.getActiveConnections(),
                            DRAIN.toSeconds());
                }
            } finally {
                pool.resumePool();
            }
        } finally {
            if (listeners != null) {
                listeners.start();
            }
            maintenance.end(Maintenance.Kind.COMPACTION);
        }
        Duration closed = Duration.ofNanos(System.nanoTime() - started);
        done.ifPresent(compacted -> audit.record(
                actor,
                AuditAction.COMPACT_DATABASE,
                AuditTarget.DATABASE,
                "-",
                new EngineText(
                        "audit.compacted",
                        compacted.before() >> 20,
                        compacted.after() >> 20,
                        String.format(Locale.ROOT, "%.1f", closed.toMillis() / 1000.0))));
        return new Closed(done, done.isPresent() ? null : skipped, closed);
    }

    /**
     * The share of the file that holds live pages, from H2's own counters (the chunks' share of the file times the live
     * share of the chunks); 1 when they cannot be read — then only growth makes a compaction worth it.
     */
    private double liveShare() {
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "select setting_name, setting_value from"
                                + " information_schema.settings where setting_name in ('info.FILL_RATE', 'info.CHUNKS_FILL_RATE')")) {
            double share = 1;
            int read = 0;
            while (rows.next()) {
                share *= Integer.parseInt(rows.getString(2)) / 100.0;
                read++;
            }
            return read == 2 ? share : 1;
        } catch (SQLException | NumberFormatException e) {
            log.warn("The embedded database's live share could not be read: {}", e.toString());
            return 1;
        }
    }

    /** The latest the maintenance is said to end, for a file of {@code bytes}: the drain and the compaction. */
    static Duration saidToLast(long bytes) {
        long perGigabyte = PER_GIGABYTE.toMillis() * bytes / (1L << 30);
        return DRAIN.plus(Duration.ofMillis(Math.max(5_000, perGigabyte)));
    }

    private HikariPoolMXBean pool() {
        try {
            HikariDataSource hikari = dataSource.unwrap(HikariDataSource.class);
            if (!hikari.isAllowPoolSuspension()) {
                log.warn("The embedded database's pool cannot be held off (allow-pool-suspension): not compacted");
                return null;
            }
            return hikari.getHikariPoolMXBean();
        } catch (SQLException notHikari) {
            log.warn("The embedded database's pool is not Hikari's: not compacted while running", notHikari);
            return null;
        }
    }

    private static boolean drained(HikariPoolMXBean pool) {
        long until = System.nanoTime() + DRAIN.toNanos();
        while (pool.getActiveConnections() > 0 && System.nanoTime() < until) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        pool.softEvictConnections(); // those given back meanwhile
        return pool.getActiveConnections() == 0;
    }
}
