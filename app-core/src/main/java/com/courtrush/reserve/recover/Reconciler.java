package com.courtrush.reserve.recover;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outages;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.LockedRun;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisTime;
import com.courtrush.reserve.api.ReconcilerReport;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.record.RecordingOutages;
import com.courtrush.reserve.record.ReserveMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.protocol.ScoredEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * The safety net for grants that never reach the consumer: the process died between granting and
 * publishing, or a confirm timed out and the message was lost. Every
 * {@code courtrush.reserve.reconcile-interval} it compensates in-flight grants older than
 * {@code courtrush.reserve.reconcile-horizon} through {@link TraceCompensator}, whose database
 * claim keeps a late consumer from turning such a trace into a booking.
 */
@Component
public class Reconciler {

    private static final Logger log = LoggerFactory.getLogger(Reconciler.class);
    private static final int BATCH = 500;

    private static final Duration LEASE = Duration.ofMinutes(5);
    /** A recorded grant younger than this is its consumer's to forget (it does, just after its commit). */
    private static final Duration RECORDED_GRACE = Duration.ofSeconds(5);

    private final InflightGrants grants;
    private final RScript script;
    private final LockedRun locked;
    private final RedissonClient redisson;
    private final TraceCompensator compensator;
    private final ReservationMapper reservations;
    private final StockReleaser releaser;
    private final RecordingOutages outages;
    private final TaskScheduler scheduler;
    private final CourtRushProperties properties;
    private final AuditTrail audit;

    Reconciler(
            RedissonClient redisson,
            InflightGrants grants,
            TraceCompensator compensator,
            ReservationMapper reservations,
            StockReleaser releaser,
            RecordingOutages outages,
            TaskScheduler scheduler,
            CourtRushProperties properties,
            AuditTrail audit) {
        this.outages = outages;
        this.audit = audit;
        this.reservations = reservations;
        this.releaser = releaser;
        this.redisson = redisson;
        this.grants = grants;
        this.script = redisson.getScript();
        this.locked = new LockedRun(redisson.getLock(RedisKeys.RECONCILER_LOCK), LEASE, "Reconciler run");
        this.compensator = compensator;
        this.scheduler = scheduler;
        this.properties = properties;
    }

    /**
     * The first run waits one horizon: after a crash (or a long stop) the grants in flight are older
     * than the horizon, yet their messages may be safe in the broker's store; the consumers get that
     * long to record them before anything is given up as lost.
     */
    @EventListener(ApplicationReadyEvent.class)
    void start() {
        try {
            int forgotten = forgetRecorded();
            if (forgotten > 0) {
                log.info(
                        "{} in-flight grant(s) were already in the database (a crash between recording and "
                                + "forgetting them); forgotten",
                        forgotten);
            }
        } catch (RuntimeException e) {
            log.error(
                    "Start-up check of the in-flight grants against the database failed; the reconciler settles "
                            + "them after its horizon",
                    e);
        }
        try {
            scheduler.scheduleWithFixedDelay(
                    this::runLocked,
                    Instant.now().plus(properties.reserve().reconcileHorizon()),
                    properties.reserve().reconcileInterval());
        } catch (TaskRejectedException stopping) {
            // stopped as soon as it was ready (a SIGTERM right after start): there is nothing left to schedule for
            log.info("The reconciler was not scheduled: the engine is already stopping");
        }
    }

    void runLocked() {
        locked.ifFree(this::reconcile);
    }

    /**
     * Settles the in-flight grants the database already has, whatever their age: what a crash
     * between recording a grant and forgetting it leaves (forgotten), or between compensating it and
     * giving its place back (given back), or a Redis restored from a file that kept a grant but not
     * its removal. Returns how many.
     */
    int forgetRecorded() {
        return forgetRecorded(Duration.ZERO);
    }

    /** The same for grants decided at least {@code age} ago (a consumer forgets its own just after its commit). */
    private int forgetRecorded(Duration age) {
        int forgotten = 0;
        for (long sessionId : grants.openings()) {
            double decidedBefore =
                    age.isZero() ? Double.POSITIVE_INFINITY : RedisTime.nowMillis(script, sessionId) - age.toMillis();
            forgotten += forgetRecorded(grants.of(sessionId), decidedBefore);
        }
        return forgotten;
    }

