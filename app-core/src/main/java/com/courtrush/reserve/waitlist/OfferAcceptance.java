package com.courtrush.reserve.waitlist;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.reserve.decide.GrantHandOff;
import com.courtrush.reserve.decide.TraceIds;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.PlaceOffers;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.reserve.stock.Blocks;
import com.courtrush.share.ShareAnswers;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.concurrent.CompletableFuture;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * A student takes the place offered to them from the waitlist (SPEC §16): decided in Redis with the stock
 * ({@code lua/offer_accept.lua}: the offer, a block, the per-student limit), then a grant like any other —
 * published, recorded by the consumer as PENDING_PAYMENT with the usual pay window, followed by its trace.
 */
@Component
class OfferAcceptance {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(OfferAcceptance.class);

    private final RScript script;
    private final Offers offers;
    private final TraceIds traceIds;
    private final GrantHandOff dispatch;
    private final WaitlistMapper waitlist;
    private final RushSeries series;
    private final ShareAnswers shares;
    private final CourtRushProperties properties;
    private final Clock clock;

    OfferAcceptance(
            RedissonClient redisson,
            Offers offers,
            TraceIds traceIds,
            GrantHandOff dispatch,
            WaitlistMapper waitlist,
            RushSeries series,
            ShareAnswers shares,
            CourtRushProperties properties,
            Clock clock) {
        this.shares = shares;
        this.script = redisson.getScript();
        this.offers = offers;
        this.traceIds = traceIds;
        this.dispatch = dispatch;
        this.waitlist = waitlist;
        this.series = series;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * Takes the offer: the grant's trace, and its confirm — complete once the broker has it, failed with
     * FAILED if the broker refused it (its place then passed on like any returned place).
     */
    public Taken accept(long userId, long sessionId, long slotId) {
        PlaceOffers.Terms terms =
                offers.terms(sessionId, slotId).orElseThrow(() -> CourtRushException.notFound("slot.notFound", slotId));
        ReserveMessage grant = new ReserveMessage(
                traceIds.issue(userId, slotId, sessionId, clock.instant()), userId, slotId, sessionId, 0);
        OfferAcceptCall.Reply reply = OfferAcceptCall.SCRIPT.call(
                script,
                new OfferAcceptCall(
                        grant,
                        properties.reserve().pendingTtl().toSeconds(),
                        terms.limit(),
                        terms.expireAt(),
                        terms.place(),
                        terms.shareRules()));
        long value = reply.value();
        long redisNow = reply.redisNowMs();
        return switch (reply.outcome()) {
            case ACCEPTED -> {
                series.granted(sessionId, redisNow);
                Taken taken = new Taken(
                        grant.traceId(),
                        dispatch.dispatch(new ReserveMessage(grant.traceId(), userId, slotId, sessionId, redisNow)));
                try {
                    waitlist.end(slotId, userId, "TAKEN", grant.traceId(), LocalDateTime.now(clock));
                } catch (RuntimeException e) {
                    // the grant is on its way either way; the wait ends CLOSED when the slot starts
                    log.error(
                            "Student {}'s wait of slot {} could not be marked TAKEN (trace {})",
                            userId,
                            slotId,
                            grant.traceId(),
                            e);
                }
                yield taken;
            }
            case BLOCKED -> throw Blocks.refusal(Instant.ofEpochMilli(value), clock.getZone());
            case QUOTA_EXCEEDED -> throw new CourtRushException(Outcome.QUOTA_EXCEEDED, "reserve.quota", value);
            case DUP_REQ -> throw new CourtRushException(Outcome.DUP_REQ, "reserve.duplicate");
            case SHARE_USED -> throw shares.refusal(reply.rule(), reply.holding());
            case NO_OFFER -> throw CourtRushException.conflict("waitlist.noOffer", slotId);
        };
    }

    /** An offer taken: the grant's trace, and the broker's confirm of it. */
    public record Taken(String traceId, CompletableFuture<String> confirmed) {}
}
