package com.courtrush.reserve;

import com.courtrush.infra.CourtRushProperties;
import com.courtrush.infra.Queues;
import com.rabbitmq.client.Channel;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code reserve.queue} with manual acknowledgement: a message is acked only once its
 * reservation is in the database (or it is settled otherwise). Failures are retried with backoff;
 * after the last attempt the message is rejected without requeue and dead-lettered to
 * {@code reserve.dlq}.
 */
@Component
class ReserveConsumer {

    private static final Logger log = LoggerFactory.getLogger(ReserveConsumer.class);

    private final ReservationWriter writer;
    private final ReserveMetrics metrics;
    private final DeadLetterLog deadLetters;
    private final RetryTemplate retry;
    private final int attempts;

    ReserveConsumer(ReservationWriter writer, ReserveMetrics metrics, DeadLetterLog deadLetters,
            CourtRushProperties properties) {
        this.writer = writer;
        this.metrics = metrics;
        this.deadLetters = deadLetters;
        this.attempts = properties.reserve().consumerMaxAttempts();
        long backoff = properties.reserve().consumerBackoff().toMillis();
        this.retry = RetryTemplate.builder()
                .maxAttempts(attempts)
                .exponentialBackoff(backoff, 2.0, backoff * 8)
                .build();
    }

    @RabbitListener(id = Queues.RESERVE_LISTENER_ID, queues = Queues.RESERVE_QUEUE,
            containerFactory = Queues.MANUAL_ACK_FACTORY)
    void onMessage(Message message, Channel channel) throws IOException {
        long tag = message.getMessageProperties().getDeliveryTag();
        ReserveMessage grant;
        try {
            grant = ReserveMessage.fromJson(message.getBody());
        } catch (IllegalArgumentException e) {
            log.error("Unreadable message {} on {} ({} bytes): {}; dead-lettering it",
                    message.getMessageProperties().getMessageId(), Queues.RESERVE_QUEUE, message.getBody().length,
                    e.getMessage());
            channel.basicReject(tag, false);
            return;
        }
        metrics.handling(1);
        try {
            ReservationWriter.Result result = retry.execute(context -> writer.record(grant));
            metrics.consumed(result);
            if (result == ReservationWriter.Result.RECORDED) {
                metrics.recorded(grant.time());
            }
            channel.basicAck(tag, false);
        } catch (RuntimeException e) {
            log.error("Trace {} (user {}, slot {}) could not be recorded in {} attempts; dead-lettering it",
                    grant.traceId(), grant.userId(), grant.slotId(), attempts, e);
            metrics.consumed(ReservationWriter.Result.FAILED);
            metrics.deadLettered();
            deadLetters.failed(grant, e);
            channel.basicReject(tag, false);
        } finally {
            metrics.handling(-1);
        }
    }
}
