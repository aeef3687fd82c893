package com.courtrush.job;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outages;
import com.courtrush.infra.config.NodeName;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.JobProgress;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Service;

/**
 * Starts staff jobs and says where they stand (issue 77). A start claims its kind among the nodes (a second start
 * while one runs answers that one), keeps the job in Redis and hands it to this node's {@link JobThreads}; while it
 * runs, a heartbeat every {@link #HEARTBEAT} keeps its claim for {@link #LOST_AFTER}. A job still RUNNING in Redis
 * whose claim lapsed — its node stopped or died — reads {@link JobState#LOST}. A failure is said once in the log here,
 * and to staff in their language: a refusal as itself, anything else with the log's reference.
 */
@Service
public class StaffJobs {

    static final Duration HEARTBEAT = Duration.ofSeconds(5);
    static final Duration LOST_AFTER = Duration.ofSeconds(30);
    private static final Duration BUSY_RETRY = Duration.ofSeconds(30);
    private static final Logger log = LoggerFactory.getLogger(StaffJobs.class);

    private final JobStore store;
    private final JobThreads threads;
    private final TaskScheduler scheduler;
    private final ObjectMapper json;
    private final NodeName node;
    private final Clock clock;

    StaffJobs(
            JobStore store,
            JobThreads threads,
            TaskScheduler scheduler,
            ObjectMapper json,
            NodeName node,
            Clock clock) {
        this.store = store;
        this.threads = threads;
        this.scheduler = scheduler;
        this.json = json;
        this.node = node;
        this.clock = clock;
    }

    /**
     * Starts {@code work} as a job of {@code kind} for {@code by}, answered at once as it stands; or, when a job of
     * that kind runs already (on any node), answers that one.
     */
    public <R> StaffJob<R> start(JobKind kind, Caller by, Class<R> result, JobWork<R> work) {
        String id = UUID.randomUUID().toString();
        String running = store.claim(kind, id, LOST_AFTER);
        if (running != null) {
            return find(running, kind, result);
        }
        JobEntry job = JobEntry.started(id, kind, by.actor(), node.toString(), Instant.now(clock));
        store.create(job);
        ScheduledFuture<?> heartbeat = scheduler.scheduleAtFixedRate(
                () -> store.keepAlive(kind, id, LOST_AFTER), Instant.now(clock).plus(HEARTBEAT), HEARTBEAT);
        try {
            threads.execute(() -> run(job, work, heartbeat));
        } catch (RejectedExecutionException full) {
            heartbeat.cancel(false);
            CourtRushException busy = CourtRushException.unavailable(full, "job.busy", JobThreads.THREADS)
                    .withRetryAfter(BUSY_RETRY);
            store.save(job.failed(busy.text(), Instant.now(clock)));
            store.release(kind, id);
            throw busy;
        }
        return job.view(JobState.RUNNING, null);
    }

    /** The job of that id as it stands, its result as the kind's record; 404 for none of that kind. */
    public <R> StaffJob<R> find(String id, JobKind kind, Class<R> result) {
        JobEntry job = store.read(id);
        if (job == null || job.kind() != kind) {
            throw CourtRushException.notFound("job.notFound", id);
        }
        return shown(job, result);
    }

    /** The job of that id as it stands, its result as JSON (whatever its kind); 404 for none. */
    public StaffJob<Object> find(String id) {
        JobEntry job = store.read(id);
        if (job == null) {
            throw CourtRushException.notFound("job.notFound", id);
        }
        return shown(job, Object.class);
    }

    /** The recent jobs still kept, newest first, at most {@code limit}. */
    public List<StaffJob<Object>> recent(int limit) {
        return store.recent(limit).stream().map(job -> shown(job, Object.class)).toList();
    }

    private void run(JobEntry started, JobWork<?> work, ScheduledFuture<?> heartbeat) {
        Run run = new Run(started);
        JobEntry ended;
        try {
            Object result = work.run(run);
            ended = run.job.done(json.valueToTree(result), Instant.now(clock));
        } catch (RuntimeException e) {
            ended = run.job.failed(failure(started, e), Instant.now(clock));
        } finally {
            heartbeat.cancel(false);
        }
        store.save(ended);
        store.release(started.kind(), started.id());
    }

    /** The failure in the staff's words, said once in the log. */
    private static EngineText failure(JobEntry job, RuntimeException e) {
        if (e instanceof CourtRushException refused) {
            log.info("Staff job {} {} refused: {}", job.kind(), job.id(), refused.getMessage());
            return refused.text();
        }
        String reference = UUID.randomUUID().toString().substring(0, 8);
        if (Outages.isOutage(e)) {
            log.warn("Staff job {} {} stopped [{}]: {}", job.kind(), job.id(), reference, Outages.describe(e));
            return new EngineText("job.unavailable", reference);
        }
        log.error("Staff job {} {} failed [{}]", job.kind(), job.id(), reference, e);
        return new EngineText("job.failed", reference);
    }

    /** The job as staff see it: LOST when it is RUNNING in Redis but its node no longer says so. */
    private <R> StaffJob<R> shown(JobEntry job, Class<R> result) {
        if (job.state() == JobState.RUNNING && !store.alive(job.kind(), job.id())) {
            JobEntry again = store.read(job.id()); // it may have ended between the two reads
            if (again == null || again.state() == JobState.RUNNING) {
                return job.view(JobState.LOST, null);
            }
            job = again;
        }
        return job.view(job.state(), read(job.result(), result));
    }

    private <R> R read(JsonNode stored, Class<R> type) {
        if (stored == null || stored.isNull()) {
            return null;
        }
        if (type == Object.class) {
            return type.cast(stored);
        }
        try {
            return json.treeToValue(stored, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A staff job's result is not a " + type.getSimpleName(), e);
        }
    }

    /** A running job as its work sees it: each report of progress kept at once. */
    private final class Run implements JobRun {

        private volatile JobEntry job;

        Run(JobEntry job) {
            this.job = job;
        }

        @Override
        public String id() {
            return job.id();
        }

        @Override
        public String startedBy() {
            return job.startedBy();
        }

        @Override
        public void progress(long done, Long total, String unit) {
            job = job.progressed(new JobProgress(done, total, unit));
            store.save(job);
        }
    }
}
