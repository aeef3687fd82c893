package com.courtrush.reserve.record;

import com.courtrush.core.Futures;
import com.courtrush.core.Rehearsal;
import com.courtrush.infra.amqp.Queues;
import com.courtrush.infra.config.CourtRushProperties;
import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;

/**
 * Publishes a granted place to {@code reserve.direct} (mandatory, persistent) and waits for the
 * broker's confirm. A NACK, a returned (unroutable) message or a send error means the broker does
 * not have it; a confirm that does not come in time means nobody knows yet. Publishing does not
 * wait for the confirm: it returns a future of the broker's answer.
 */
@Component
public class ReservePublisher {

    private static final Logger log = LoggerFactory.getLogger(ReservePublisher.class);

    /** Channels a burst of grants is spread over. */
    static final int BURST_CHANNELS = 8;
    /** How much longer a burst's confirms are waited for, per grant in it. */
    static final long BURST_CONFIRM_MS_EACH = 20;

    private final RabbitTemplate template;
    private final ExecutorService burst =
            Executors.newFixedThreadPool(BURST_CHANNELS, new CustomizableThreadFactory("grant-burst-"));
    private final long confirmTimeoutMs;
    private final RecordingMeters metrics;
    /** The queue of this node's rehearsal (decision 28), while one runs: its grants go there, nowhere else. */
    private volatile String rehearsalQueue;

    ReservePublisher(RabbitTemplate template, CourtRushProperties properties, RecordingMeters metrics) {
        this.template = template;
        this.confirmTimeoutMs = properties.reserve().confirmTimeout().toMillis();
        this.metrics = metrics;
    }

    /**
     * Sends the grant and returns what the broker says of it, once it says it (or the confirm
     * timeout passes); the calling thread does not wait for the confirm.
     */
    public CompletableFuture<Result> publish(ReserveMessage grant) {
        CorrelationData correlation = new CorrelationData(grant.traceId());
        try {
            if (Rehearsal.isRehearsal(grant.sessionId())) {
                // the default exchange routes by queue name: to this node's rehearsal queue, which no one else reads
                template.send("", rehearsalDestination(), message(grant), correlation);
            } else {
                template.send(Queues.RESERVE_EXCHANGE, Queues.RESERVE_ROUTING_KEY, message(grant), correlation);
            }
        } catch (AmqpException e) {
            log.error("Publishing trace {} failed: {}", grant.traceId(), e.getMessage(), e);
            return CompletableFuture.completedFuture(counted(grant, Result.SEND_FAILED));
        }
        return confirmOf(grant, correlation, confirmTimeoutMs);
    }

    /** The rehearsal's grants go to {@code queue} until {@link #endRehearsal}. */
    public void rehearseOn(String queue) {
        rehearsalQueue = queue;
    }

    public void endRehearsal() {
        rehearsalQueue = null;
    }

    /** A name no queue has when no rehearsal runs: the broker returns the grant, which then fails. */
    private String rehearsalDestination() {
        String queue = rehearsalQueue;
        return queue != null ? queue : Queues.REHEARSAL_QUEUE_PREFIX + "none";
    }

    /**
     * Sends many grants at once (a fair draw's winners) and returns what the broker will say of each,
     * without waiting. They go out in {@link #BURST_CHANNELS} runs, each on one channel of its own:
     * one send at a time would take a channel each (a channel goes back to the pool only once its
     * confirm has come, so a burst from one thread opens a channel per grant, two round trips each),
     * and the embedded broker stores one channel's messages one after the other, a disk write each,
     * while it stores several channels' together.
     */
    public List<CompletableFuture<Result>> publishAll(List<ReserveMessage> grants) {
        List<CompletableFuture<Result>> results = new ArrayList<>(grants.size());
        grants.forEach(grant -> results.add(new CompletableFuture<>()));
        int run = Math.max(1, (grants.size() + BURST_CHANNELS - 1) / BURST_CHANNELS);
        // a burst is stored at the broker's pace: the embedded one keeps 400-500 messages a second, about
        // 100 while a crowd keeps the cores busy (measured, docs/performance.md); its confirms are waited for so long
        long timeoutMs = confirmTimeoutMs + grants.size() * BURST_CONFIRM_MS_EACH;
        for (int from = 0; from < grants.size(); from += run) {
            int to = Math.min(grants.size(), from + run);
            int first = from;
            burst.execute(() -> sendRun(grants.subList(first, to), results.subList(first, to), timeoutMs));
        }
        return results;
    }

