package com.courtrush.reserve.decide;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.OpeningRebuilds;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.reserve.stock.Blocks;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.share.ShareAnswers;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * Staff book a free place of a running slot for a walk-in at the desk (SPEC §16). The slot has started,
 * so it is no longer sold online; the place is decided by the same one reserve script — the student's
 * block, one place per slot, the opening's per-student limit, the stock — and the grant goes the usual
 * way (broker, consumer, PENDING_PAYMENT), so it is counted, recorded and given back like any other.
 */
@Component
public class DeskGrants {

    private final SlotCatalog catalog;
    private final ShareAnswers shares;
    private final ReserveScript script;
    private final GrantDispatch dispatch;
    private final TraceIds traceIds;
    private final OpeningRebuilds rebuilds;
    private final RushSeries series;
    private final Clock clock;

    DeskGrants(
            SlotCatalog catalog,
            ReserveScript script,
            GrantDispatch dispatch,
            TraceIds traceIds,
            OpeningRebuilds rebuilds,
            RushSeries series,
            ShareAnswers shares,
            Clock clock) {
        this.shares = shares;
        this.catalog = catalog;
        this.script = script;
        this.dispatch = dispatch;
        this.traceIds = traceIds;
        this.rebuilds = rebuilds;
        this.series = series;
        this.clock = clock;
    }

    /** Whether a slot is running at {@code now}: started, not ended. Only such a slot takes walk-ins. */
    public static boolean running(SlotInfo slot, LocalDateTime now) {
        return slot.active()
                && slot.startedBy(now)
                && now.isBefore(slot.slotDate().atTime(slot.endTime()));
    }

    /**
     * Books the place: the grant's trace and the broker's confirm of it (failed with FAILED if the broker
     * refused it and the place was given back). Refusals are thrown with what stands in the way.
     */
    public Granted grant(long userId, long sessionId, long slotId) {
        SessionCatalog opening = catalog.session(sessionId)
                .orElseThrow(() -> CourtRushException.notFound("opening.notFound", sessionId));
        SlotInfo slot = opening.slot(slotId);
        if (slot == null || !running(slot, LocalDateTime.now(clock))) {
            throw CourtRushException.conflict("walkIn.notRunning", slotId);
        }
        ReserveMessage grant = new ReserveMessage(
                traceIds.issue(userId, slotId, sessionId, clock.instant()), userId, slotId, sessionId, 0);
        ReserveScript.Decision decision = script.decideAtDesk(
                grant,
                opening.session().getPerUserLimit(),
                StockKeys.expireAt(slot.slotDate(), clock.getZone()),
                late -> {
                    if (late.verdict() == ReserveScript.Verdict.ACCEPTED) {
                        dispatch.answeredTooLate(grant);
                    }
                });
        return switch (decision.verdict()) {
            case ACCEPTED -> {
                series.granted(sessionId, decision.redisNowMs());
                ReserveMessage granted =
                        new ReserveMessage(grant.traceId(), userId, slotId, sessionId, decision.redisNowMs());
                yield new Granted(grant.traceId(), dispatch.dispatch(granted));
            }
            case BLOCKED -> throw Blocks.refusal(Instant.ofEpochMilli(decision.value()), clock.getZone());
            case SHARE_USED -> throw shares.refusal(decision.entryTrace(), decision.holding());
            case DUP_REQ -> throw new CourtRushException(Outcome.DUP_REQ, "walkIn.duplicate");
            case QUOTA_EXCEEDED ->
                throw new CourtRushException(Outcome.QUOTA_EXCEEDED, "reserve.quota", decision.value());
            case OUT_OF_STOCK -> throw new CourtRushException(Outcome.OUT_OF_STOCK, "walkIn.full");
            case UNGATED -> throw CourtRushException.conflict("walkIn.closed", sessionId);
            case COLD -> {
                if (!opening.session().getState().live()) {
                    throw CourtRushException.conflict("walkIn.closed", sessionId);
                }
                rebuilds.request(sessionId);
                throw CourtRushException.unavailable(null, "reserve.rebuilding")
                        .withRetryAfter(OpeningRebuilds.RETRY_AFTER);
            }
            default -> throw new IllegalStateException("The desk's decision cannot be " + decision.verdict());
        };
    }

    /** A place booked at the desk: its trace, and the broker's confirm of it. */
    public record Granted(String traceId, CompletableFuture<String> confirmed) {}
}
