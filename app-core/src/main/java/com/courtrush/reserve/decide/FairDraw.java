package com.courtrush.reserve.decide;

import com.alibaba.fastjson2.JSON;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Digests;
import com.courtrush.core.EngineText;
import com.courtrush.core.Futures;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.NodeName;
import com.courtrush.opening.DrawCloser;
import com.courtrush.opening.ReserveSession;
import com.courtrush.reserve.record.DrawRecords;
import com.courtrush.reserve.record.DrawReplay;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.statistics.ReserveMetrics;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.setting.AppSettings;
import com.courtrush.share.Shares;
import com.courtrush.share.api.SharePlace;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * The fair draw of an opening that has one ({@code lua/draw.lua}): when its window closes, the
 * entrants are drawn in a random order and each given the first slot of their preference that is
 * left, under the usual rules; the winners' grants then go through the usual confirmed publish and
 * consumer, the losers' traces end FAILED with alternatives ({@link ReserveResults}). The draw is
 * made once, in Redis, by whichever node asks first: the nodes that took entries ask at the window's
 * close, the opening clock asks every second after it, and a request that finds the window closed
 * and the draw not made asks before it is decided. The order is set by the opening's secret, committed to at
 * warm-up (DrawRecords) and published with the draw's record, from which anyone can re-run it (DrawReplay).
 */
@Component
public class FairDraw implements DrawCloser {

    static final String ACTOR = SystemActor.DRAW.actor();
    private static final Logger log = LoggerFactory.getLogger(FairDraw.class);
    private static final Duration AFTER_CLOSE = Duration.ofMillis(2);

    private final AppSettings settings;
    private final Shares shares;
    private final RScript script;
    private final SlotCatalog catalog;
    private final GrantDispatch dispatch;
    private final RushSeries series;
    private final ReserveMetrics metrics;
    private final AuditTrail audit;
    private final TaskScheduler scheduler;
    private final CourtRushProperties properties;
    private final Clock clock;
    private final String node;
    /** Openings this node knows are drawn (the clock and the timers skip them). */
    private final Set<Long> drawn = ConcurrentHashMap.newKeySet();
    /** Openings whose close this node has a timer for. */
    private final Set<Long> timed = ConcurrentHashMap.newKeySet();

    private final DrawRecords records;

    FairDraw(
            DrawRecords records,
            RedissonClient redisson,
            SlotCatalog catalog,
            GrantDispatch dispatch,
            RushSeries series,
            ReserveMetrics metrics,
            AuditTrail audit,
            TaskScheduler scheduler,
            NodeName node,
            AppSettings settings,
            Shares shares,
            CourtRushProperties properties,
            Clock clock) {
        this.settings = settings;
        this.shares = shares;
        this.records = records;
        this.node = node.toString();
        this.script = redisson.getScript();
        this.catalog = catalog;
        this.dispatch = dispatch;
        this.series = series;
        this.metrics = metrics;
        this.audit = audit;
        this.scheduler = scheduler;
        this.properties = properties;
        this.clock = clock;
    }

    /** An entry was taken: this node draws at the window's close, {@code millisToClose} from now. */
    void expectClose(long sessionId, long millisToClose) {
        if (timed.add(sessionId)) {
            scheduler.schedule(
                    () -> closeOnTime(sessionId),
                    clock.instant().plusMillis(Math.max(0, millisToClose)).plus(AFTER_CLOSE));
        }
    }

    private void closeOnTime(long sessionId) {
        timed.remove(sessionId);
        try {
            catalog.session(sessionId).ifPresent(opening -> {
                Drawn result = draw(opening);
                if (result.outcome() == DrawCall.Outcome.NOT_YET) {
                    expectClose(sessionId, result.millisToClose());
                }
            });
        } catch (RuntimeException e) {
            // the opening clock asks again every second
            log.error(
                    "The draw of opening {} could not be made at its window's close; the opening clock retries",
                    sessionId,
                    e);
        }
    }

    @Override
    public void closeIfDue(ReserveSession session) {
        if (!drawn.contains(session.getId())) {
            catalog.session(session.getId()).ifPresent(this::draw);
        }
    }

