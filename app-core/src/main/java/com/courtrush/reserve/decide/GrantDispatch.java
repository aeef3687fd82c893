package com.courtrush.reserve.decide;

import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.core.Rehearsal;
import com.courtrush.infra.config.BackgroundWork;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.record.ReservePublisher;
import com.courtrush.reserve.recover.TraceCompensator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Sends a place Redis granted — by a request's decision or by a fair draw — to the database's
 * queue: published with a confirm; a broker that refuses it (rare) has the place given back at
 * once, on the thread that brings the refusal, and the grant fails.
 */
@Component
class GrantDispatch implements GrantHandOff {

    private final ReservePublisher publisher;
    private final TraceCompensator compensator;
    private final BackgroundWork background;

    GrantDispatch(ReservePublisher publisher, TraceCompensator compensator, BackgroundWork background) {
        this.publisher = publisher;
        this.compensator = compensator;
        this.background = background;
    }

    /**
     * Completes once the broker has confirmed the grant (or the confirm timed out, leaving it to the
     * consumer, DLQ or reconciler); fails with FAILED if the broker refused it and its place was given back.
     */
    @Override
    public CompletableFuture<String> dispatch(ReserveMessage grant) {
        return publisher.publish(grant).thenApply(result -> settled(grant, result));
    }

    /** The same for many grants sent at once (a fair draw's winners), each with its own answer. */
    List<CompletableFuture<String>> dispatchAll(List<ReserveMessage> grants) {
        List<CompletableFuture<ReservePublisher.Result>> results = publisher.publishAll(grants);
        List<CompletableFuture<String>> settled = new ArrayList<>(grants.size());
        for (int i = 0; i < grants.size(); i++) {
            ReserveMessage grant = grants.get(i);
            settled.add(results.get(i).thenApply(result -> settled(grant, result)));
        }
        return settled;
    }

    /**
     * A grant Redis made after its request had been answered 503 (Redis paused, then resumed): never
     * published, its student never told; its place is given back now rather than by the reconciler.
     * (A late draw entry is kept: the student's next request finds it and follows its trace.)
     */
    @Override
    public void answeredTooLate(ReserveMessage grant) {
        // called on Redis's reply thread: the compensation's own Redis and database calls go elsewhere
        background.execute(() -> compensator.compensate(
                grant, new EngineText("compensate.answeredTooLate"), AuditTrail.SYSTEM_PUBLISHER));
    }

    private String settled(ReserveMessage grant, ReservePublisher.Result result) {
        if (result.refused()) {
            if (Rehearsal.isRehearsal(grant.sessionId())) {
                // nothing of a rehearsal is in the database to compensate: its keys go with it (decision 28)
                throw new CourtRushException(Outcome.FAILED, "reserve.publishRefused")
                        .withStatus(HttpStatus.SERVICE_UNAVAILABLE);
            }
            compensator.compensate(
                    grant,
                    new EngineText("compensate.notPassedOn", new EngineText("compensate.notPassedOn." + result.name())),
                    AuditTrail.SYSTEM_PUBLISHER);
            throw new CourtRushException(Outcome.FAILED, "reserve.publishRefused")
                    .withStatus(HttpStatus.SERVICE_UNAVAILABLE)
                    .withData(Map.of("traceId", grant.traceId()));
        }
        return grant.traceId();
    }
}
