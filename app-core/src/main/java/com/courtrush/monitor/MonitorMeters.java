package com.courtrush.monitor;

import com.courtrush.infra.amqp.Queues;
import com.courtrush.monitor.api.ReconcilerRun;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What the console's Queues screen shows, as meters for a scraper (Prometheus, every node): the queues'
 * depth and consumers as the broker reports them, the grants in flight and the reconciler's last run as
 * Redis holds them — read when scraped. A service that cannot be read gives NaN, not an error.
 */
@Component
class MonitorMeters implements MeterBinder {

    private static final Logger log = LoggerFactory.getLogger(MonitorMeters.class);

    private final QueueMonitor queues;

    MonitorMeters(QueueMonitor queues) {
        this.queues = queues;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (String queue : new String[] {Queues.RESERVE_QUEUE, Queues.DEAD_LETTER_QUEUE}) {
            gauge(
                    registry,
                    "courtrush.queue.depth",
                    "Messages ready in the queue (the broker's count)",
                    queue,
                    q -> q.stats(queue).depth());
            gauge(
                    registry,
                    "courtrush.queue.consumers",
                    "Consumers attached to the queue, all nodes",
                    queue,
                    q -> q.stats(queue).consumers());
        }
        Gauge.builder("courtrush.reserve.inflight", queues, safely(q -> q.inFlight()))
                .description("Grants decided in Redis and not yet in the database, all nodes")
                .register(registry);
        Gauge.builder("courtrush.reconciler.last-run", queues, safely(q -> {
                    ReconcilerRun run = q.lastReconcilerRun();
                    return run == null ? Double.NaN : run.time();
                }))
                .description("Epoch ms of the reconciler's last run, any node")
                .register(registry);
        Gauge.builder("courtrush.reconciler.last-compensated", queues, safely(q -> {
                    ReconcilerRun run = q.lastReconcilerRun();
                    return run == null ? Double.NaN : run.compensated();
                }))
                .description("Grants the reconciler's last run gave up and compensated")
                .register(registry);
    }

    private void gauge(
            MeterRegistry registry,
            String name,
            String description,
            String queue,
            ToDoubleFunction<QueueMonitor> read) {
        Gauge.builder(name, queues, safely(read))
                .description(description)
                .tag("queue", queue)
                .register(registry);
    }

    private static ToDoubleFunction<QueueMonitor> safely(ToDoubleFunction<QueueMonitor> read) {
        return queues -> {
            try {
                return read.applyAsDouble(queues);
            } catch (RuntimeException unreadable) {
                log.debug("A monitor meter could not be read: {}", unreadable.toString());
                return Double.NaN;
            }
        };
    }
}
