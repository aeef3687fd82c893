package com.courtrush.reserve.grant;

import com.courtrush.audit.AuditTrail;
import com.courtrush.infra.CourtRushProperties;
import com.courtrush.infra.Futures;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.SessionState;
import com.courtrush.reserve.StockKeys;
import com.courtrush.reserve.pass.BookingPasses;
import com.courtrush.reserve.recovery.TraceCompensator;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import com.courtrush.web.CourtRushException;
import com.courtrush.web.EngineText;
import com.courtrush.web.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * The fast path of {@code POST /reserve/}: validate against the cached catalog, shed load locally,
 * answer a known sold-out slot from this node's memory, decide everything else in one Redis
 * script, then publish the winner; its answer follows the broker's confirm, written by the thread
 * that brings it (no request thread waits).
 */
@Service
public class ReserveService {

    private final SlotCatalog catalog;
    private final LoadShedder shedder;
    private final SoldOutFlags soldOut;
    private final ReserveScript script;
    private final ReservePublisher publisher;
    private final TraceCompensator compensator;
    private final Alternatives alternatives;
    private final OpeningRebuilds rebuilds;
    private final TraceIds traceIds;
    private final ReserveMetrics metrics;
    private final RushSeries series;
    private final CourtRushProperties properties;
    private final Clock clock;

    ReserveService(SlotCatalog catalog, LoadShedder shedder, SoldOutFlags soldOut, ReserveScript script,
            ReservePublisher publisher, TraceCompensator compensator, Alternatives alternatives,
            OpeningRebuilds rebuilds, TraceIds traceIds, ReserveMetrics metrics, RushSeries series,
            CourtRushProperties properties, Clock clock) {
        this.series = series;
        this.rebuilds = rebuilds;
        this.traceIds = traceIds;
        this.clock = clock;
        this.catalog = catalog;
        this.shedder = shedder;
        this.soldOut = soldOut;
        this.script = script;
        this.publisher = publisher;
        this.compensator = compensator;
        this.alternatives = alternatives;
        this.metrics = metrics;
        this.properties = properties;
    }

    /**
     * Decides in Redis and, for a granted place, publishes it: a refusal is thrown at once; the
     * returned future completes when the broker has confirmed the grant (or the confirm timed out,
     * leaving it to the consumer, DLQ or reconciler), or fails with FAILED if the broker refused it
     * and the place was given back. The grant is recorded asynchronously under its trace id.
     */
    public CompletableFuture<Accepted> reserve(long userId, long sessionId, long slotId, String clientIp,
            String bookingPass) {
        long started = System.nanoTime();
        CompletableFuture<Accepted> accepted;
        try {
            accepted = decide(userId, sessionId, slotId, clientIp, bookingPass);
        } catch (RuntimeException e) {
            metrics.request(sessionId, userId, outcomeOf(e), System.nanoTime() - started);
            throw e;
        }
        return accepted.whenComplete((granted, error) -> metrics.request(sessionId, userId,
                error == null ? Outcome.SUCCESS : outcomeOf(error), System.nanoTime() - started));
    }

    private static Outcome outcomeOf(Throwable error) {
        return Futures.cause(error) instanceof CourtRushException refused ? refused.outcome() : Outcome.ERROR;
    }

