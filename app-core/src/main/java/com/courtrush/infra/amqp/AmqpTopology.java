package com.courtrush.infra.amqp;

import java.util.Map;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
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
 */
@Configuration(proxyBeanMethods = false)
public class AmqpTopology {

    @Bean
    Declarables reserveTopology() {
        DirectExchange reserveExchange = new DirectExchange(Queues.RESERVE_EXCHANGE, true, false);
        FanoutExchange deadLetterExchange = new FanoutExchange(Queues.DEAD_LETTER_EXCHANGE, true, false);
        Queue reserveQueue = QueueBuilder.durable(Queues.RESERVE_QUEUE)
                .withArgument("x-dead-letter-exchange", Queues.DEAD_LETTER_EXCHANGE)
                .withArgument("alternateBinding", Map.of("destination", Queues.DEAD_LETTER_EXCHANGE))
                .withArgument("x-qpid-maximum-delivery-count", 1)
                .build();
        Queue deadLetterQueue = QueueBuilder.durable(Queues.DEAD_LETTER_QUEUE).build();
        Binding reserveBinding =
                BindingBuilder.bind(reserveQueue).to(reserveExchange).with(Queues.RESERVE_ROUTING_KEY);
        Binding deadLetterBinding = BindingBuilder.bind(deadLetterQueue).to(deadLetterExchange);
        return new Declarables(
                reserveExchange, deadLetterExchange, reserveQueue, deadLetterQueue, reserveBinding, deadLetterBinding);
    }
}
