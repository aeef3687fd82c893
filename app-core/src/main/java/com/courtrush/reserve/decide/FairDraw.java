package com.courtrush.reserve.decide;

import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Futures;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.NodeName;
import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.opening.DrawCloser;
import com.courtrush.opening.ReserveSession;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.statistics.ReserveMetrics;
import com.courtrush.reserve.statistics.RushSeries;
import com.courtrush.reserve.stock.StockKeys;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
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
 * and the draw not made asks before it is decided. The seed is random, kept with the draw and in the
 * audit: with the entrants, it is all it takes to re-run the draw.
 */
@Component
public class FairDraw implements DrawCloser {

    static final String ACTOR = "system:draw";
    private static final Logger log = LoggerFactory.getLogger(FairDraw.class);
    private static final LuaScript DRAW = LuaScript.load("draw");
    private static final Duration AFTER_CLOSE = Duration.ofMillis(2);

    private final RScript script;
    private final SlotCatalog catalog;
    private final GrantDispatch dispatch;
    private final DrawSeeds seeds;
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

    FairDraw(
            RedissonClient redisson,
            SlotCatalog catalog,
            GrantDispatch dispatch,
            DrawSeeds seeds,
            RushSeries series,
            ReserveMetrics metrics,
            AuditTrail audit,
            TaskScheduler scheduler,
            NodeName node,
            CourtRushProperties properties,
            Clock clock) {
        this.node = node.toString();
        this.script = redisson.getScript();
        this.catalog = catalog;
        this.dispatch = dispatch;
        this.seeds = seeds;
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
                if (result.outcome() == Outcome.NOT_YET) {
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
        long seed = seeds.next();
        List<Object> keys = new ArrayList<>(7 + 2 * opening.slots().size());
        keys.add(RedisKeys.draw(sessionId));
        keys.add(RedisKeys.drawEntries(sessionId));
        keys.add(RedisKeys.gate(sessionId));
        keys.add(RedisKeys.gateTime(sessionId));
        keys.add(RedisKeys.quota(sessionId));
        keys.add(RedisKeys.inflight(sessionId));
        keys.add(RedisKeys.warm(sessionId));
        List<Object> args = new ArrayList<>(10 + opening.slots().size());
        args.add(Long.toString(sessionId));
        args.add(Integer.toString(session.getDrawWindowMs()));
        args.add(Long.toString(seed));
        args.add(Integer.toString(session.getPerUserLimit()));
        args.add(Long.toString(properties.reserve().pendingTtl().toSeconds()));
        args.add(Long.toString(StockKeys.expireAt(session.getSessionDate(), properties.zone())));
        args.add(Boolean.TRUE.equals(session.getBookingPass()) ? "1" : "0");
        args.add(node);
        args.add(RedisKeys.pendingPrefix(sessionId));
        args.add(RedisKeys.passPrefix(sessionId));
        for (SlotInfo slot : opening.slots()) {
            keys.add(RedisKeys.semaphore(sessionId, slot.slotId()));
            keys.add(RedisKeys.dedup(sessionId, slot.slotId()));
            args.add(Long.toString(slot.slotId()));
        }
        List<Object> reply =
                script.eval(RScript.Mode.READ_WRITE, DRAW.source(), RScript.ReturnType.MULTI, keys, args.toArray());
        Outcome outcome = Outcome.valueOf((String) reply.get(0));
        switch (outcome) {
            case DRAWN -> {
                drawn.add(sessionId);
                return granted(sessionId, seed, reply);
            }
            case ALREADY -> drawn.add(sessionId);
            case NOT_YET -> {
                return new Drawn(outcome, ((Number) reply.get(1)).longValue());
            }
            case COLD ->
                log.warn("Redis does not hold opening {}: its draw waits for the opening to be rebuilt", sessionId);
            default -> throw new IllegalStateException("Unknown draw outcome " + outcome);
        }
        return new Drawn(outcome, 0);
    }

    /** The winners' grants go to the database like any other; the draw is audited. */
    private Drawn granted(long sessionId, long seed, List<Object> reply) {
        long redisNowMs = ((Number) reply.get(1)).longValue();
        long entrants = ((Number) reply.get(2)).longValue();
        long expired = ((Number) reply.get(3)).longValue();
        int winners = (reply.size() - 4) / 3;
        series.drawn(sessionId, winners, redisNowMs);
        List<ReserveMessage> grants = new ArrayList<>(winners);
        for (int i = 4; i + 2 < reply.size(); i += 3) {
            grants.add(new ReserveMessage(
                    reply.get(i).toString(),
                    Long.parseLong(reply.get(i + 1).toString()),
                    Long.parseLong(reply.get(i + 2).toString()),
                    sessionId,
                    redisNowMs));
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
        audit.record(
                ACTOR,
                "DRAW",
                "SESSION",
                sessionId,
                new EngineText(
                        "audit.detail.draw", entrants, winners, entrants - winners - expired, expired, seed, node));
        log.info(
                "Opening {} drawn here: {} entrants, {} places given, {} not drawn, {} expired (seed {})",
                sessionId,
                entrants,
                winners,
                entrants - winners - expired,
                expired,
                seed);
        return new Drawn(Outcome.DRAWN, 0);
    }

    /** What a call of the draw found. */
    enum Outcome {
        /** This call made the draw. */
        DRAWN,
        /** Made before (by this node or another). */
        ALREADY,
        /** The window is still open. */
        NOT_YET,
        /** Redis does not hold the opening; it is rebuilt, then drawn. */
        COLD
    }

    /** @param millisToClose for NOT_YET: how long the window is still open */
    record Drawn(Outcome outcome, long millisToClose) {}
}
