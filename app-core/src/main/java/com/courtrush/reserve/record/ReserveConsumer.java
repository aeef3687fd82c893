package com.courtrush.reserve.record;

import com.courtrush.core.Outages;
import com.courtrush.infra.amqp.Queues;
import com.courtrush.infra.config.CourtRushProperties;
import com.rabbitmq.client.Channel;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code reserve.queue} with manual acknowledgement: a message is acked only once its
 * reservation is in the database (or it is settled otherwise). The grants the broker has handed
 * over are recorded together, in one transaction; if that fails for any of them, each is recorded
 * on its own. Failures are retried with backoff — outages for as long as they last; after the last
 * attempt the message is rejected without requeue and dead-lettered to {@code reserve.dlq}.
 */
@Component
class ReserveConsumer {

    private static final Logger log = LoggerFactory.getLogger(ReserveConsumer.class);
    private static final Duration OUTAGE_PAUSE_MIN = Duration.ofMillis(500);
    private static final Duration OUTAGE_PAUSE_MAX = Duration.ofSeconds(5);

    private final ReservationWriter writer;
    private final RecordingMeters metrics;
    private final RecordingFollowUp followUp;
    private final RetryTemplate retry;
    private final RecordingOutages outages;
    private volatile boolean stopping;
    private final int attempts;

    ReserveConsumer(
            ReservationWriter writer,
            RecordingMeters metrics,
            RecordingFollowUp followUp,
            RecordingOutages outages,
            CourtRushProperties properties) {
        this.outages = outages;
        this.writer = writer;
        this.metrics = metrics;
        this.followUp = followUp;
        this.attempts = properties.reserve().consumerMaxAttempts();
        long backoff = properties.reserve().consumerBackoff().toMillis();
        // each pause drawn at random between the backoff and its multiple: consumers that failed together
        // (a lock they both wanted) do not try again in the same millisecond
        this.retry = RetryTemplate.builder()
                .maxAttempts(attempts)
                .exponentialBackoff(backoff, 2.0, backoff * 8, true)
                .build();
    }

    @RabbitListener(
            id = Queues.RESERVE_LISTENER_ID,
            queues = Queues.RESERVE_QUEUE,
            containerFactory = Queues.RESERVE_BATCH_FACTORY)
    void onMessages(List<Message> messages, Channel channel) throws IOException {
        List<Delivery> grants = new ArrayList<>(messages.size());
        for (Message message : messages) {
            Delivery delivery = read(message, channel);
            if (delivery != null) {
                grants.add(delivery);
            }
        }
        if (grants.isEmpty()) {
            return;
        }
        metrics.handling(grants.size());
        try {
            if (grants.size() == 1 || !recordedTogether(grants, channel)) {
                for (Delivery delivery : grants) {
                    recordAlone(delivery, channel);
                }
            }
        } finally {
            metrics.handling(-grants.size());
        }
    }

    /** The grant a message carries; an unreadable message is dead-lettered (null). */
    private static Delivery read(Message message, Channel channel) throws IOException {
        long tag = message.getMessageProperties().getDeliveryTag();
        try {
            return new Delivery(tag, ReserveMessage.fromJson(message.getBody()));
        } catch (IllegalArgumentException e) {
            log.error(
                    "Unreadable message {} on {} ({} bytes): {}; dead-lettering it",
                    message.getMessageProperties().getMessageId(),
                    Queues.RESERVE_QUEUE,
                    message.getBody().length,
                    e.getMessage());
            channel.basicReject(tag, false);
            return null;
        }
    }

    /**
     * Records the grants in one transaction and acks them; false (nothing recorded, nothing acked)
     * when any of them needs handling on its own: a redelivery, a full slot, a failure.
     */
    private boolean recordedTogether(List<Delivery> grants, Channel channel) throws IOException {
        try {
            writer.recordAll(grants.stream().map(Delivery::grant).toList());
        } catch (RuntimeException e) {
            log.debug(
                    "Recording {} grants together failed ({}); recording them one by one", grants.size(), e.toString());
            return false;
        }
        metrics.batch(grants.size());
        for (Delivery delivery : grants) {
            metrics.consumed(ReservationWriter.Result.RECORDED);
            metrics.recorded(delivery.grant());
            channel.basicAck(delivery.tag(), false);
        }
        return true;
    }

    private void recordAlone(Delivery delivery, Channel channel) throws IOException {
        ReserveMessage grant = delivery.grant();
        try {
            ReservationWriter.Result result = recordThroughOutages(grant);
            metrics.batch(1);
            metrics.consumed(result);
            if (result == ReservationWriter.Result.RECORDED) {
                metrics.recorded(grant);
            }
            channel.basicAck(delivery.tag(), false);
        } catch (Stopping closing) {
            // neither acked nor rejected: the broker hands it out again after the restart
            log.warn("Trace {} not recorded before the engine stopped; it stays in the queue", grant.traceId());
        } catch (RuntimeException e) {
            log.error(
                    "Trace {} (user {}, slot {}) could not be recorded in {} attempts; dead-lettering it",
                    grant.traceId(),
                    grant.userId(),
                    grant.slotId(),
                    attempts,
                    e);
            metrics.consumed(ReservationWriter.Result.FAILED);
            metrics.deadLettered();
            followUp.failed(grant, e);
            channel.basicReject(delivery.tag(), false);
        }
    }

    /**
     * Records with the usual retries; while the failure is an outage (the database or Redis cannot
     * be reached) it keeps waiting, up to {@link #OUTAGE_PAUSE_MAX} between tries, with the message
     * unacknowledged and safe in the broker: a grant a student was told of is not given up because
     * the database was away for a few seconds. Any other failure ends the wait and goes to the
     * dead-letter path; the engine stopping ends it leaving the message in the queue.
     */
    private ReservationWriter.Result recordThroughOutages(ReserveMessage grant) {
        Duration pause = OUTAGE_PAUSE_MIN;
        boolean said = false;
        while (true) {
            try {
                return retry.execute(context -> {
                    try {
                        return writer.record(grant);
                    } catch (RuntimeException e) {
                        if (Outages.isUnreachable(e)) {
                            // each failed attempt, not only each round of attempts: a round can take seconds
                            outages.seen();
                        }
                        throw e;
                    }
                });
            } catch (RuntimeException e) {
                if (!Outages.isUnreachable(e)) {
                    throw e;
                }
                if (stopping || Thread.currentThread().isInterrupted()) {
                    throw new Stopping();
                }
                outages.seen();
                if (!said) {
                    log.warn(
                            "Trace {} cannot be recorded while a service is unreachable ({}); the message waits "
                                    + "unacknowledged and is retried until it is back",
                            grant.traceId(),
                            Outages.describe(e));
                    said = true;
                }
                try {
                    Thread.sleep(pause.toMillis());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new Stopping();
                }
                pause = pause.multipliedBy(2).compareTo(OUTAGE_PAUSE_MAX) > 0
                        ? OUTAGE_PAUSE_MAX
                        : pause.multipliedBy(2);
            }
        }
    }

    /** The engine is closing: stop waiting out the outage and leave the message to the broker. */
    @EventListener(ContextClosedEvent.class)
    void closing() {
        stopping = true;
    }

    /** Thrown out of the outage wait when the engine stops. */
    private static final class Stopping extends RuntimeException {
        Stopping() {
            super("the engine is stopping", null, false, false);
        }
    }

    private record Delivery(long tag, ReserveMessage grant) {}
}
