package com.courtrush.reserve.statistics;

import com.courtrush.core.Outcome;
import com.courtrush.core.Rehearsal;
import com.courtrush.reserve.api.QueueFlow;
import com.courtrush.reserve.api.ReserveTotals;
import com.courtrush.reserve.record.RecordingMeters;
import com.courtrush.reserve.record.ReservationWriter;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.record.ReservePublisher;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * Micrometer meters of the reserve pipeline: {@code courtrush.reserve.requests} (timer, by outcome),
 * {@code courtrush.reserve.sold-out-local} (sold-out answers from this node's flags, no Redis call),
 * {@code courtrush.reserve.publish} (by result), {@code courtrush.reserve.consumed} (by result),
 * {@code courtrush.reserve.persist-lag} (timer: from the Redis decision to the committed row) and
 * {@code courtrush.reserve.last-recorded} (epoch ms of the latest recorded grant),
 * {@code courtrush.reserve.compensations} (by source). Meters are made once, not per request.
 */
@Component
public class ReserveMetrics implements RecordingMeters {

    private final Map<Outcome, Timer> requests = new EnumMap<>(Outcome.class);
    private final Map<ReservePublisher.Result, Counter> publishes = new EnumMap<>(ReservePublisher.Result.class);
    private final Map<ReservationWriter.Result, Counter> consumed = new EnumMap<>(ReservationWriter.Result.class);
    private final Counter deadLettered;
    private final Timer entries;
    private final Counter drawEntrants;
    private final Counter drawWinners;
    private final Counter soldOutLocal;
    private final Timer persistLag;
    private final DistributionSummary batches;
    private final AtomicLong lastRecordedAt = new AtomicLong();
    private final AtomicInteger handling = new AtomicInteger();
    private final MeterRegistry registry;
    private final RushSeries series;
    private final QueueSeries queues;

    ReserveMetrics(MeterRegistry registry, RushSeries series, QueueSeries queues) {
        this.registry = registry;
        this.series = series;
        this.queues = queues;
        for (Outcome outcome : Outcome.values()) {
            requests.put(
                    outcome,
                    Timer.builder("courtrush.reserve.requests")
                            .description("POST /reserve/ decisions and their latency")
                            .tag("outcome", outcome.name())
                            .register(registry));
        }
        for (ReservePublisher.Result result : ReservePublisher.Result.values()) {
            publishes.put(
                    result,
                    Counter.builder("courtrush.reserve.publish")
                            .tag("result", result.name())
                            .description("Granted places published to reserve.direct, by confirm result")
                            .register(registry));
        }
        for (ReservationWriter.Result result : ReservationWriter.Result.values()) {
            consumed.put(
                    result,
                    Counter.builder("courtrush.reserve.consumed")
                            .tag("result", result.name())
                            .description("reserve.queue messages handled, by result")
                            .register(registry));
        }
        soldOutLocal = Counter.builder("courtrush.reserve.sold-out-local")
                .description("OUT_OF_STOCK answers given from this node's sold-out flags, without Redis")
                .register(registry);
        persistLag = Timer.builder("courtrush.reserve.persist-lag")
                .description("From the Redis decision that granted a place to its reservation row committed")
                .register(registry);
        Gauge.builder("courtrush.reserve.last-recorded", lastRecordedAt, Number::doubleValue)
                .description("Epoch ms at which this node last committed a granted place")
                .register(registry);
        batches = DistributionSummary.builder("courtrush.reserve.consumer-batch")
                .description("Grants recorded per database transaction by the reserve consumers")
                .register(registry);
        entries = Timer.builder("courtrush.reserve.draw-entries")
                .description("POST /reserve/ requests that entered a fair draw, and their latency")
                .register(registry);
        drawEntrants = Counter.builder("courtrush.reserve.draw")
                .tag("result", "entrants")
                .description("Fair draws made by this node: entrants and places given")
                .register(registry);
        drawWinners = Counter.builder("courtrush.reserve.draw")
                .tag("result", "winners")
                .description("Fair draws made by this node: entrants and places given")
                .register(registry);
        deadLettered = Counter.builder("courtrush.reserve.dead-lettered")
                .description("Messages rejected to reserve.dlq after their last attempt")
                .register(registry);
        Gauge.builder("courtrush.reserve.handling", handling, Number::doubleValue)
                .description("reserve.queue messages this node holds unacknowledged, being recorded")
                .register(registry);
    }

    @Override
    public void batch(int grants) {
        batches.record(grants);
    }

    @Override
    public void handling(int delta) {
        handling.addAndGet(delta);
    }

    /** Running totals of this node, for dashboards that turn them into rates. */
    public ReserveTotals totals() {
        Map<Outcome, Long> byOutcome = new EnumMap<>(Outcome.class);
        requests.forEach((outcome, timer) -> byOutcome.put(outcome, timer.count()));
        Map<ReservePublisher.Result, Long> published = new EnumMap<>(ReservePublisher.Result.class);
        publishes.forEach((result, counter) -> published.put(result, (long) counter.count()));
        Map<ReservationWriter.Result, Long> handled = new EnumMap<>(ReservationWriter.Result.class);
        consumed.forEach((result, counter) -> handled.put(result, (long) counter.count()));
        return new ReserveTotals(
                byOutcome,
                published.get(ReservePublisher.Result.CONFIRMED),
                published.get(ReservePublisher.Result.NACKED)
                        + published.get(ReservePublisher.Result.RETURNED)
                        + published.get(ReservePublisher.Result.SEND_FAILED),
                published.get(ReservePublisher.Result.CONFIRM_TIMEOUT),
                published.values().stream().mapToLong(Long::longValue).sum(),
                handled.values().stream().mapToLong(Long::longValue).sum(),
                (long) deadLettered.count(),
                handling.get());
    }

    /** A reserve request was answered: this node's meters, and the opening's rush series (all nodes). */
    public void request(long sessionId, long userId, Outcome outcome, long nanos) {
        if (!Rehearsal.isRehearsal(sessionId)) { // the rehearsal's are counted by the series, which drops them
            requests.get(outcome).record(nanos, TimeUnit.NANOSECONDS);
        }
        series.decided(sessionId, userId, outcome);
    }

    /** A reserve request entered the opening's fair draw. */
    public void entered(long sessionId, long userId, long nanos) {
        if (!Rehearsal.isRehearsal(sessionId)) {
            entries.record(nanos, TimeUnit.NANOSECONDS);
        }
        series.entered(sessionId, userId);
    }

    /** This node made a fair draw. */
    public void drawn(long entrants, int winners) {
        drawEntrants.increment(entrants);
        drawWinners.increment(winners);
    }

    @Override
    public void published(ReservePublisher.Result result) {
        publishes.get(result).increment();
        switch (result) {
            case CONFIRMED -> queues.add(QueueFlow.PUBLISHED);
            case NACKED, RETURNED, SEND_FAILED -> queues.add(QueueFlow.REFUSED);
            default -> {
                // a confirm that timed out is neither: the consumer, DLQ or reconciler settles it
            }
        }
    }

    @Override
    public void consumed(ReservationWriter.Result result) {
        consumed.get(result).increment();
        queues.add(QueueFlow.CONSUMED);
    }

    public void soldOutLocally(long sessionId) {
        if (!Rehearsal.isRehearsal(sessionId)) {
            soldOutLocal.increment();
        }
    }

    /** A grant decided at {@code grantedAtMs} (Redis clock) is now a committed reservation. */
    @Override
    public void recorded(ReserveMessage grant) {
        long grantedAtMs = grant.time();
        series.recorded(grant.sessionId(), grantedAtMs);
        long now = System.currentTimeMillis();
        lastRecordedAt.accumulateAndGet(now, Math::max);
        if (grantedAtMs > 0) {
            persistLag.record(Math.max(0, now - grantedAtMs), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void deadLettered() {
        deadLettered.increment();
        queues.add(QueueFlow.DEAD_LETTERED);
    }

    public void compensated(String source) {
        registry.counter("courtrush.reserve.compensations", "source", source).increment();
    }

    /** Total decisions of one outcome so far (for dashboards). */
    public long requestCount(Outcome outcome) {
        return requests.get(outcome).count();
    }
}
