package com.courtrush.reserve.rehearsal;

import com.courtrush.infra.amqp.Queues;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.NodeName;
import com.courtrush.reserve.record.ReservationWriter;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.record.ReservePublisher;
import com.rabbitmq.client.Channel;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.config.SimpleRabbitListenerContainerFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.amqp.rabbit.listener.api.ChannelAwareBatchMessageListener;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * The rehearsal's side of recording: a queue of this node's own — exclusive to its connection, so no other node
 * can read it and the broker drops it with the connection, a crash included — read by a listener container made by
 * the reserve consumers' own factory, whose batches are written by {@link ReservationWriter#rehearse} (the rush's
 * statements, in a transaction rolled back) {@value #WRITES} times each, as a rush's many batches would compile
 * them, then settled once in Redis. One batch is written at a time: every batch of a round writes its opening's
 * rows.
 */
@Component
class RehearsalRecorder {

    private static final Logger log = LoggerFactory.getLogger(RehearsalRecorder.class);

    /** How long a round's end waits for the batch being written (rolled back) to finish. */
    static final Duration BATCH_IN_HAND = Duration.ofSeconds(60);

    /** How many times each batch is written (and rolled back): a rush's consumers write many more batches. */
    static final int WRITES = 4;

    private final AmqpAdmin admin;
    private final SimpleRabbitListenerContainerFactory factory;
    private final ReservePublisher publisher;
    private final ReservationWriter writer;
    private final RehearsalRows rows;
    private final NodeName node;
    private final boolean durable;
    private final ReentrantLock writing = new ReentrantLock();
    private final AtomicLong recorded = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();

    RehearsalRecorder(
            AmqpAdmin admin,
            @Qualifier(Queues.RESERVE_BATCH_FACTORY) SimpleRabbitListenerContainerFactory factory,
            ReservePublisher publisher,
            ReservationWriter writer,
            RehearsalRows rows,
            NodeName node,
            CourtRushProperties properties) {
        this.durable = properties.embedded();
        this.admin = admin;
        this.factory = factory;
        this.publisher = publisher;
        this.writer = writer;
        this.rows = rows;
        this.node = node;
    }

    /** Grants recorded so far (all rounds). */
    long recorded() {
        return recorded.get();
    }

    /** Grants whose recording failed so far (all rounds). */
    long failed() {
        return failed.get();
    }

    /** Starts reading this node's rehearsal queue for {@code round}; closing stops it and drops the queue. */
    Listening listen(RehearsalOpening round) {
        String name = Queues.REHEARSAL_QUEUE_PREFIX + node.toString().replaceAll("[^A-Za-z0-9._-]", "-") + "."
                + UUID.randomUUID();
        // exclusive, deleted when its last consumer goes; durable where the broker is this node's own, whose store
        // then keeps its persistent messages as it keeps the rush's (the code that does it compiled too); its
        // lifetime is still the connection's: a broker started again does not bring it back
        admin.declareQueue(new Queue(name, durable, true, true));
        SimpleMessageListenerContainer container = factory.createListenerContainer();
        container.setQueueNames(name);
        AtomicBoolean ended = new AtomicBoolean();
        container.setMessageListener(
                (ChannelAwareBatchMessageListener) (messages, channel) -> record(round, messages, channel, ended));
        container.afterPropertiesSet();
        container.start();
        publisher.rehearseOn(name);
        return new Listening(name, container, ended);
    }

    private void record(RehearsalOpening round, List<Message> messages, Channel channel, AtomicBoolean ended) {
        writing.lock();
        try {
            if (ended.get()) {
                // the round is over (its wait ran out, a stop): what arrives late is not written at all
                return;
            }
            List<ReserveMessage> grants = new ArrayList<>(messages.size());
            for (Message message : messages) {
                grants.add(ReserveMessage.fromJson(message.getBody()));
            }
            writer.rehearse(grants, WRITES, () -> round.writeRows(rows, grants));
            recorded.addAndGet(grants.size());
        } catch (RuntimeException e) {
            // a rehearsal that cannot write is a rehearsal with less compiled: said, never retried
            failed.addAndGet(messages.size());
            log.warn("The rehearsal could not write {} grant(s): {}", messages.size(), e.toString());
        } finally {
            writing.unlock();
            acknowledge(messages, channel);
        }
    }

    private static void acknowledge(List<Message> messages, Channel channel) {
        try {
            for (Message message : messages) {
                channel.basicAck(message.getMessageProperties().getDeliveryTag(), false);
            }
        } catch (IOException e) {
            // its queue is exclusive to this node and goes with the round: nothing waits for these
            log.debug("The rehearsal's messages could not be acknowledged: {}", e.toString());
        }
    }

    /** A rehearsal queue being read; closing it stops the reading, and the broker drops the queue. */
    final class Listening implements AutoCloseable {

        private final String queue;
        private final SimpleMessageListenerContainer container;
        private final AtomicBoolean ended;

        private Listening(String queue, SimpleMessageListenerContainer container, AtomicBoolean ended) {
            this.queue = queue;
            this.container = container;
            this.ended = ended;
        }

        String queue() {
            return queue;
        }

        /**
         * Ends the round's reading without ever interrupting a write: nothing more is published to it, a batch in
         * hand finishes its rolled-back transaction (waited for), later ones are acknowledged unwritten, and only
         * then is the container stopped — its consumers have nothing in JDBC for the stop to cut short.
         */
        @Override
        public void close() {
            publisher.endRehearsal();
            boolean waited = false;
            try {
                waited = writing.tryLock(BATCH_IN_HAND.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ended.set(true);
            if (waited) {
                writing.unlock();
            } else {
                log.warn(
                        "The rehearsal's batch in hand had not finished {} s after its round ended; its consumer is"
                                + " stopped after it finishes",
                        BATCH_IN_HAND.toSeconds());
            }
            try {
                container.stop();
            } finally {
                container.destroy();
                // auto-deleted with its last consumer: asked for (a passive declaration) before it is deleted, as
                // the embedded broker answers the deletion of a queue it no longer has by closing the channel
                try {
                    if (admin.getQueueProperties(queue) != null) {
                        admin.deleteQueue(queue);
                    }
                } catch (RuntimeException e) {
                    // exclusive: the broker drops it with this node's connection anyway
                    log.debug("Rehearsal queue {} not deleted now ({}); the broker drops it", queue, e.toString());
                }
            }
        }
    }
}
