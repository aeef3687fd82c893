package com.courtrush.reserve.recover;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.reserve.api.DeadLetter;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.record.ReservePublisher;
import org.springframework.stereotype.Service;

/** Staff's hands on a dead letter: give its place back now, or put it back on the queue. */
@Service
public class DeadLetterActions {

    private final DeadLetterLog log;
    private final TraceCompensator compensator;
    private final ReservePublisher publisher;
    private final ReservationMapper reservations;
    private final AuditTrail audit;

    DeadLetterActions(
            DeadLetterLog log,
            TraceCompensator compensator,
            ReservePublisher publisher,
            ReservationMapper reservations,
            AuditTrail audit) {
        this.log = log;
        this.compensator = compensator;
        this.publisher = publisher;
        this.reservations = reservations;
        this.audit = audit;
    }

    /** Compensates now (idempotent): the place goes back unless the database already has the trace. */
    public DeadLetterSettlement compensate(String traceId, String actor) {
        DeadLetter entry = find(traceId);
        boolean compensated =
                compensator.compensate(DeadLetterLog.grantOf(entry), new EngineText("compensate.byStaff"), actor);
        DeadLetterSettlement settlement =
                compensated ? DeadLetterSettlement.COMPENSATED : DeadLetterSettlement.ALREADY_RECORDED;
        log.settled(traceId, settlement);
        return settlement;
    }

    /**
     * Publishes the message again, so the student gets the place after all — only while the trace is
     * neither recorded nor compensated; audited as {@code actor}'s.
     */
    public DeadLetterSettlement replay(String traceId, String actor) {
        DeadLetter entry = find(traceId);
        if (reservations.findByTrace(traceId) != null) {
            throw CourtRushException.conflict("deadLetter.settled", traceId);
        }
        if (publisher.publish(DeadLetterLog.grantOf(entry)).join().refused()) {
            throw CourtRushException.unavailable(null, "deadLetter.replayRefused");
        }
        log.settled(traceId, DeadLetterSettlement.REPLAYED);
        audit.record(actor, AuditAction.REPLAY, AuditTarget.TRACE, traceId);
        return DeadLetterSettlement.REPLAYED;
    }

    private DeadLetter find(String traceId) {
        DeadLetter entry = log.get(traceId);
        if (entry == null) {
            throw CourtRushException.notFound("deadLetter.notFound", traceId);
        }
        return entry;
    }
}
