package com.courtrush.infra;

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
