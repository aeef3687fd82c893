package com.courtrush.reserve.recover;

import com.courtrush.audit.AuditTrail;
import com.courtrush.core.EngineText;
import com.courtrush.infra.amqp.Queues;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.notice.StaffAlerts;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.record.ReserveMessage;
import com.rabbitmq.client.Channel;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.retry.support.RetryTemplate;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code reserve.dlq}: a message that could not be recorded is compensated by its trace
 * id — nothing to do if the database has the trace, else its place is given back and the attempt
 * marked FAILED. Idempotent. If even that fails (the database is down), the grant stays in flight
 * and the {@link Reconciler} compensates it once its horizon passes.
 */
@Component
class DeadLetterConsumer {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterConsumer.class);

    private final TraceCompensator compensator;
    private final DeadLetterLog deadLetters;
    private final RetryTemplate retry;
    private final StaffAlerts alerts;

    DeadLetterConsumer(
            StaffAlerts alerts,
            TraceCompensator compensator,
            DeadLetterLog deadLetters,
            CourtRushProperties properties) {
        this.alerts = alerts;
        this.compensator = compensator;
        this.deadLetters = deadLetters;
        long backoff = properties.reserve().consumerBackoff().toMillis();
        this.retry = RetryTemplate.builder()
                .maxAttempts(properties.reserve().consumerMaxAttempts())
                .exponentialBackoff(backoff, 2.0, backoff * 8)
                .build();
    }

    @RabbitListener(
            id = Queues.DEAD_LETTER_LISTENER_ID,
            queues = Queues.DEAD_LETTER_QUEUE,
            containerFactory = Queues.MANUAL_ACK_FACTORY,
            concurrency = "1")
    void onDeadLetter(Message message, Channel channel) throws IOException {
        long tag = message.getMessageProperties().getDeliveryTag();
        try {
            ReserveMessage grant = ReserveMessage.fromJson(message.getBody());
            boolean compensated = retry.execute(context ->
                    compensator.compensate(grant, new EngineText("compensate.deadLettered"), AuditTrail.SYSTEM_DLQ));
            deadLetters.settled(
                    grant.traceId(),
                    compensated ? DeadLetterSettlement.COMPENSATED : DeadLetterSettlement.ALREADY_RECORDED);
            tellStaff(grant.traceId());
        } catch (IllegalArgumentException e) {
            log.error(
                    "Dropping unreadable dead letter {} ({} bytes): {}",
                    message.getMessageProperties().getMessageId(),
                    message.getBody().length,
                    e.getMessage());
        } catch (RuntimeException e) {
            log.error(
                    "Dead letter {} could not be compensated now; the reconciler will",
                    message.getMessageProperties().getMessageId(),
                    e);
        }
        channel.basicAck(tag, false);
    }

    /** The staff webhook's alert, after the compensation: a database that cannot keep it never holds that up. */
    private void tellStaff(String traceId) {
        try {
            alerts.deadLetter(traceId);
        } catch (RuntimeException e) {
            log.warn("Dead letter {} was settled, but its staff alert could not be kept: {}", traceId, e.toString());
        }
    }
}
