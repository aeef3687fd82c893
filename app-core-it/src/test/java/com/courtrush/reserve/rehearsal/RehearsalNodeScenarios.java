package com.courtrush.reserve.rehearsal;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.reserve.MultiNodeScenarios;
import com.courtrush.reserve.api.ReserveTotals;
import com.courtrush.reserve.statistics.ReserveMetrics;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A node's rehearsal (decision 28) beside another node on the same Redis, broker and database: the other node
 * neither reads nor counts any of it — every grant of the rehearsal is recorded by the node that made it.
 */
public interface RehearsalNodeScenarios extends MultiNodeScenarios {

    @Test
    default void anotherNodeNeitherReadsNorCountsARehearsal() throws Exception {
        try (ConfigurableApplicationContext nodeB = startSecondNode()) {
            ReserveMetrics metricsB = nodeB.getBean(ReserveMetrics.class);
            ReserveTotals before = metricsB.totals();

            RushRehearsal.Summary summary = bean(RushRehearsal.class).rehearse();

            assertThat(summary.granted()).as("places the rehearsal granted").isPositive();
            assertThat(summary.recorded())
                    .as("recorded by this node, none left to another")
                    .isEqualTo(summary.granted());
            assertThat(metricsB.totals()).as("what node B counted meanwhile").isEqualTo(before);
        }
    }
}
