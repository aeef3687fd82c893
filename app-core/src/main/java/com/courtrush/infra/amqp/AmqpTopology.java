package com.courtrush.infra.amqp;

import com.courtrush.infra.config.CourtRushProperties;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.rabbit.connection.AbstractConnectionFactory;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.amqp.RabbitProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The reserve pipeline's exchanges and queues, declared so that a rejected message is
 * dead-lettered on RabbitMQ and on the embedded Qpid broker alike:
 * <ul>
 *   <li>RabbitMQ reads {@code x-dead-letter-exchange};</li>
 *   <li>Qpid reads {@code alternateBinding} and routes a message there once it has been delivered
 *       {@code x-qpid-maximum-delivery-count} times and is rejected, keeping its routing key —
 *       hence a <em>fanout</em> dead-letter exchange.</li>
 * </ul>
 * Each broker ignores the other's arguments (Qpid because the embedded broker is told to).
 *
 * <p>On a RabbitMQ cluster the queues can be quorum queues ({@code courtrush.infra.quorum-queues}),
 * replicated on a majority of the nodes: a grant is confirmed once a majority holds it, and losing the
 * node that leads the queue loses none. Their dead-lettering is at-least-once (which RabbitMQ 3.10 allows
 * only with {@code x-overflow=reject-publish}), and a message delivered {@link #DELIVERY_LIMIT} times is
 * dead-lettered rather than delivered for ever (fixed: RabbitMQ does not compare it when a queue is declared
 * again, so a setting could not change it; a policy can lower it, docs/deployment.md). A queue already declared otherwise is switched over by
 * {@link QueueDeclarations} when nobody uses it.
 */
@Configuration(proxyBeanMethods = false)
public class AmqpTopology {

    /**
     * Deliveries of one grant (each consumer connection lost with it unacknowledged counts one, as when a
     * broker node goes) after which a quorum queue dead-letters it, and its place is given back.
     */
    static final int DELIVERY_LIMIT = 10;

    private static final Logger log = LoggerFactory.getLogger(AmqpTopology.class);

    @Bean
    Declarables reserveTopology(
            CourtRushProperties properties,
            ConnectionFactory connectionFactory,
            ObjectProvider<RabbitProperties> rabbit) {
        boolean quorum = properties.infra().quorumQueues() && !properties.embedded();
        if (properties.infra().quorumQueues() && properties.embedded()) {
            log.info(
                    "courtrush.infra.quorum-queues applies to a RabbitMQ cluster; the embedded broker keeps classic queues");
        }
        DirectExchange reserveExchange = new DirectExchange(Queues.RESERVE_EXCHANGE, true, false);
        FanoutExchange deadLetterExchange = new FanoutExchange(Queues.DEAD_LETTER_EXCHANGE, true, false);
        Queue reserveQueue = reserveQueue(quorum);
        Queue deadLetterQueue = deadLetterQueue(quorum);
        RabbitProperties broker = rabbit.getIfAvailable();
        if (!properties.embedded()
                && broker != null
                && connectionFactory instanceof AbstractConnectionFactory factory) {
            new QueueDeclarations(factory.getRabbitConnectionFactory(), broker.determineAddresses())
                    .switchOver(List.of(reserveExchange, deadLetterExchange), List.of(reserveQueue, deadLetterQueue));
        }
        Binding reserveBinding =
                BindingBuilder.bind(reserveQueue).to(reserveExchange).with(Queues.RESERVE_ROUTING_KEY);
        Binding deadLetterBinding = BindingBuilder.bind(deadLetterQueue).to(deadLetterExchange);
        return new Declarables(
                reserveExchange, deadLetterExchange, reserveQueue, deadLetterQueue, reserveBinding, deadLetterBinding);
    }

    /** {@code reserve.queue}: classic (both brokers' dead-lettering) or quorum. */
    static Queue reserveQueue(boolean quorum) {
        return quorum
                ? QueueBuilder.durable(Queues.RESERVE_QUEUE)
                        .quorum()
                        .deadLetterExchange(Queues.DEAD_LETTER_EXCHANGE)
                        .withArgument("x-dead-letter-strategy", "at-least-once")
                        .overflow(QueueBuilder.Overflow.rejectPublish)
                        .deliveryLimit(DELIVERY_LIMIT)
                        .build()
                : QueueBuilder.durable(Queues.RESERVE_QUEUE)
                        .withArgument("x-dead-letter-exchange", Queues.DEAD_LETTER_EXCHANGE)
                        .withArgument("alternateBinding", Map.of("destination", Queues.DEAD_LETTER_EXCHANGE))
                        .withArgument("x-qpid-maximum-delivery-count", 1)
                        .build();
    }

    /** {@code reserve.dlq}: classic or quorum. */
    static Queue deadLetterQueue(boolean quorum) {
        return quorum
                ? QueueBuilder.durable(Queues.DEAD_LETTER_QUEUE).quorum().build()
                : QueueBuilder.durable(Queues.DEAD_LETTER_QUEUE).build();
    }
}
