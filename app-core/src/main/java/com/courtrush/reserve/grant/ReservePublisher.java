package com.courtrush.reserve.grant;

import com.courtrush.infra.CourtRushProperties;
import com.courtrush.infra.Futures;
import com.courtrush.infra.Queues;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
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

    private final RabbitTemplate template;
    private final long confirmTimeoutMs;
    private final ReserveMetrics metrics;

    ReservePublisher(RabbitTemplate template, CourtRushProperties properties, ReserveMetrics metrics) {
        this.template = template;
        this.confirmTimeoutMs = properties.reserve().confirmTimeout().toMillis();
        this.metrics = metrics;
    }

    /**
     * Sends the grant and returns what the broker says of it, once it says it (or the confirm
     * timeout passes); the calling thread does not wait for the confirm.
     */
    public CompletableFuture<Result> publish(ReserveMessage grant) {
        Message message = MessageBuilder.withBody(grant.toJson())
                .setContentType(MessageProperties.CONTENT_TYPE_JSON)
                .setMessageId(grant.traceId())
                .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
                .build();
        CorrelationData correlation = new CorrelationData(grant.traceId());
        try {
            template.send(Queues.RESERVE_EXCHANGE, Queues.RESERVE_ROUTING_KEY, message, correlation);
        } catch (AmqpException e) {
            log.error("Publishing trace {} failed: {}", grant.traceId(), e.getMessage(), e);
            return CompletableFuture.completedFuture(counted(Result.SEND_FAILED));
        }
        return correlation.getFuture()
                .orTimeout(confirmTimeoutMs, TimeUnit.MILLISECONDS)
                .handle((confirm, error) -> counted(error == null
                        ? confirmed(grant, correlation, confirm)
                        : unconfirmed(grant, error)));
    }

    private Result counted(Result result) {
        metrics.published(result);
        return result;
    }

    private static Result confirmed(ReserveMessage grant, CorrelationData correlation, CorrelationData.Confirm confirm) {
        if (correlation.getReturned() != null) {
            log.error("Broker returned trace {} as unroutable: {}", grant.traceId(),
                    correlation.getReturned().getReplyText());
            return Result.RETURNED;
        }
        if (!confirm.isAck()) {
            log.error("Broker refused trace {}: {}", grant.traceId(), confirm.getReason());
            return Result.NACKED;
        }
        return Result.CONFIRMED;
    }

    private Result unconfirmed(ReserveMessage grant, Throwable error) {
        Throwable cause = Futures.cause(error);
        if (cause instanceof TimeoutException) {
            log.warn("No confirm for trace {} within {} ms; the consumer, DLQ or reconciler will settle it",
                    grant.traceId(), confirmTimeoutMs);
        } else {
            log.error("Confirm of trace {} failed; the consumer, DLQ or reconciler will settle it",
                    grant.traceId(), cause);
        }
        return Result.CONFIRM_TIMEOUT;
    }

    /** What the broker said. */
    public enum Result {
        CONFIRMED, NACKED, RETURNED, SEND_FAILED, CONFIRM_TIMEOUT;

        /** The broker certainly does not have the message. */
        public boolean refused() {
            return this == NACKED || this == RETURNED || this == SEND_FAILED;
        }
    }
}