    /** Makes the opening's draw if its window has closed and nobody has made it. */
    Drawn draw(SessionCatalog opening) {
        ReserveSession session = opening.session();
        long sessionId = session.getId();
        if (drawn.contains(sessionId)) {
            return new Drawn(DrawCall.Outcome.ALREADY, 0); // known here: neither the secret nor Redis is asked again
        }
        String secret = records.secret(sessionId);
        DrawCall call = new DrawCall(
                sessionId,
                session.getDrawWindowMs(),
                secret,
                session.getPerUserLimit(),
                properties.reserve().pendingTtl().toSeconds(),
                StockKeys.expireAt(session.getSessionDate(), clock.getZone()),
                Boolean.TRUE.equals(session.getBookingPass()),
                node,
                shares.rules().arg(),
                opening.slots().stream()
                        .map(slot -> new DrawCall.Slot(
                                slot.slotId(),
                                SharePlace.of(slot.slotDate(), slot.startTime(), slot.endTime(), slot.sport())
                                        .arg()))
                        .toList());
        DrawCall.Reply reply = DrawCall.SCRIPT.call(script, call);
        DrawCall.Outcome outcome = reply.outcome();
        switch (outcome) {
            case DRAWN -> {
                drawn.add(sessionId);
                return granted(session, secret, reply);
            }
            case ALREADY -> drawn.add(sessionId);
            case NOT_YET -> {
                return new Drawn(outcome, reply.millisToClose());
            }
            case COLD ->
                log.warn("Redis does not hold opening {}: its draw waits for the opening to be rebuilt", sessionId);
            default -> throw new IllegalStateException("Unknown draw outcome " + outcome);
        }
        return new Drawn(outcome, 0);
    }

    /** The winners' grants go to the database like any other; the draw is audited. */
    private Drawn granted(ReserveSession session, String secret, DrawCall.Reply reply) {
        long sessionId = session.getId();
        long redisNowMs = reply.redisNowMs();
        long entrants = reply.entrants();
        long expired = reply.expired();
        int winners = reply.winners().size();
        series.drawn(sessionId, winners, redisNowMs);
        List<ReserveMessage> grants = new ArrayList<>(winners);
        for (DrawCall.Winner winner : reply.winners()) {
            grants.add(new ReserveMessage(winner.traceId(), winner.userId(), winner.slotId(), sessionId, redisNowMs));
        }
        long sending = System.nanoTime();
        List<CompletableFuture<String>> sent = grants.isEmpty() ? List.of() : dispatch.dispatchAll(grants);
        long sentMs = (System.nanoTime() - sending) / 1_000_000;
        for (int i = 0; i < sent.size(); i++) {
            String trace = grants.get(i).traceId();
            sent.get(i).whenComplete((ok, error) -> {
                // a broker's refusal was logged and its place given back in dispatch; anything else is news
                if (error != null && !(Futures.cause(error) instanceof CourtRushException)) {
                    log.error("Drawn grant {} could not be sent; the reconciler settles it", trace, error);
                }
            });
        }
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new))
                .whenComplete((all, error) -> log.info(
                        "Opening {}: the draw's {} grants sent in {} ms, all confirmed {} ms after the draw",
                        sessionId,
                        winners,
                        sentMs,
                        (System.nanoTime() - sending) / 1_000_000));
        metrics.drawn(entrants, winners);
        String commitment = publish(session, secret, reply, grants);
        audit.record(
                ACTOR,
                AuditAction.DRAW,
                AuditTarget.SESSION,
                sessionId,
                new EngineText(
                        "audit.detail.draw",
                        entrants,
                        winners,
                        entrants - winners - expired,
                        expired,
                        commitment,
                        node));
        log.info(
                "Opening {} drawn here: {} entrants, {} places given, {} not drawn, {} expired (commitment {})",
                sessionId,
                entrants,
                winners,
                entrants - winners - expired,
                expired,
                commitment);
        return new Drawn(DrawCall.Outcome.DRAWN, 0);
    }

    /**
     * The draw's record, published for anyone to re-run (DrawReplay): the secret, the entries under pseudonyms,
     * the places at the close and the winners. A failure to keep it is logged; the draw stands.
     */
    private String publish(ReserveSession session, String secret, DrawCall.Reply reply, List<ReserveMessage> grants) {
        long sessionId = session.getId();
        List<DrawReplay.Winner> winners = grants.stream()
                .map(grant -> new DrawReplay.Winner(
                        DrawReplay.pseudonym(sessionId, grant.userId()), Long.toString(grant.slotId())))
                .toList();
        String commitment = Digests.sha256Hex(secret);
        DrawReplay.Publication record = new DrawReplay.Publication(
                1,
                sessionId,
                commitment,
                secret,
                reply.open(),
                session.getPerUserLimit(),
                reply.places(),
                reply.digest(),
                reply.entries(),
                winners);
        try {
            records.publish(sessionId, JSON.toJSONString(record));
        } catch (RuntimeException e) {
            log.error("Opening {} was drawn but its record could not be kept for publication", sessionId, e);
        }
        return commitment;
    }

    /** @param millisToClose for NOT_YET: how long the window is still open */
    record Drawn(DrawCall.Outcome outcome, long millisToClose) {}
}
