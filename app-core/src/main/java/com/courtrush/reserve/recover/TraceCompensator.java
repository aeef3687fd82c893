package com.courtrush.reserve.recover;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.core.Rehearsal;
import com.courtrush.opening.OpeningService;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.pass.BookingPasses;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.statistics.ReserveMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * Settles a granted place that will never be recorded: broker refusal, dead letter, reconciler.
 *
 * <p>The claim is the database's: a CANCELLED/COMPENSATION row with the trace id is inserted first.
 * Whoever inserts a row with that trace id first — the consumer or a compensation — wins, by the
 * unique key; a late consumer then finds the tombstone and cannot turn the trace into a booking,
 * and a second compensation finds it and does nothing. Only the winner gives the place back, after
 * its insert committed, through {@link StockReleaser}.
 */
@Component
public class TraceCompensator {

    private static final Logger log = LoggerFactory.getLogger(TraceCompensator.class);

    private final ReservationMapper reservations;
    private final StockReleaser releaser;
    private final OpeningService openings;
    private final AuditTrail audit;
    private final ReserveMetrics metrics;
    private final BookingPasses passes;

    TraceCompensator(
            ReservationMapper reservations,
            StockReleaser releaser,
            OpeningService openings,
            AuditTrail audit,
            ReserveMetrics metrics,
            BookingPasses passes) {
        this.passes = passes;
        this.reservations = reservations;
        this.releaser = releaser;
        this.openings = openings;
        this.audit = audit;
        this.metrics = metrics;
    }

    /**
     * Compensates a grant; false when the database already had the trace: recorded (Redis keeps the
     * place) or given up earlier by another path (Redis gives back whatever it still holds of it).
     */
    public boolean compensate(ReserveMessage grant, EngineText reason, String actor) {
        if (Rehearsal.isRehearsal(grant.sessionId())) {
            // nothing of a rehearsal is in the database (decision 28): its place goes back in Redis alone, never a
            // tombstone for a slot no table has, an audit entry or a meter the desk would read
            boolean released = releaser.releaseRehearsal(grant);
            log.debug("Rehearsal grant {} given back in Redis ({}): {}", grant.traceId(), released, reason);
            return false;
        }
        if (!claim(grant, reason, null)) {
            Reservation existing = reservations.findByTrace(grant.traceId());
            if (existing != null && existing.compensated()) {
                giveBack(grant, true);
            } else {
                releaser.forget(grant);
            }
            return false;
        }
        boolean released = giveBack(grant, false);
        passes.giveBack(grant.sessionId(), grant.userId(), grant.traceId()); // the grant ended FAILED
        audit.record(
                actor,
                AuditAction.COMPENSATE,
                AuditTarget.TRACE,
                grant.traceId(),
                new EngineText(
                        released ? "audit.compensated" : "audit.compensatedNothingHeld",
                        reason,
                        grant.userId(),
                        grant.slotId()));
        metrics.compensated(actor);
        log.warn(
                "Compensated trace {} (user {}, slot {}): {}{}",
                grant.traceId(),
                grant.userId(),
                grant.slotId(),
                reason,
                released ? "" : " — Redis held nothing for it");
        return true;
    }

    /**
     * Returns what Redis holds of the grant — unless the student holds the slot in the database by
     * another trace (a retry after Redis lost this one): Redis's place is that booking's, and only
     * this trace's pending record and in-flight entry go.
     */
    private boolean giveBack(ReserveMessage grant, boolean again) {
        if (reservations.holds(grant.slotId(), grant.userId())) {
            releaser.forget(grant);
            return false;
        }
        return again
                ? releaser.releaseAgain(grant)
                : releaser.release(grant.sessionId(), grant.slotId(), grant.userId(), grant);
    }

    /**
     * The database refused the grant (slot full, disabled, or the student already holds it by
     * another trace): Redis disagreed with the database, so the opening is re-synced from it
     * instead of returning a permit the database says does not exist. The trace's pending record goes first (a
     * re-sync counts what is in flight as held) and its tombstone last: a student who reads FAILED finds the
     * opening already as the database has it, and meanwhile reads PENDING.
     */
    public void refusedByDatabase(ReserveMessage grant, Outcome refusal, EngineText reason) {
        if (Rehearsal.isRehearsal(grant.sessionId())) {
            releaser.releaseRehearsal(grant);
            return;
        }
        releaser.forget(grant);
        log.warn(
                "Database refused trace {} (user {}, slot {}): {}; re-syncing opening {}",
                grant.traceId(),
                grant.userId(),
                grant.slotId(),
                reason,
                grant.sessionId());
        openings.resync(grant.sessionId(), AuditTrail.SYSTEM_CONSUMER);
        if (claim(grant, reason, refusal)) {
            passes.giveBack(grant.sessionId(), grant.userId(), grant.traceId());
            audit.record(
                    AuditTrail.SYSTEM_CONSUMER,
                    AuditAction.COMPENSATE,
                    AuditTarget.TRACE,
                    grant.traceId(),
                    new EngineText("audit.refusedByDatabase", reason, grant.userId(), grant.slotId()));
            metrics.compensated(AuditTrail.SYSTEM_CONSUMER);
        }
    }

    /** {@code refusal}: what a database guard refused it as, kept for the student's result; null for a place lost. */
    private boolean claim(ReserveMessage grant, EngineText why, Outcome refusal) {
        String reason = why.toString();
        Reservation tombstone = new Reservation();
        tombstone.setTraceId(grant.traceId());
        tombstone.setUserId(grant.userId());
        tombstone.setSlotId(grant.slotId());
        tombstone.setSessionId(grant.sessionId());
        tombstone.setSlotDate(reservations.slotDateOf(grant.slotId()));
        tombstone.setStatus(ReservationStatus.CANCELLED);
        tombstone.setCancelReason(CancelReason.COMPENSATION);
        tombstone.setNote(reason.length() > 255 ? reason.substring(0, 255) : reason);
        tombstone.setHolderId(null);
        tombstone.setRefusal(refusal == null ? null : refusal.name());
        try {
            reservations.insert(tombstone);
            return true;
        } catch (DuplicateKeyException alreadyThere) {
            return false;
        }
    }
}
