package com.courtrush.reserve;

import com.courtrush.web.Outcome;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * Micrometer meters of the reserve pipeline: {@code courtrush.reserve.requests} (timer, by outcome),
 * {@code courtrush.reserve.publish} (by result), {@code courtrush.reserve.consumed} (by result),
 * {@code courtrush.reserve.compensations} (by source). Meters are made once, not per request.
 */
@Component
public class ReserveMetrics {

    private final Map<Outcome, Timer> requests = new EnumMap<>(Outcome.class);
    private final Map<ReservePublisher.Result, Counter> publishes = new EnumMap<>(ReservePublisher.Result.class);
    private final Map<ReservationWriter.Result, Counter> consumed = new EnumMap<>(ReservationWriter.Result.class);
    private final Counter deadLettered;
    private final MeterRegistry registry;

    ReserveMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (Outcome outcome : Outcome.values()) {
            requests.put(outcome, Timer.builder("courtrush.reserve.requests")
                    .description("POST /reserve/ decisions and their latency")
                    .tag("outcome", outcome.name())
                    .register(registry));
        }
        for (ReservePublisher.Result result : ReservePublisher.Result.values()) {
            publishes.put(result, Counter.builder("courtrush.reserve.publish").tag("result", result.name())
                    .description("Granted places published to reserve.direct, by confirm result")
                    .register(registry));
        }
        for (ReservationWriter.Result result : ReservationWriter.Result.values()) {
            consumed.put(result, Counter.builder("courtrush.reserve.consumed").tag("result", result.name())
                    .description("reserve.queue messages handled, by result")
                    .register(registry));
        }
        deadLettered = Counter.builder("courtrush.reserve.dead-lettered")
                .description("Messages rejected to reserve.dlq after their last attempt").register(registry);
    }

    void request(Outcome outcome, long nanos) {
        requests.get(outcome).record(nanos, TimeUnit.NANOSECONDS);
    }

    void published(ReservePublisher.Result result) {
        publishes.get(result).increment();
    }

    void consumed(ReservationWriter.Result result) {
        consumed.get(result).increment();
    }

    void deadLettered() {
        deadLettered.increment();
    }

    void compensated(String source) {
        registry.counter("courtrush.reserve.compensations", "source", source).increment();
    }

    /** Total decisions of one outcome so far (for dashboards). */
    public long requestCount(Outcome outcome) {
        return requests.get(outcome).count();
    }
}
