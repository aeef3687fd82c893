package com.courtrush.reserve.decide;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Futures;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.api.SessionState;
import com.courtrush.reserve.pass.BookingPasses;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.OpeningRebuilds;
import com.courtrush.reserve.statistics.ReserveMetrics;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.reserve.stock.Blocks;
import com.courtrush.reserve.stock.SoldOutFlags;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.share.ShareAnswers;
import com.courtrush.share.ShareCheck;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.springframework.stereotype.Service;

/**
 * The fast path of {@code POST /reserve/}: validate against the cached catalog, shed load locally,
 * answer a known sold-out slot from this node's memory, decide everything else in one Redis
 * script, then publish the winner; its answer follows the broker's confirm, written by the thread
 * that brings it (no request thread waits).
 */
@Service
public class ReserveService {

    /** Slots a draw entry may name after its first. */
    static final int MAX_FALLBACKS = 2;

    private final SlotCatalog catalog;
    private final ShareAnswers shares;
    private final LoadShedder shedder;
    private final SoldOutFlags soldOut;
    private final PlaceDecider script;
    private final GrantHandOff dispatch;
    private final FairDraw draws;
    private final Alternatives alternatives;
    private final OpeningRebuilds rebuilds;
    private final TraceIds traceIds;
    private final ReserveMetrics metrics;
    private final RushSeries series;
    private final CourtRushProperties properties;
    private final Clock clock;

    ReserveService(
            SlotCatalog catalog,
            LoadShedder shedder,
            SoldOutFlags soldOut,
            PlaceDecider script,
            GrantHandOff dispatch,
            FairDraw draws,
            Alternatives alternatives,
            OpeningRebuilds rebuilds,
            TraceIds traceIds,
            ReserveMetrics metrics,
            RushSeries series,
            ShareAnswers shares,
            CourtRushProperties properties,
            Clock clock) {
        this.series = series;
        this.shares = shares;
        this.rebuilds = rebuilds;
        this.traceIds = traceIds;
        this.clock = clock;
        this.catalog = catalog;
        this.shedder = shedder;
        this.soldOut = soldOut;
        this.script = script;
        this.dispatch = dispatch;
        this.draws = draws;
        this.alternatives = alternatives;
        this.metrics = metrics;
        this.properties = properties;
    }

    /**
     * Decides in Redis and, for a granted place, publishes it: a refusal is thrown at once; the
     * returned future completes when the broker has confirmed the grant (or the confirm timed out,
     * leaving it to the consumer, DLQ or reconciler), or fails with FAILED if the broker refused it
     * and the place was given back. The grant is recorded asynchronously under its trace id. In an
     * opening's fair-draw window the request enters the draw instead: the future is complete at once,
     * and the trace reads PENDING until the draw.
     *
     * @param fallbackSlotIds for a draw entry, the slots also wanted, in order, if the first is not drawn
     */
    public CompletableFuture<Accepted> reserve(
            long userId, long sessionId, long slotId, List<Long> fallbackSlotIds, String clientIp, String bookingPass) {
        long started = System.nanoTime();
        CompletableFuture<Accepted> accepted;
        try {
            accepted = decide(userId, sessionId, slotId, fallbackSlotIds, clientIp, bookingPass);
        } catch (RuntimeException e) {
            metrics.request(sessionId, userId, outcomeOf(e), System.nanoTime() - started);
            throw e;
        }
        return accepted.whenComplete((granted, error) -> {
            if (granted != null && granted.drawClosesInMs() != null) {
                metrics.entered(sessionId, userId, System.nanoTime() - started);
            } else {
                metrics.request(
                        sessionId,
                        userId,
                        error == null ? Outcome.SUCCESS : outcomeOf(error),
                        System.nanoTime() - started);
            }
        });
    }

    private static Outcome outcomeOf(Throwable error) {
        return Futures.cause(error) instanceof CourtRushException refused ? refused.outcome() : Outcome.ERROR;
    }

