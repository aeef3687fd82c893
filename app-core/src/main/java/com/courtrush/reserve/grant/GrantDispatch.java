package com.courtrush.reserve.grant;

import com.courtrush.audit.AuditTrail;
import com.courtrush.reserve.recovery.TraceCompensator;
import com.courtrush.web.CourtRushException;
import com.courtrush.web.EngineText;
import com.courtrush.web.Outcome;
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
class GrantDispatch {

    private final ReservePublisher publisher;
    private final TraceCompensator compensator;

    GrantDispatch(ReservePublisher publisher, TraceCompensator compensator) {
        this.publisher = publisher;
        this.compensator = compensator;
    }

    /**
     * Completes once the broker has confirmed the grant (or the confirm timed out, leaving it to the
     * consumer, DLQ or reconciler); fails with FAILED if the broker refused it and its place was given back.
     */
    CompletableFuture<String> dispatch(ReserveMessage grant) {
        return publisher.publish(grant).thenApply(result -> {
            if (result.refused()) {
                compensator.compensate(grant, new EngineText("compensate.brokerRefused", result),
                        AuditTrail.SYSTEM_PUBLISHER);
                throw new CourtRushException(Outcome.FAILED, "reserve.publishRefused")
                        .withStatus(HttpStatus.SERVICE_UNAVAILABLE).withData(Map.of("traceId", grant.traceId()));
            }
            return grant.traceId();
        });
    }
}
