package com.courtrush;

import static com.courtrush.support.Times.now;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.amqp.Queues;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.support.Crowd;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.LocalRabbit;
import com.courtrush.support.OutageRush;
import com.courtrush.support.StackTest;
import com.courtrush.support.TestApi;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The broker node that leads {@code reserve.queue} killed in the middle of a rush: a RabbitMQ cluster of
 * three nodes started here from the machine's {@code rabbitmq-server} (never the machine's own node), the
 * reserve queues as quorum queues, the engine given every node's address as an operator would
 * ({@code spring.rabbitmq.addresses}), with the machine's MariaDB and Redis. The engine's connections
 * are to the first node, which leads the queues (they are led where they were declared): killing it
 * takes the publisher's confirms, the consumers and the queue's leader at once. A grant answered 202 was
 * confirmed by a majority, so the survivors hold it; the consumers reconnect to a survivor and any
 * delivery they had not acknowledged comes again, which the consumer records once.
 */
@ExtendWith(ExternalServices.class)
@EnabledIf(
        value = "com.courtrush.support.LocalRabbit#installedOrRequired",
        disabledReason = "rabbitmq-server is not installed here (set CI=true to require it)")
@DirtiesContext
class BrokerClusterIT extends StackTest {

    private static LocalRabbit broker;

    @DynamicPropertySource
    static void external(DynamicPropertyRegistry registry) {
        ExternalServices.register(registry, "broker-cluster", null);
        broker = LocalRabbit.cluster(3);
        registry.add("spring.rabbitmq.addresses", broker::addresses);
        // the cluster is this class's alone: its default virtual host, not the JVM's one on the machine's RabbitMQ
        registry.add("spring.rabbitmq.virtual-host", () -> "/");
        registry.add("courtrush.infra.quorum-queues", () -> "true");
        // the reconciler on its default schedule (the scenarios' stack switches it off)
        registry.add("courtrush.reserve.reconcile-interval", () -> "10s");
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void theNodeLeadingTheReserveQueueKilledMidRushLosesNoGrant() throws Exception {
        LocalRabbit.Node leader = broker.leaderOf(Queues.RESERVE_QUEUE);
        assertThat(broker.describe(Queues.RESERVE_QUEUE)).as("reserve.queue").contains("quorum");
        assertThat(broker.describe(Queues.DEAD_LETTER_QUEUE)).as("reserve.dlq").contains("quorum");
        OutageRush rush = OutageRush.prepare(this);
        long killedAt = rush.startAndAwaitTheKill(6, 20261125);
        LocalDateTime killedOnTheWallClock = now(); // the gym's wall clock, as reservations are stamped
        broker.kill(leader);
        Crowd crowd = rush.finish();
        LocalRabbit.Node newLeader = broker.leaderOf(Queues.RESERVE_QUEUE);

        Map<String, Integer> outcomes = rush.outcomes();
        assertThat(newLeader).as("the queue's leader after the kill").isNotEqualTo(leader);
        assertThat(crowd.grantedBefore(killedAt))
                .as("granted before the kill; %s", outcomes)
                .isPositive();
        long firstAfter = crowd.firstGrantAfter(killedAt);
        assertThat(firstAfter)
                .as("granted after the kill, through a survivor; %s", outcomes)
                .isPositive();

        // every 202 was confirmed by a majority: the survivors hold it and it is recorded
        assertThat(rush.settledSuccesses())
                .as("202s recorded; %s", outcomes)
                .isEqualTo(crowd.accepted().size());
        TestApi.sleep(3500); // the reconciler's horizon: a grant whose confirm was lost with the node is settled
        bean(Reconciler.class).reconcile();
        int holders = invariants().assertHold(rush.session());
        assertThat(holders)
                .as("places sold")
                .isLessThanOrEqualTo(rush.places())
                .isGreaterThanOrEqualTo(crowd.accepted().size());
        // how long no grant was recorded after the kill, by the clock reservations are stamped with
        LocalDateTime firstRecorded = jdbc().queryForObject(
                        "select min(r.create_time) from reservation r join time_slot t on t.id = r.slot_id "
                                + "where t.session_id = ? and r.create_time > ?",
                        LocalDateTime.class,
                        rush.session(),
                        killedOnTheWallClock);
        long firstRecordedAfter = firstRecorded == null
                ? -1
                : Duration.between(killedOnTheWallClock, firstRecorded).toMillis();
        MeterRegistry meters = bean(MeterRegistry.class);
        System.out.printf(
                "RabbitMQ node %s (leading reserve.queue) killed mid-rush: %d places, %d granted (%d before the kill, "
                        + "%d after; the first %d ms after the kill), the first recorded %d ms after the kill, %d recorded (%d of them answered 503 and recorded "
                        + "anyway), %.0f deliveries that came again and were recorded once; the queue is now led by %s: "
                        + "%s; answers %s%n",
                leader.name(),
                rush.places(),
                crowd.accepted().size(),
                crowd.grantedBefore(killedAt),
                crowd.grantedAfter(killedAt),
                firstAfter - killedAt,
                firstRecordedAfter,
                holders,
                holders - crowd.accepted().size(),
                meters.counter("courtrush.reserve.consumed", "result", "DUPLICATE")
                        .count(),
                newLeader.name(),
                broker.describe(Queues.RESERVE_QUEUE),
                outcomes);
    }
}