    private CompletableFuture<Accepted> decide(long userId, long sessionId, long slotId, String clientIp,
            String bookingPass) {
        shedder.admit(clientIp);
        SessionCatalog opening = catalog.session(sessionId).orElseThrow(() ->
                CourtRushException.badRequest("opening.notFound", sessionId));
        SlotInfo slot = opening.slot(slotId);
        if (slot == null) {
            throw CourtRushException.badRequest("reserve.slotNotInOpening", slotId, sessionId);
        }
        if (!slot.active()) {
            throw CourtRushException.badRequest("reserve.slotUnavailable", slotId);
        }
        if (slot.startedBy(LocalDateTime.now(clock))) {
            throw new CourtRushException(Outcome.UNGATED, "reserve.started").withData(Map.of("secondsToOpen", -1));
        }
        switch (soldOut.known(slotId, userId)) {
            case SOLD_OUT -> {
                metrics.soldOutLocally();
                throw outOfStock(opening, slot);
            }
            case HELD_BY_ASKER -> throw duplicate();
            case NOTHING -> {
            }
        }
        long ticket = soldOut.ticket(slotId);
        ReserveMessage grant = new ReserveMessage(traceIds.issue(userId, slotId, clock.instant()), userId, slotId,
                sessionId, 0);
        boolean passRequired = Boolean.TRUE.equals(opening.session().getBookingPass());
        ReserveScript.Decision decision = script.decide(grant, opening.session().getPerUserLimit(),
                StockKeys.expireAt(slot.slotDate(), properties.zone()), passRequired,
                passRequired && bookingPass != null && !bookingPass.isBlank() ? BookingPasses.hash(bookingPass.strip())
                        : null);
        switch (decision.verdict()) {
            case TOO_MANY_REQUESTS -> throw new CourtRushException(Outcome.TOO_MANY_REQUESTS,
                    "reserve.tooManyAttempts", properties.limits().perStudentPerMinute())
                    .withRetryAfter(Duration.ofMillis(Math.max(1, decision.value())));
            case UNGATED -> throw ungated(decision.value());
            case COLD -> throw cold(opening.session());
            case PASS_REQUIRED -> throw new CourtRushException(Outcome.PASS_REQUIRED, "reserve.passRequired");
            case DUP_REQ -> throw duplicate();
            case QUOTA_EXCEEDED -> throw new CourtRushException(Outcome.QUOTA_EXCEEDED, "reserve.quota", decision.value());
            case OUT_OF_STOCK -> {
                soldOut.markSoldOut(slotId, ticket, decision.holders());
                throw outOfStock(opening, slot);
            }
            case ACCEPTED -> {
                series.granted(sessionId, decision.redisNowMs());
                if (decision.value() == 0) {
                    soldOut.markSoldOut(slotId, ticket, decision.holders());
                }
                return publish(new ReserveMessage(grant.traceId(), userId, slotId, sessionId, decision.redisNowMs()));
            }
            default -> throw new IllegalStateException("Unknown verdict " + decision.verdict());
        }
    }

    private CompletableFuture<Accepted> publish(ReserveMessage grant) {
        // runs on the thread that brings the broker's answer; a refusal (rare) is compensated there
        return publisher.publish(grant).thenApply(result -> {
            if (result.refused()) {
                compensator.compensate(grant, new EngineText("compensate.brokerRefused", result),
                        AuditTrail.SYSTEM_PUBLISHER);
                throw new CourtRushException(Outcome.FAILED, "reserve.publishRefused")
                        .withStatus(HttpStatus.SERVICE_UNAVAILABLE).withData(Map.of("traceId", grant.traceId()));
            }
            return new Accepted(grant.traceId(), ResultStatus.PENDING);
        });
    }

    /**
     * Redis does not hold the opening. Not warmed up yet (or closed): it is not open, and says when it
     * opens. Live: Redis lost it — rebuilt now, and the student asked to try again in a moment.
     */
    private CourtRushException cold(ReserveSession session) {
        if (!session.getState().live()) {
            long millisToFlash = Duration.between(LocalDateTime.now(clock), session.getFlashTime()).toMillis();
            return ungated(session.getState() == SessionState.CLOSED ? -1 : Math.max(1, millisToFlash));
        }
        rebuilds.request(session.getId());
        return CourtRushException.unavailable(null, "reserve.rebuilding").withRetryAfter(OpeningRebuilds.RETRY_AFTER);
    }

    private CourtRushException outOfStock(SessionCatalog opening, SlotInfo slot) {
        List<Alternatives.Alternative> others = alternatives.to(opening, slot);
        return new CourtRushException(Outcome.OUT_OF_STOCK,
                others.isEmpty() ? "reserve.soldOut" : "reserve.soldOutWithAlternatives")
                .withData(Map.of("alternatives", others));
    }

    /** The student holds (or is being granted) a place in the slot: also said when it is sold out. */
    private static CourtRushException duplicate() {
        return new CourtRushException(Outcome.DUP_REQ, "reserve.duplicate");
    }

    private static CourtRushException ungated(long millisToOpen) {
        if (millisToOpen < 0) {
            return new CourtRushException(Outcome.UNGATED, "reserve.closed")
                    .withData(Map.of("secondsToOpen", -1));
        }
        long seconds = (millisToOpen + 999) / 1000;
        return new CourtRushException(Outcome.UNGATED, "reserve.opensIn", seconds)
                .withData(Map.of("secondsToOpen", seconds));
    }


    /** A granted place, on its way to the database. */
    public record Accepted(String traceId, ResultStatus status) {
    }
}