    private CompletableFuture<Accepted> decide(
            long userId, long sessionId, long slotId, List<Long> fallbackSlotIds, String clientIp, String bookingPass) {
        shedder.admit(clientIp);
        SessionCatalog opening = catalog.session(sessionId)
                .orElseThrow(() -> CourtRushException.badRequest("opening.notFound", sessionId));
        LocalDateTime now = LocalDateTime.now(clock);
        SlotInfo slot = onSale(opening, slotId, now);
        List<Long> wanted = wanted(opening, slot, fallbackSlotIds, now);
        switch (soldOut.known(slotId, userId)) {
            case SOLD_OUT -> {
                metrics.soldOutLocally(sessionId);
                throw outOfStock(opening, slot);
            }
            case HELD_BY_ASKER -> throw duplicate();
            case NOTHING -> {}
        }
        long ticket = soldOut.ticket(slotId);
        ReserveMessage grant = new ReserveMessage(
                traceIds.issue(userId, slotId, sessionId, clock.instant()), userId, slotId, sessionId, 0);
        ReserveSession session = opening.session();
        boolean passRequired = Boolean.TRUE.equals(session.getBookingPass());
        String passHash = passRequired && bookingPass != null && !bookingPass.isBlank()
                ? BookingPasses.hash(bookingPass.strip())
                : null;
        long expireAt = StockKeys.expireAt(slot.slotDate(), clock.getZone());
        int drawWindowMs = session.fairDraw() ? session.getDrawWindowMs() : 0;
        Consumer<ReserveScript.Decision> answeredLate = late -> {
            if (late.verdict() == ReserveScript.Verdict.ACCEPTED) {
                dispatch.answeredTooLate(grant);
            }
        };
        ReserveScript.Decision decision = script.decide(
                grant, session.getPerUserLimit(), expireAt, passRequired, passHash, drawWindowMs, wanted, answeredLate);
        if (decision.verdict() == ReserveScript.Verdict.DRAWING) {
            // the window has closed: nothing is decided before the draw is made (by whichever node asks first)
            draws.draw(opening);
            decision = script.decide(
                    grant,
                    session.getPerUserLimit(),
                    expireAt,
                    passRequired,
                    passHash,
                    drawWindowMs,
                    wanted,
                    answeredLate);
        }
        switch (decision.verdict()) {
            case TOO_MANY_REQUESTS ->
                throw new CourtRushException(
                                Outcome.TOO_MANY_REQUESTS,
                                "reserve.tooManyAttempts",
                                properties.limits().perStudentPerMinute())
                        .withRetryAfter(Duration.ofMillis(Math.max(1, decision.value())));
            case UNGATED -> throw ungated(decision.value());
            case COLD -> throw cold(session);
            case PASS_REQUIRED -> throw new CourtRushException(Outcome.PASS_REQUIRED, "reserve.passRequired");
            case BLOCKED -> throw Blocks.refusal(Instant.ofEpochMilli(decision.value()), clock.getZone());
            case SHARE_USED -> {
                series.shareRefused(sessionId, ShareCheck.Rule.valueOf(decision.entryTrace()));
                throw shares.refusal(decision.entryTrace(), decision.holding());
            }
            case DUP_REQ -> throw duplicate();
            case QUOTA_EXCEEDED ->
                throw new CourtRushException(Outcome.QUOTA_EXCEEDED, "reserve.quota", decision.value());
            case OUT_OF_STOCK -> {
                soldOut.markSoldOut(slotId, ticket, decision.holders());
                throw outOfStock(opening, slot);
            }
            case ENTERED -> {
                draws.expectClose(sessionId, decision.value());
                return CompletableFuture.completedFuture(
                        new Accepted(grant.traceId(), ResultStatus.PENDING, decision.value()));
            }
            case ENTERED_ALREADY ->
                throw new CourtRushException(Outcome.DUP_REQ, "reserve.alreadyEntered")
                        .withData(Map.of("traceId", decision.entryTrace(), "drawClosesInMs", decision.value()));
            case DRAWING ->
                throw CourtRushException.unavailable(null, "reserve.drawing").withRetryAfter(Duration.ofSeconds(1));
            case ACCEPTED -> {
                series.granted(sessionId, decision.redisNowMs());
                if (decision.value() == 0) {
                    soldOut.markSoldOut(slotId, ticket, decision.holders());
                }
                ReserveMessage granted =
                        new ReserveMessage(grant.traceId(), userId, slotId, sessionId, decision.redisNowMs());
                return dispatch.dispatch(granted).thenApply(trace -> new Accepted(trace, ResultStatus.PENDING, null));
            }
            default -> throw new IllegalStateException("Unknown verdict " + decision.verdict());
        }
    }

