package com.courtrush.reserve.recover;

import com.courtrush.audit.AuditTrail;
import com.courtrush.opening.OpeningService;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.reserve.stock.SoldOutFlags;
import com.courtrush.share.Shares;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The only way stock goes back to Redis. Call it after the database change that ended the booking
 * has committed; the place returns only if this call removes the student from the slot's dedup
 * set ({@code lua/release.lua}), so however many paths fire for one booking, it returns once. In the
 * same script it is offered to the first student on the slot's waitlist who may take it (SPEC §16),
 * else put back on sale (the waitlist follows the offer in the database, through {@link PlaceOffers}).
 * Also where a grant, once in the database, leaves the in-flight set ({@code lua/settle.lua}).
 * Both log what they did in the opening's logs for a re-sync running meanwhile ({@link StockSync}).
 */
@Component
public class StockReleaser implements PlaceReturns {

    private static final Logger log = LoggerFactory.getLogger(StockReleaser.class);
    /** How long the opening's settled and released logs keep an entry: longer than any re-sync's database read. */
    static final Duration LOG_WINDOW = Duration.ofMinutes(2);

    private final ReleaseScripts scripts;
    private final SoldOutFlags soldOut;
    private final OpeningService openings;
    private final RushSeries series;
    private final PlaceOffers offers;
    private final Shares shares;

    StockReleaser(
            ReleaseScripts scripts,
            SoldOutFlags soldOut,
            OpeningService openings,
            RushSeries series,
            PlaceOffers offers,
            Shares shares) {
        this.shares = shares;
        this.series = series;
        this.offers = offers;
        this.scripts = scripts;
        this.soldOut = soldOut;
        this.openings = openings;
    }

    /** Returns a booking's place (and forgets its in-flight grant, if {@code grant} is given). */
    public boolean release(long sessionId, long slotId, long userId, ReserveMessage grant) {
        return release(sessionId, slotId, userId, grant, false, false);
    }

    @Override
    public boolean ended(long sessionId, long slotId, long userId, long reservationId, boolean used) {
        boolean returned = release(sessionId, slotId, userId, null, false, used);
        if (!used) {
            try {
                shares.ended(userId, sessionId, slotId, reservationId);
            } catch (RuntimeException e) {
                log.error(
                        "Reservation {} ended but the fair shares it took could not be freed in the other openings; "
                                + "their next re-sync frees them",
                        reservationId,
                        e);
            }
        }
        return returned;
    }

    /**
     * The same for a grant given back again (its compensation claimed before, a crash or a second path
     * between that and its release): the place goes only if the grant is still in flight.
     */
    public boolean releaseAgain(ReserveMessage grant) {
        return release(grant.sessionId(), grant.slotId(), grant.userId(), grant, true, false);
    }

    private boolean release(
            long sessionId, long slotId, long userId, ReserveMessage grant, boolean onlyIfInFlight, boolean keepShare) {
        PlaceOffers.Terms terms = offers.terms(sessionId, slotId).orElse(PlaceOffers.Terms.NONE);
        ReleaseCall.Reply reply = scripts.release(new ReleaseCall(
                sessionId, slotId, userId, grant, onlyIfInFlight, LOG_WINDOW.toMillis(), terms, keepShare));
        offers.followed(slotId, reply.move());
        return switch (reply.outcome()) {
            case RELEASED -> {
                soldOut.released(slotId);
                series.released(sessionId);
                yield true;
            }
            case OFFERED -> {
                // given back to the waitlist: still sold out for everyone else
                series.released(sessionId);
                yield true;
            }
            case NOTHING_HELD -> false;
        };
    }

    /**
     * A grant of the rehearsal that will never be recorded (answered too late, refused by the broker): its place
     * goes back in Redis, and nothing else — its opening is in no table, no waitlist, no meter (decision 28).
     */
    public boolean releaseRehearsal(ReserveMessage grant) {
        ReleaseCall.Reply reply = scripts.release(new ReleaseCall(
                grant.sessionId(),
                grant.slotId(),
                grant.userId(),
                grant,
                false,
                LOG_WINDOW.toMillis(),
                PlaceOffers.Terms.NONE,
                false));
        return reply.outcome() != ReleaseCall.Outcome.NOTHING_HELD;
    }

    /** The grant was settled earlier (a redelivery, a compensated trace): forget what Redis may still have of it. */
    public void forget(ReserveMessage grant) {
        settle(List.of(grant), false);
    }

    /**
     * The grants have just been recorded in the database: they leave the in-flight set. One that
     * Redis did not have in flight is one it lost — a restart from an append-only file a second
     * old, a promoted replica — while the database now counts it: its opening is re-synced.
     */
    public void recorded(List<ReserveMessage> grants) {
        settle(grants, true);
    }

    private void resync(long sessionId) {
        try {
            openings.resync(sessionId, AuditTrail.SYSTEM_CONSUMER);
        } catch (RuntimeException e) {
            // the grants are recorded; Redis counts them free until the opening is re-synced
            log.error(
                    "Opening {} could not be re-synced after Redis lost some of its grants; until it is "
                            + "(staff: re-sync in the console), Redis may offer places the database refuses",
                    sessionId,
                    e);
        }
    }

    private void settle(List<ReserveMessage> grants, boolean justRecorded) {
        Map<Long, List<ReserveMessage>> byOpening = grants.stream()
                .collect(Collectors.groupingBy(ReserveMessage::sessionId, TreeMap::new, Collectors.toList()));
        byOpening.forEach((sessionId, ofOpening) -> {
            List<String> unknown = scripts.settle(
                            new SettleCall(sessionId, ofOpening, justRecorded, LOG_WINDOW.toMillis()))
                    .unknown();
            if (justRecorded && !unknown.isEmpty()) {
                log.warn(
                        "Redis had lost {} grant(s) of opening {} that are now in the database (e.g. trace {}): "
                                + "Redis went back in time; re-syncing the opening",
                        unknown.size(),
                        sessionId,
                        unknown.get(0));
                resync(sessionId);
            }
        });
    }
}
