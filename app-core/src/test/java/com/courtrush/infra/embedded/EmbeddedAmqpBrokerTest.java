package com.courtrush.infra.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded broker on the data directory of an earlier version, whose store was Derby (decision 15), and again. */
class EmbeddedAmqpBrokerTest {

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