    /** The slot, if it belongs to the opening, is on sale and has not started. */
    private static SlotInfo onSale(SessionCatalog opening, long slotId, LocalDateTime now) {
        SlotInfo slot = opening.slot(slotId);
        if (slot == null) {
            throw CourtRushException.badRequest(
                    "reserve.slotNotInOpening", slotId, opening.session().getId());
        }
        if (!slot.active()) {
            throw CourtRushException.badRequest("reserve.slotUnavailable", slotId);
        }
        if (slot.startedBy(now)) {
            throw new CourtRushException(Outcome.UNGATED, "reserve.started").withData(Map.of("secondsToOpen", -1));
        }
        return slot;
    }

    /** The slots a request asks for, in order: the slot, then the fallbacks (other slots of the opening, each once). */
    private static List<Long> wanted(
            SessionCatalog opening, SlotInfo slot, List<Long> fallbackSlotIds, LocalDateTime now) {
        if (fallbackSlotIds == null || fallbackSlotIds.isEmpty()) {
            return List.of(slot.slotId());
        }
        if (fallbackSlotIds.size() > MAX_FALLBACKS) {
            throw CourtRushException.badRequest("reserve.fallbacks", MAX_FALLBACKS);
        }
        List<Long> wanted = new ArrayList<>(1 + fallbackSlotIds.size());
        wanted.add(slot.slotId());
        for (Long fallback : fallbackSlotIds) {
            if (fallback == null || wanted.contains(fallback)) {
                throw CourtRushException.badRequest("reserve.fallbacks", MAX_FALLBACKS);
            }
            wanted.add(onSale(opening, fallback, now).slotId());
        }
        return wanted;
    }

    /**
     * Redis does not hold the opening. Not warmed up yet (or closed): it is not open, and says when it
     * opens. Live: Redis lost it — rebuilt now, and the student asked to try again in a moment.
     */
    private CourtRushException cold(ReserveSession session) {
        if (!session.getState().live()) {
            long millisToFlash = Duration.between(LocalDateTime.now(clock), session.getFlashTime())
                    .toMillis();
            return ungated(session.getState() == SessionState.CLOSED ? -1 : Math.max(1, millisToFlash));
        }
        rebuilds.request(session.getId());
        return CourtRushException.unavailable(null, "reserve.rebuilding").withRetryAfter(OpeningRebuilds.RETRY_AFTER);
    }

    private CourtRushException outOfStock(SessionCatalog opening, SlotInfo slot) {
        List<Alternatives.Alternative> others = alternatives.to(opening, slot);
        return new CourtRushException(
                        Outcome.OUT_OF_STOCK, others.isEmpty() ? "reserve.soldOut" : "reserve.soldOutWithAlternatives")
                .withData(Map.of("alternatives", others));
    }

    /** The student holds (or is being granted) a place in the slot: also said when it is sold out. */
    private static CourtRushException duplicate() {
        return new CourtRushException(Outcome.DUP_REQ, "reserve.duplicate");
    }

    private static CourtRushException ungated(long millisToOpen) {
        if (millisToOpen < 0) {
            return new CourtRushException(Outcome.UNGATED, "reserve.closed").withData(Map.of("secondsToOpen", -1));
        }
        long seconds = (millisToOpen + 999) / 1000;
        return new CourtRushException(Outcome.UNGATED, "reserve.opensIn", seconds)
                .withData(Map.of("secondsToOpen", seconds));
    }

    /**
     * A granted place, on its way to the database; or an entry in a fair draw, which is drawn when
     * its window closes ({@code drawClosesInMs} from the answer; null for a granted place).
     */
    public record Accepted(String traceId, ResultStatus status, Long drawClosesInMs) {}
}