    private int forgetRecorded(RScoredSortedSet<String> inflight, double decidedBefore) {
        int forgotten = 0;
        int offset = 0;
        Collection<ScoredEntry<String>> page;
        do {
            page = inflight.entryRange(Double.NEGATIVE_INFINITY, true, decidedBefore, true, offset, BATCH);
            List<ReserveMessage> grants = page.stream()
                    .map(entry -> ReserveMessage.fromInflight(
                            entry.getValue(), entry.getScore().longValue()))
                    .toList();
            Set<String> known = grants.isEmpty()
                    ? Set.of()
                    : new HashSet<>(reservations.knownTraces(
                            grants.stream().map(ReserveMessage::traceId).toList()));
            List<ReserveMessage> settled = grants.stream()
                    .filter(grant -> known.contains(grant.traceId()))
                    .toList();
            // recorded: forgotten; compensated (a crash between its claim and its release): given back
            settled.forEach(grant -> compensator.compensate(
                    grant, new EngineText("compensate.settledBeforeRestart"), AuditTrail.SYSTEM_RECONCILER));
            forgotten += settled.size();
            offset += page.size() - settled.size();
        } while (page.size() == BATCH);
        return forgotten;
    }

    /**
     * One pass: settles every in-flight grant the database already has (safe at any time: what a
     * consumer recorded while Redis could not be told is read SUCCESS again within one interval),
     * then compensates every in-flight grant older than the horizon — unless consumers (of any node)
     * met an outage within the horizon: they are still recording what the broker kept.
     */
    /** {@link #reconcile()} run now by {@code actor} (staff, at the desk): audited with what it did. */
    public ReconcilerReport reconcileFor(String actor) {
        ReconcilerReport report = reconcile();
        audit.record(
                actor,
                AuditAction.RECONCILE_GRANTS,
                AuditTarget.DATABASE,
                "-",
                new EngineText(
                        "audit.grantsReconciled", report.compensated(), report.settled(), report.stillInFlight()));
        return report;
    }

    public ReconcilerReport reconcile() {
        long now = RedisTime.nowMillis(script);
        int settled;
        try {
            settled = forgetRecorded(RECORDED_GRACE);
        } catch (RuntimeException e) {
            if (!Outages.isUnreachable(e)) {
                throw e;
            }
            // an outage the consumers meet too: said once a run as what it is, not as the reconciler's failure
            log.warn("Reconciler run skipped: {}; the next run retries", Outages.describe(e));
            return new ReconcilerReport(Instant.ofEpochMilli(now), 0, 0, -1);
        }
        int compensated = 0;
        List<Long> openings = grants.openings();
        List<Long> toCompensate = openings;
        if (!outages.quiet()) {
            log.info(
                    "Reconciler: {} recorded grant(s) settled; giving back stale ones waits, as the consumers met an "
                            + "outage less than {} s ago and are still recording",
                    settled,
                    properties.reserve().reconcileHorizon().toSeconds());
            toCompensate = List.of();
        }
        for (long sessionId : toCompensate) {
            // grants are scored by the clock of the Redis that holds their opening (on a Cluster, its master's)
            long cutoff = RedisTime.nowMillis(script, sessionId)
                    - properties.reserve().reconcileHorizon().toMillis();
            RScoredSortedSet<String> inflight = grants.of(sessionId);
            Collection<ScoredEntry<String>> stale;
            do {
                stale = inflight.entryRange(Double.NEGATIVE_INFINITY, true, cutoff, true, 0, BATCH);
                for (ScoredEntry<String> entry : stale) {
                    ReserveMessage grant = ReserveMessage.fromInflight(
                            entry.getValue(), entry.getScore().longValue());
                    if (compensator.compensate(
                            grant,
                            new EngineText(
                                    "compensate.noRecord",
                                    properties.reserve().reconcileHorizon().toSeconds()),
                            AuditTrail.SYSTEM_RECONCILER)) {
                        compensated++;
                    } else {
                        settled++;
                    }
                }
            } while (stale.size() == BATCH);
        }
        ReconcilerReport report =
                new ReconcilerReport(Instant.ofEpochMilli(now), compensated, settled, grants.count(openings));
        redisson.getMap(RedisKeys.RECONCILER_LAST_RUN)
                .putAll(Map.of(
                        "time", Long.toString(now),
                        "compensated", Integer.toString(compensated),
                        "settled", Integer.toString(settled),
                        "inflight", Integer.toString(report.stillInFlight())));
        if (compensated > 0) {
            log.warn("Reconciler compensated {} stale grant(s)", compensated);
        }
        return report;
    }
}
