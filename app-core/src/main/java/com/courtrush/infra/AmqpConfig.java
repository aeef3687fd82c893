package com.courtrush.infra;

import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Listener containers of the reserve pipeline: manual acknowledgement (the consumer acks only
 * after the database commit, and rejects to the dead-letter queue after its last attempt).
 */
@Configuration(proxyBeanMethods = false)
class AmqpConfig {

    @Bean(Queues.MANUAL_ACK_FACTORY)
    SimpleRabbitListenerContainerFactory manualAckListenerFactory(ConnectionFactory connectionFactory,
            CourtRushProperties properties) {
        SimpleRabbitListenerContainerFactory factory = new SimpleRabbitListenerContainerFactory();
        factory.setConnectionFactory(connectionFactory);
        factory.setAcknowledgeMode(AcknowledgeMode.MANUAL);
        factory.setConcurrentConsumers(properties.reserve().consumerConcurrency());
        factory.setPrefetchCount(properties.reserve().consumerPrefetch());
        factory.setDefaultRequeueRejected(false);
        factory.setMissingQueuesFatal(false);
        return factory;
    }
}
