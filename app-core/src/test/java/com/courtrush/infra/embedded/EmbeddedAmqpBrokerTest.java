package com.courtrush.infra.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.lifecycle.PartRestarted;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.MessageProperties;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded broker on the data directory of an earlier version, whose store was Derby (decision 15), again, and
 * after its store failed.
 */
class EmbeddedAmqpBrokerTest {

    private static final String QUEUE = "grants-probe";

    /**
     * Issue 73: a store that fails as a disk does (Berkeley DB's log write fails, Qpid keeps its virtual host ACTIVE
     * and confirms nothing any more) is noticed, and the broker is started again on it within seconds: the messages
     * it had confirmed are there, and it confirms new ones.
     */
    @Test
    void aBrokerWhoseStoreFailsIsStartedAgainWithWhatItHadConfirmed(@TempDir Path dataDir) throws Exception {
        try (EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(dataDir)) {
            CompletableFuture<PartRestarted> restarted = new CompletableFuture<>();
            broker.onRestart(restarted::complete);
            Connection before = connect(broker);
            Channel publishing = before.createChannel();
            publishing.confirmSelect();
            publishing.queueDeclare(QUEUE, true, false, false, null);
            for (int i = 0; i < 5; i++) {
                publish(publishing, "before " + i);
            }
            assertThat(publishing.waitForConfirms(5_000)).isTrue();

            BrokerStoreFaults.failStore(broker);
            assertThat(broker.storeFailure())
                    .as("the failure, as the watch reads it")
                    .isPresent();
            // a publish meets the failed store: Qpid loses the thread serving this connection to it, and the
            // failed broker's shutdown then waits for that connection (30 s) while the new one starts beside it
            publish(publishing, "meets the failure");

            PartRestarted restart = restarted.get(30, TimeUnit.SECONDS);
            assertThat(restart.part()).isEqualTo("AMQP broker");
            assertThat(restart.down()).isPositive();
            before.abort(1_000);
            assertThat(broker.storeFailure()).isEmpty();
            try (Connection after = connect(broker)) {
                Channel channel = after.createChannel();
                assertThat(channel.queueDeclarePassive(QUEUE).getMessageCount())
                        .as("what it confirmed before its store failed")
                        .isEqualTo(5);
                channel.confirmSelect();
                publish(channel, "after");
                assertThat(channel.waitForConfirms(5_000)).isTrue();
                assertThat(channel.queueDeclarePassive(QUEUE).getMessageCount()).isEqualTo(6);
            }
            assertThat(broker.logForces()).isNotNegative();
        }
    }

    private static Connection connect(EmbeddedAmqpBroker broker) throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost("127.0.0.1");
        factory.setPort(broker.port());
        factory.setUsername(EmbeddedAmqpBroker.USERNAME);
        factory.setPassword(broker.password());
        factory.setVirtualHost(EmbeddedAmqpBroker.VIRTUAL_HOST);
        factory.setAutomaticRecoveryEnabled(false);
        return factory.newConnection();
    }

    private static void publish(Channel channel, String body) throws java.io.IOException {
        channel.basicPublish("", QUEUE, MessageProperties.PERSISTENT_BASIC, body.getBytes(StandardCharsets.UTF_8));
    }

    /** The bench's restart found Prometheus answering 500: the store's forces read -1 on a store that existed. */
    @Test
    void aRestartedBrokerStillCountsItsStoresLogForces(@TempDir Path dataDir) throws Exception {
        try (EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(dataDir)) {
            assertThat(broker.logForces()).as("log forces, first start").isNotNegative();
        }
        try (EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(dataDir)) {
            assertThat(broker.logForces())
                    .as("log forces, started again on its store")
                    .isNotNegative();
        }
    }

    @Test
    void anEarlierVersionsDerbyStoreIsMovedAsideOnceAndTheBrokerStartsOnBerkeleyDb(@TempDir Path dataDir)
            throws Exception {
        Path qpid = Files.createDirectories(dataDir.resolve("qpid"));
        Files.createDirectories(qpid.resolve("store/default/seg0"));
        Files.writeString(qpid.resolve("store/default/service.properties"), "derby");
        Files.writeString(qpid.resolve("derby.log"), "Booting Derby");

        try (EmbeddedAmqpBroker broker = EmbeddedAmqpBroker.start(dataDir)) {
            assertThat(broker.port()).isPositive();
            assertThat(broker.logForces()).as("Berkeley DB's log forces so far").isNotNegative();
        }

        assertThat(qpid.resolve("store")).doesNotExist();
        assertThat(qpid.resolve("derby.log")).doesNotExist();
        assertThat(qpid.resolve("derby-store-retired/default/service.properties"))
                .hasContent("derby");
        assertThat(qpid.resolve("derby-store-retired/derby.log")).exists();
        assertThat(qpid.resolve("bdb/00000000.jdb")).exists();
    }
}
