package com.courtrush.infra.amqp;

import com.courtrush.infra.config.InfraConfigException;
import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Address;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.amqp.core.Queue;

/**
 * Switches the reserve queues to how this node declares them — classic or quorum, another delivery
 * limit — before the node declares them: RabbitMQ refuses to declare an existing queue with other
 * arguments ({@code PRECONDITION_FAILED}), and a queue's type cannot change in place. A queue that is
 * empty and that no consumer uses is deleted and declared again (said in the log); one still in use
 * or holding messages is left as it is and the node does not start, saying what to do: a grant in it
 * is a student's place, and it is only ever lost by deleting it.
 *
 * <p>The migration is therefore: let the nodes drain the queues (the Queues screen shows nothing ready,
 * nothing in flight), stop every node, change the setting, start the nodes (docs/deployment.md).
 */
final class QueueDeclarations {

    private static final Logger log = LoggerFactory.getLogger(QueueDeclarations.class);
    /** AMQP's reply code when a declaration does not match the existing queue. */
    private static final int PRECONDITION_FAILED = 406;

    private final ConnectionFactory factory;
    private final List<Address> addresses;

    QueueDeclarations(ConnectionFactory factory, List<String> addresses) {
        this.factory = factory;
        this.addresses = addresses.stream().map(Address::parseAddress).toList();
    }

    /**
     * Declares each queue as given, switching over one declared otherwise if nobody uses it; does nothing
     * (the listener containers and the template connect later) when the broker cannot be reached now.
     */
    void switchOver(List<Queue> queues) {
        try (Connection connection = factory.newConnection(addresses, "courtrush-queue-declarations")) {
            for (Queue queue : queues) {
                switchOver(connection, queue);
            }
        } catch (IOException | TimeoutException e) {
            log.warn(
                    "RabbitMQ at {} cannot be reached to check how the reserve queues are declared ({}); they are "
                            + "declared when it answers",
                    addresses,
                    e.toString());
        }
    }

    private void switchOver(Connection connection, Queue queue) throws IOException, TimeoutException {
        try (Channel channel = connection.createChannel()) {
            declare(channel, queue);
            return;
        } catch (IOException e) {
            if (!preconditionFailed(e)) {
                throw e;
            }
            log.info("{} is declared otherwise on the broker: {}", queue.getName(), reason(e));
        }
        try (Channel channel = connection.createChannel()) {
            AMQP.Queue.DeclareOk existing = channel.queueDeclarePassive(queue.getName());
            if (existing.getMessageCount() > 0 || existing.getConsumerCount() > 0) {
                throw new InfraConfigException(
                        queue.getName() + " is declared otherwise on RabbitMQ than this node declares it "
                                + describe(queue) + ", and it is in use: " + existing.getMessageCount()
                                + " message(s), " + existing.getConsumerCount()
                                + " consumer(s). Nothing was changed.",
                        "Start the nodes with the setting they had (courtrush.infra.quorum-queues, "
                                + "courtrush.infra.delivery-limit) until the queue is empty, stop every node, then "
                                + "start them with the new setting: the first one declares the queue again. "
                                + "docs/deployment.md, 'Moving to quorum queues'.");
            }
            channel.queueDelete(queue.getName(), true, true);
            declare(channel, queue);
            log.warn(
                    "{} was empty and unused, declared otherwise than this node declares it: deleted and declared "
                            + "again {}",
                    queue.getName(),
                    describe(queue));
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

    private static String reason(IOException e) {
        return e.getCause() instanceof ShutdownSignalException signal
                        && signal.getReason() instanceof AMQP.Channel.Close close
                ? close.getReplyText()
                : e.toString();
    }
}
