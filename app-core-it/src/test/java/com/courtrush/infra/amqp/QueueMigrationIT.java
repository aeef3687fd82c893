package com.courtrush.infra.amqp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.infra.config.InfraConfigException;
import com.courtrush.support.ExternalServices;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.Exchange;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Queue;

/**
 * Moving the reserve queues from classic to quorum queues on the machine's RabbitMQ, as
 * docs/deployment.md tells an operator to: the nodes drain the queues, stop, and start with the new
 * setting, when the first one deletes and declares them again. A queue still holding grants or still
 * consumed is never deleted: the node refuses to start and says what to do. In a virtual host of its
 * own, so that no other test's queues are touched.
 */
@ExtendWith(ExternalServices.class)
@EnabledIf(
        value = "com.courtrush.support.LocalRabbit#installedOrRequired",
        disabledReason = "rabbitmqctl is not installed here (set CI=true to require it)")
class QueueMigrationIT {

    private static final String VHOST = "courtrush-it-migration";
    private static final List<Exchange> EXCHANGES = List.of(
            new DirectExchange(Queues.RESERVE_EXCHANGE, true, false),
            new FanoutExchange(Queues.DEAD_LETTER_EXCHANGE, true, false));

    private final ConnectionFactory factory = new ConnectionFactory();
    private Connection connection;

    @BeforeEach
    void virtualHost() throws Exception {
        rabbitmqctl("add_vhost", VHOST);
        rabbitmqctl("set_permissions", "-p", VHOST, "guest", ".*", ".*", ".*");
        factory.setHost(ExternalServices.HOST);
        factory.setPort(ExternalServices.AMQP_PORT);
        factory.setVirtualHost(VHOST);
        connection = factory.newConnection("queue-migration-test");
    }

    @AfterEach
    void dropVirtualHost() throws Exception {
        connection.close();
        rabbitmqctl("delete_vhost", VHOST);
    }

    @Test
    void classicQueuesBecomeQuorumQueuesAndBackOnlyOnceDrainedAndUnused() throws Exception {
        List<Queue> classic = List.of(AmqpTopology.reserveQueue(false), AmqpTopology.deadLetterQueue(false));
        List<Queue> quorum = List.of(AmqpTopology.reserveQueue(true), AmqpTopology.deadLetterQueue(true));
        QueueDeclarations declarations =
                new QueueDeclarations(factory, List.of(ExternalServices.HOST + ":" + ExternalServices.AMQP_PORT));

        // the nodes ran with classic queues; two grants are queued and a node still consumes
        declarations.switchOver(EXCHANGES, classic);
        Channel node = connection.createChannel();
        node.confirmSelect();
        for (String trace : List.of("grant-1", "grant-2")) {
            node.basicPublish("", Queues.RESERVE_QUEUE, null, trace.getBytes(StandardCharsets.UTF_8));
        }
        node.waitForConfirmsOrDie(5000);
        node.basicQos(1);
        String consumer = node.basicConsume(Queues.RESERVE_QUEUE, false, (tag, delivery) -> {}, tag -> {});

        // a node started with quorum queues now refuses, and nothing is touched
        assertThatThrownBy(() -> declarations.switchOver(EXCHANGES, quorum))
                .isInstanceOf(InfraConfigException.class)
                .hasMessageContaining("reserve.queue is declared otherwise")
                .hasMessageContaining("1 consumer(s)");
        node.basicCancel(consumer);
        node.close(); // its unacknowledged grant goes back to the queue
        assertThatThrownBy(() -> declarations.switchOver(EXCHANGES, quorum))
                .isInstanceOf(InfraConfigException.class)
                .hasMessageContaining("2 message(s), 0 consumer(s)");
        assertThat(messages(Queues.RESERVE_QUEUE)).as("grants still queued").isEqualTo(2);

        // drained (the nodes record what is queued) and stopped: the first node switches both queues over
        drain(Queues.RESERVE_QUEUE);
        declarations.switchOver(EXCHANGES, quorum);
        for (Queue queue : quorum) {
            assertThat(declaredAs(queue))
                    .as("%s declared as a quorum queue", queue.getName())
                    .isTrue();
        }
        for (Queue queue : classic) {
            assertThat(declaredAs(queue))
                    .as("%s no longer classic", queue.getName())
                    .isFalse();
        }
        // and the next node, started with the same setting, finds them as it declares them
        declarations.switchOver(EXCHANGES, quorum);

        // a grant published now is kept by the quorum queue
        try (Channel publisher = connection.createChannel()) {
            publisher.confirmSelect();
            publisher.basicPublish("", Queues.RESERVE_QUEUE, null, "grant-3".getBytes(StandardCharsets.UTF_8));
            publisher.waitForConfirmsOrDie(5000);
        }
        assertThat(messages(Queues.RESERVE_QUEUE)).isEqualTo(1);

        // back to classic queues: refused while reserve.queue holds that grant, and reserve.dlq — empty, so it
        // could have been switched — is left as it is too: every queue is checked before any is deleted
        assertThatThrownBy(() -> declarations.switchOver(EXCHANGES, classic))
                .isInstanceOf(InfraConfigException.class)
                .hasMessageContaining("1 message(s), 0 consumer(s)");
        assertThat(declaredAs(quorum.get(1))).as("reserve.dlq untouched").isTrue();
        assertThat(messages(Queues.RESERVE_QUEUE)).as("the grant still queued").isEqualTo(1);

        // drained: quorum queues are deleted (they take no if-empty/if-unused flags) and declared classic
        drain(Queues.RESERVE_QUEUE);
        declarations.switchOver(EXCHANGES, classic);
        for (Queue queue : classic) {
            assertThat(declaredAs(queue))
                    .as("%s classic again", queue.getName())
                    .isTrue();
        }
    }

    private void drain(String queue) throws Exception {
        try (Channel drain = connection.createChannel()) {
            GetResponse grant;
            while ((grant = drain.basicGet(queue, false)) != null) {
                drain.basicAck(grant.getEnvelope().getDeliveryTag(), false);
            }
        }
    }

    /** Whether the broker accepts the queue declared with exactly these arguments. */
    private boolean declaredAs(Queue queue) throws Exception {
        Channel channel = connection.createChannel();
        try {
            channel.queueDeclare(queue.getName(), true, false, false, queue.getArguments());
            channel.close();
            return true;
        } catch (IOException refused) {
            return false; // PRECONDITION_FAILED closes the channel
        }
    }

    private long messages(String queue) throws Exception {
        try (Channel channel = connection.createChannel()) {
            return channel.queueDeclarePassive(queue).getMessageCount();
        }
    }

    private static void rabbitmqctl(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("rabbitmqctl", "-q"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(command + " failed: " + out);
        }
    }
}