    private void sendRun(List<ReserveMessage> grants, List<CompletableFuture<Result>> results, long timeoutMs) {
        AtomicInteger sent = new AtomicInteger();
        try {
            template.invoke(operations -> {
                for (ReserveMessage grant : grants) {
                    CorrelationData correlation = new CorrelationData(grant.traceId());
                    operations.send(Queues.RESERVE_EXCHANGE, Queues.RESERVE_ROUTING_KEY, message(grant), correlation);
                    confirmOf(grant, correlation, timeoutMs).thenAccept(results.get(sent.getAndIncrement())::complete);
                }
                return null;
            });
        } catch (AmqpException e) {
            // those sent have their confirm (or its timeout) coming; the rest never left
            log.error(
                    "Publishing {} of {} grants failed (the first unsent: trace {}): {}",
                    grants.size() - sent.get(),
                    grants.size(),
                    grants.get(Math.min(sent.get(), grants.size() - 1)).traceId(),
                    e.getMessage(),
                    e);
            for (int i = sent.get(); i < grants.size(); i++) {
                results.get(i).complete(counted(grants.get(i), Result.SEND_FAILED));
            }
        }
    }

    @PreDestroy
    void stop() {
        burst.shutdown();
    }

    private static Message message(ReserveMessage grant) {
        return MessageBuilder.withBody(grant.toJson())
                .setContentType(MessageProperties.CONTENT_TYPE_JSON)
                .setMessageId(grant.traceId())
                .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
                .build();
    }

    private CompletableFuture<Result> confirmOf(ReserveMessage grant, CorrelationData correlation, long timeoutMs) {
        return correlation
                .getFuture()
                .orTimeout(timeoutMs, TimeUnit.MILLISECONDS)
                .handle((confirm, error) -> counted(
                        grant,
                        error == null ? confirmed(grant, correlation, confirm) : unconfirmed(grant, error, timeoutMs)));
    }

    private Result counted(ReserveMessage grant, Result result) {
        if (!Rehearsal.isRehearsal(grant.sessionId())) {
            metrics.published(result);
        }
        return result;
    }

    private static Result confirmed(
            ReserveMessage grant, CorrelationData correlation, CorrelationData.Confirm confirm) {
        if (correlation.getReturned() != null) {
            log.error(
                    "Broker returned trace {} as unroutable: {}",
                    grant.traceId(),
                    correlation.getReturned().getReplyText());
            return Result.RETURNED;
        }
        if (!confirm.isAck()) {
            // refused by the broker (a quorum queue without its leader or a majority), or nacked by Spring for a
            // channel that closed with the confirm pending (the broker may have kept it: a late message of a
            // compensated trace is not booked); either way the place is given back and the student told 503
            log.warn(
                    "Broker refused trace {}: {}",
                    grant.traceId(),
                    confirm.getReason() == null ? "it could not keep the message now" : confirm.getReason());
            return Result.NACKED;
        }
        return Result.CONFIRMED;
    }

    private Result unconfirmed(ReserveMessage grant, Throwable error, long timeoutMs) {
        Throwable cause = Futures.cause(error);
        if (cause instanceof TimeoutException) {
            log.warn(
                    "No confirm for trace {} within {} ms; the consumer, DLQ or reconciler will settle it",
                    grant.traceId(),
                    timeoutMs);
        } else {
            log.error(
                    "Confirm of trace {} failed; the consumer, DLQ or reconciler will settle it",
                    grant.traceId(),
                    cause);
        }
        return Result.CONFIRM_TIMEOUT;
    }

    /** What the broker said. */
    public enum Result {
        CONFIRMED,
        NACKED,
        RETURNED,
        SEND_FAILED,
        CONFIRM_TIMEOUT;

        /** The broker certainly does not have the message. */
        public boolean refused() {
            return this == NACKED || this == RETURNED || this == SEND_FAILED;
        }
    }
}
