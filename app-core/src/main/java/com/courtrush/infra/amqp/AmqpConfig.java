package com.courtrush.infra.amqp;

import com.courtrush.infra.config.CourtRushProperties;
import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.boot.autoconfigure.amqp.RabbitTemplateCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Listener containers of the reserve pipeline: manual acknowledgement (the consumer acks only
 * after the database commit, and rejects to the dead-letter queue after its last attempt).
 */
@Configuration(proxyBeanMethods = false)
class AmqpConfig {

    /**
     * How long a reserve consumer waits for more messages once it has some: a batch is what the
     * broker has already handed over, not something to wait for (a lone grant is recorded at most
     * this much later).
     */
    private static final long BATCH_WAIT_MS = 10;

    /**
     * How soon a consumer whose connection was lost (its broker node stopped) tries again: with a list of
     * broker addresses it reconnects to a survivor, and grants wait unrecorded meanwhile (Spring's 5 s).
     */
    private static final long RECOVERY_INTERVAL_MS = 1000;

    @Bean(Queues.MANUAL_ACK_FACTORY)
    SimpleRabbitListenerContainerFactory manualAckListenerFactory(
            ConnectionFactory connectionFactory, CourtRushProperties properties) {
        return manualAck(connectionFactory, properties);
    }

    /**
     * The reserve consumers take the grants waiting for them (up to the prefetch) as one batch, to
     * record them in one transaction.
     */
    @Bean(Queues.RESERVE_BATCH_FACTORY)
    SimpleRabbitListenerContainerFactory reserveBatchListenerFactory(
            ConnectionFactory connectionFactory, CourtRushProperties properties) {
        SimpleRabbitListenerContainerFactory factory = manualAck(connectionFactory, properties);
        factory.setConsumerBatchEnabled(true);
        factory.setBatchListener(true);
        factory.setBatchSize(properties.reserve().consumerPrefetch());
        // both bound the wait: the batch's, and each poll for its next message
        factory.setBatchReceiveTimeout(BATCH_WAIT_MS);
        factory.setReceiveTimeout(BATCH_WAIT_MS);
        return factory;
    }

    private static SimpleRabbitListenerContainerFactory manualAck(
            ConnectionFactory connectionFactory, CourtRushProperties properties) {
        SimpleRabbitListenerContainerFactory factory = new SimpleRabbitListenerContainerFactory();
        factory.setConnectionFactory(connectionFactory);
        factory.setAcknowledgeMode(AcknowledgeMode.MANUAL);
        factory.setConcurrentConsumers(properties.reserve().consumerConcurrency());
        factory.setPrefetchCount(properties.reserve().consumerPrefetch());
        factory.setDefaultRequeueRejected(false);
        factory.setMissingQueuesFatal(false);
        factory.setRecoveryInterval(RECOVERY_INTERVAL_MS);
        return factory;
    }

    /**
     * Grants are published on a connection of their own: the broker handles a connection's frames
     * in order, so on the consumers' connection a grant's confirm would queue behind their
     * deliveries and acknowledgements, and every winner would wait for it.
     */
    @Bean
    RabbitTemplateCustomizer publisherConnection() {
        return template -> template.setUsePublisherConnection(true);
    }
}
