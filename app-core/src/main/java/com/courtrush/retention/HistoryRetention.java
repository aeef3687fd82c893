package com.courtrush.retention;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.LockedRun;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.job.JobRun;
import com.courtrush.job.StaffJobs;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.StaffJob;
import com.courtrush.opening.OpeningService;
import com.courtrush.retention.api.RetentionRun;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * History kept on purpose (SPEC §20): every {@code courtrush.history.sweep-every}, on one node at a time, the
 * history past its retention goes — a student's notices ({@code NOTICE_DAYS}), the outbox's delivered rows
 * ({@code OUTBOX_DAYS}: staff alerts sent or given up, opening reminders sent), spent email codes ({@code
 * EMAIL_CODE_DAYS}), the audit trail ({@code AUDIT_DAYS}, archived to a dated file first: {@link AuditArchive}) and
 * the waits and offers of slots long played ({@code WAIT_DAYS}, their offers kept for the reports as daily
 * figures: {@link WaitsRolledUp}). A setting of 0 keeps that history for ever.
 *
 * <p>Off the hot path: never around an opening's flash time ({@link OpeningService#rushMeeting}); a batch of {@link #BATCH} rows a transaction, read from the oldest by id (the primary key: no table is
 * scanned for its old rows), a short pause between batches, at most {@link #MOST_BATCHES} batches of a kind a run
 * — a first run on years of history goes on at the next. Each removal is one transaction, so a crash loses nothing
 * but time: what was not removed is removed at the next run.
 *
 * <p>A manager's sweep now is a staff job ({@link JobKind#HISTORY_SWEEP}, issue 77): answered at once, it reports its
 * progress kind by kind ({@link #KINDS}), its result is the {@link RetentionRun}, its audit entry names the job, and
 * its failure is the job's.
 */
@Service
public class HistoryRetention {

    public static final int BATCH = 1000;
    static final int MOST_BATCHES = 50;
    static final String ACTOR = SystemActor.RETENTION.actor();
    /** The unit a sweep's progress is counted in: the kinds of history it sweeps (those kept for a while). */
    public static final String KINDS = "KINDS";

    private static final List<SettingKey> SWEPT = List.of(
            SettingKey.NOTICE_DAYS,
            SettingKey.OUTBOX_DAYS,
            SettingKey.EMAIL_CODE_DAYS,
            SettingKey.AUDIT_DAYS,
            SettingKey.WAIT_DAYS);

    private static final Logger log = LoggerFactory.getLogger(HistoryRetention.class);
    private static final Duration PAUSE = Duration.ofMillis(20);
    private static final Duration LEASE = Duration.ofMinutes(30);
    private static final Duration FIRST_RUN_AFTER = Duration.ofMinutes(5);

    private final RetentionMapper mapper;
    private final AppSettings settings;
    private final TransactionTemplate transactions;
    private final OpeningService openings;
    private final AuditArchive archive;
    private final WaitsRolledUp waits;
    private final AuditTrail audit;
    private final TaskScheduler scheduler;
    private final CourtRushProperties properties;
    private final Clock clock;
    private final LockedRun locked;
    private final StaffJobs jobs;
    private final AtomicReference<RetentionRun> last = new AtomicReference<>();

    HistoryRetention(
            RetentionMapper mapper,
            AppSettings settings,
            TransactionTemplate transactions,
            OpeningService openings,
            AuditArchive archive,
            WaitsRolledUp waits,
            AuditTrail audit,
            RedissonClient redisson,
            TaskScheduler scheduler,
            CourtRushProperties properties,
            Clock clock,
            StaffJobs jobs) {
        this.mapper = mapper;
        this.settings = settings;
        this.transactions = transactions;
        this.openings = openings;
        this.archive = archive;
        this.waits = waits;
        this.audit = audit;
        this.scheduler = scheduler;
        this.properties = properties;
        this.clock = clock;
        this.jobs = jobs;
        this.locked = new LockedRun(redisson.getLock(RedisKeys.RETENTION_LOCK), LEASE, "History retention sweep");
    }

    /** The first sweep a few minutes after the start (not in the start's own work), then every sweep-every. */
    @EventListener(ApplicationReadyEvent.class)
    void start() {
        try {
            scheduler.scheduleWithFixedDelay(
                    this::scheduled,
                    Instant.now(clock).plus(FIRST_RUN_AFTER),
                    properties.history().sweepEvery());
        } catch (TaskRejectedException stopping) {
            log.info("The history retention sweep was not scheduled: the engine is already stopping");
        }
    }

    void scheduled() {
        RetentionRun run = sweep(ACTOR, null);
        logged(run);
    }

    /** A manager sweeps now, through their desk: a job, answered at once (the one running, if a sweep job runs). */
    public StaffJob<RetentionRun> sweepNow(Caller manager) {
        return jobs.start(JobKind.HISTORY_SWEEP, manager, RetentionRun.class, job -> {
            RetentionRun run = sweep(job.startedBy(), job);
            logged(run);
            return run;
        });
    }

    /** A sweep job as it stands, its result the run; 404 for no sweep job of that id. */
    public StaffJob<RetentionRun> sweepJob(String id) {
        return jobs.find(id, JobKind.HISTORY_SWEEP, RetentionRun.class);
    }

    private static void logged(RetentionRun run) {
        if (run.skipped() == null && run.removedInAll() > 0) {
            log.info(
                    "History past its retention removed: {}{} in {} ms{}",
                    run.removed(),
                    run.archive() == null ? "" : ", audit archived to " + run.archive(),
                    run.tookMs(),
                    run.more() ? "; more is left for the next run" : "");
        }
    }

    /** The last run this node made or tried (null before the first). */
    public RetentionRun last() {
        return last.get();
    }

    /**
     * Sweeps now, on this node, if no other node is sweeping and no opening's rush is near; answers what was
     * removed, or why nothing was tried. The scheduled sweep ({@code job} null) leaves a failure to the lock's run,
     * which logs it (the next run tries again); a job's failure is thrown, once the lock is let go, to be the job's.
     */
    private RetentionRun sweep(String actor, JobRun job) {
        LocalDateTime now = LocalDateTime.now(clock);
        RetentionRun run;
        if (rushNear(now)) {
            run = RetentionRun.skipped(now, RetentionRun.RUSH);
        } else {
            AtomicReference<RetentionRun> done = new AtomicReference<>();
            AtomicReference<RuntimeException> failed = new AtomicReference<>();
            boolean ran = locked.ifFree(() -> {
                if (job == null) {
                    done.set(run(now, actor, null));
                    return;
                }
                try {
                    done.set(run(now, actor, job));
                } catch (RuntimeException e) {
                    failed.set(e);
                }
            });
            run = done.get() != null
                    ? done.get()
                    : RetentionRun.skipped(now, ran ? RetentionRun.FAILED : RetentionRun.ELSEWHERE);
            if (failed.get() != null) {
                last.set(run);
                throw failed.get();
            }
        }
        last.set(run);
        return run;
    }

    private RetentionRun run(LocalDateTime now, String actor, JobRun job) {
        long started = System.nanoTime();
        long kinds = SWEPT.stream().filter(key -> days(key) != null).count();
        Progress progress = new Progress(job, kinds);
        Map<String, Long> removed = new LinkedHashMap<>();
        boolean more = false;
        String archived = null;

        Integer noticeDays = days(SettingKey.NOTICE_DAYS);
        if (noticeDays != null) {
            Swept notices =
                    byId(after -> mapper.notices(after, BATCH), row -> false, now.minusDays(noticeDays), ids -> {
                        mapper.removeWechatDeliveries(ids);
                        return mapper.removeNotices(ids);
                    });
            removed.put(RetentionRun.NOTICES, notices.removed());
            more |= notices.more();
            progress.kindSwept();
        }
        Integer outboxDays = days(SettingKey.OUTBOX_DAYS);
        if (outboxDays != null) {
            LocalDateTime before = now.minusDays(outboxDays);
            Swept alerts = byId(
                    after -> mapper.staffAlerts(after, BATCH),
                    row -> "PENDING".equals(row.kept()),
                    before,
                    mapper::removeStaffAlerts);
            Swept reminders = limited(batch -> mapper.removeRemindersSent(before, batch));
            removed.put(RetentionRun.OUTBOX, alerts.removed() + reminders.removed());
            more |= alerts.more() || reminders.more();
            progress.kindSwept();
        }
        Integer codeDays = days(SettingKey.EMAIL_CODE_DAYS);
        if (codeDays != null) {
            LocalDateTime before = now.minusDays(codeDays);
            Swept codes = limited(batch -> mapper.removeEmailCodes(before, batch));
            removed.put(RetentionRun.EMAIL_CODES, codes.removed());
            more |= codes.more();
            progress.kindSwept();
        }
        Integer auditDays = days(SettingKey.AUDIT_DAYS);
        if (auditDays != null) {
            AuditArchive.Archived audited = archive.archiveAndRemove(now.minusDays(auditDays), BATCH, MOST_BATCHES);
            removed.put(RetentionRun.AUDIT, audited.removed());
            more |= audited.more();
            archived = audited.file();
            progress.kindSwept();
        }
        Integer waitDays = days(SettingKey.WAIT_DAYS);
        if (waitDays != null) {
            Swept ended = waits.rollUpAndRemove(now.toLocalDate().minusDays(waitDays), BATCH, MOST_BATCHES);
            removed.put(RetentionRun.WAITS, ended.removed());
            more |= ended.more();
            progress.kindSwept();
        }
        RetentionRun run = new RetentionRun(
                now, Duration.ofNanos(System.nanoTime() - started).toMillis(), removed, archived, more, null);
        if (run.removedInAll() > 0) {
            if (job == null) {
                audit.record(actor, AuditAction.SWEEP_HISTORY, AuditTarget.DATABASE, "-", run.inWords());
            } else {
                audit.record(actor, AuditAction.SWEEP_HISTORY, AuditTarget.JOB, job.id(), run.inWords());
            }
        }
        return run;
    }

    /** A retention in days, or null when that history is kept for ever (0). */
    private Integer days(SettingKey key) {
        int days = settings.getInt(key, 0);
        return days == 0 ? null : days;
    }

    private boolean rushNear(LocalDateTime now) {
        return rushNear(openings, now);
    }

    /** Whether an opening that is not closed flashes soon or did a moment ago: no upkeep of the history then. */
    static boolean rushNear(OpeningService openings, LocalDateTime now) {
        return openings.rushMeeting(now, now).isPresent();
    }

    /**
     * Removes, oldest first by id, the rows made before {@code before} that {@code kept} does not keep: a batch read
     * after the last id seen, its removable ids removed in one transaction, until a row made since {@code before}
     * (rows are made in time order) or the run's last batch.
     */
    private Swept byId(
            LongFunction<List<RetentionMapper.Stamped>> batch,
            Predicate<RetentionMapper.Stamped> kept,
            LocalDateTime before,
            ToIntFunction<List<Long>> remove) {
        long after = 0;
        long removed = 0;
        for (int round = 0; round < MOST_BATCHES; round++) {
            List<RetentionMapper.Stamped> rows = batch.apply(after);
            List<Long> gone = new ArrayList<>();
            boolean reachedKept = false;
            for (RetentionMapper.Stamped row : rows) {
                if (!row.at().isBefore(before)) {
                    reachedKept = true;
                    break;
                }
                after = row.id();
                if (!kept.test(row)) {
                    gone.add(row.id());
                }
            }
            if (!gone.isEmpty()) {
                removed += transactions.execute(status -> remove.applyAsInt(gone));
            }
            if (reachedKept || rows.size() < BATCH) {
                return new Swept(removed, false);
            }
            pause();
        }
        return new Swept(removed, true);
    }

    /** Removes by a statement that takes at most a batch, until one takes less or the run's last batch. */
    private Swept limited(java.util.function.IntUnaryOperator removeBatch) {
        long removed = 0;
        for (int round = 0; round < MOST_BATCHES; round++) {
            int gone = transactions.execute(status -> removeBatch.applyAsInt(BATCH));
            removed += gone;
            if (gone < BATCH) {
                return new Swept(removed, false);
            }
            pause();
        }
        return new Swept(removed, true);
    }

    static void pause() {
        try {
            Thread.sleep(PAUSE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("The history retention sweep was interrupted", e);
        }
    }

    /** What a kind's sweep removed, and whether it stopped with more to remove. */
    record Swept(long removed, boolean more) {}

    /** A job's progress, kind by kind (none for the scheduled sweep): 0 of the kinds at its start, then each swept. */
    private static final class Progress {

        private final JobRun job;
        private final long kinds;
        private long swept;

        Progress(JobRun job, long kinds) {
            this.job = job;
            this.kinds = kinds;
            report();
        }

        void kindSwept() {
            swept++;
            report();
        }

        private void report() {
            if (job != null) {
                job.progress(swept, kinds, KINDS);
            }
        }
    }
}
