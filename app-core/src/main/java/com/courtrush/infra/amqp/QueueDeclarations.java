package com.courtrush.infra.amqp;

import com.courtrush.infra.config.InfraConfigException;
import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Address;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Exchange;
import org.springframework.amqp.core.Queue;

/**
 * Switches the reserve queues to how this node declares them — classic or quorum — before the node
 * declares them: RabbitMQ refuses to declare an existing queue of another type ({@code PRECONDITION_FAILED}),
 * and a queue's type cannot change in place. The queues declared otherwise are all checked first: if every
 * one is empty and no consumer uses it, each is deleted and declared again (said in the log); if any is in
 * use or holds messages, none is touched and the node does not start, saying what to do — a grant in them
 * is a student's place, and it is only ever lost by deleting it.
 *
 * <p>The migration is therefore: let the nodes drain the queues (the Queues screen shows nothing ready,
 * nothing in flight), stop every node, change the setting, start one node, then the rest
 * (docs/deployment.md). The check and the delete are not one step: a node of the old setting still
 * running could publish in between, which is why every node is stopped first.
 */
final class QueueDeclarations {

    private static final Logger log = LoggerFactory.getLogger(QueueDeclarations.class);
    /** AMQP's reply code when a declaration does not match the existing queue. */
    private static final int PRECONDITION_FAILED = 406;

    private static final String ACTION = "Start the nodes with the setting they had (courtrush.infra.quorum-queues) "
            + "until the reserve queues are empty, stop every node, then start them with the new setting: the first "
            + "one declares the queues again. docs/deployment.md, 'Moving to quorum queues'.";

    private final ConnectionFactory factory;
    private final List<Address> addresses;

    QueueDeclarations(ConnectionFactory factory, List<String> addresses) {
        this.factory = factory;
        this.addresses = addresses.stream().map(Address::parseAddress).toList();
    }

    /**
     * Declares the exchanges, then each queue as given, switching over those declared otherwise if none is in use; does nothing
     * (the listener containers and the template connect later) when the broker cannot be reached now.
     */
    void switchOver(List<Exchange> exchanges, List<Queue> queues) {
        Connection connection;
        try {
            connection = factory.newConnection(addresses, "courtrush-queue-declarations");
        } catch (IOException | TimeoutException e) {
            log.warn(
                    "RabbitMQ at {} cannot be reached to check how the reserve queues are declared ({}); they are "
                            + "declared when it answers",
                    addresses,
                    e.toString());
            return;
        }
        try (connection) {
            // first: a queue may name one as its dead-letter exchange, which Qpid requires to exist
            try (Channel channel = connection.createChannel()) {
                for (Exchange exchange : exchanges) {
                    channel.exchangeDeclare(
                            exchange.getName(),
                            exchange.getType(),
                            exchange.isDurable(),
                            exchange.isAutoDelete(),
                            exchange.getArguments());
                }
            }
            List<Queue> otherwise = new ArrayList<>();
            for (Queue queue : queues) {
                if (!declared(connection, queue)) {
                    otherwise.add(queue);
                }
            }
            for (Queue queue : otherwise) {
                requireUnused(connection, queue);
            }
            for (Queue queue : otherwise) {
                try (Channel channel = connection.createChannel()) {
                    // no if-empty/if-unused flags: quorum queues refuse them (checked just above)
                    channel.queueDelete(queue.getName());
                    declare(channel, queue);
                }
                log.warn(
                        "{} was empty and unused, declared otherwise than this node declares it: deleted and declared "
                                + "again {}",
                        queue.getName(),
                        describe(queue));
            }
        } catch (IOException | TimeoutException | RuntimeException e) {
            if (e instanceof InfraConfigException refused) {
                throw refused;
            }
            throw new InfraConfigException(
                    "The reserve queues could not be checked or declared on RabbitMQ at " + addresses + ": "
                            + reason(e),
                    "Check that the broker answers and that this node's user may configure the reserve queues; "
                            + ACTION,
                    e);
        }
    }

    /** Declares the queue; false when the broker has it declared otherwise. */
    private static boolean declared(Connection connection, Queue queue) throws IOException, TimeoutException {
        try (Channel channel = connection.createChannel()) {
            declare(channel, queue);
            return true;
        } catch (IOException e) {
            if (!preconditionFailed(e)) {
                throw e;
            }
            log.info("{} is declared otherwise on the broker: {}", queue.getName(), reason(e));
            return false;
        }
    }

    private static void requireUnused(Connection connection, Queue queue) throws IOException, TimeoutException {
        try (Channel channel = connection.createChannel()) {
            AMQP.Queue.DeclareOk existing = channel.queueDeclarePassive(queue.getName());
            if (existing.getMessageCount() > 0 || existing.getConsumerCount() > 0) {
                throw new InfraConfigException(
                        queue.getName() + " is declared otherwise on RabbitMQ than this node declares it "
                                + describe(queue) + ", and it is in use: " + existing.getMessageCount()
                                + " message(s), " + existing.getConsumerCount()
                                + " consumer(s). Nothing was changed.",
                        ACTION);
            }
        }
    }

    private static void declare(Channel channel, Queue queue) throws IOException {
        channel.queueDeclare(
                queue.getName(), queue.isDurable(), queue.isExclusive(), queue.isAutoDelete(), queue.getArguments());
    }

    private static String describe(Queue queue) {
        Object type = queue.getArguments().getOrDefault("x-queue-type", "classic");
        Object limit = queue.getArguments().get("x-delivery-limit");
        return "(" + type + (limit == null ? "" : ", delivery limit " + limit) + ")";
    }

    private static boolean preconditionFailed(IOException e) {
        return e.getCause() instanceof ShutdownSignalException signal
                && signal.getReason() instanceof AMQP.Channel.Close close
                && close.getReplyCode() == PRECONDITION_FAILED;
    }

    private static String reason(Exception e) {
        Throwable cause = e instanceof ShutdownSignalException ? e : e.getCause();
        if (cause instanceof ShutdownSignalException signal) {
            if (signal.getReason() instanceof AMQP.Channel.Close close) {
                return close.getReplyText();
            }
            if (signal.getReason() instanceof AMQP.Connection.Close close) {
                return close.getReplyText();
            }
        }
        return e.toString();
    }
}
