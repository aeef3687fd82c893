package com.courtrush;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.support.Crowd;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.LocalRedis;
import com.courtrush.support.StackTest;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The Redis Cluster master that holds an opening's hash slot killed in the middle of its rush: three
 * masters with a replica each, started here from the embedded-redis jar's redis-server, the engine
 * pointed at them through a Redisson file, the machine's MariaDB and RabbitMQ. The cluster promotes the
 * master's replica after its node timeout; the replica may lack the master's last writes, so the
 * opening is rebuilt from the database on it, and the database's guards keep a place it forgot from
 * being sold twice. The other openings' masters are untouched.
 */
@ExtendWith(ExternalServices.class)
@DirtiesContext
class RedisClusterFailoverIT extends StackTest {

    private static LocalRedis cluster;

    @DynamicPropertySource
    static void external(DynamicPropertyRegistry registry) {
        ExternalServices.register(registry, "cluster-failover", () -> {
            cluster = LocalRedis.cluster(3, 1);
            return cluster.configFile();
        });
        // the reconciler on its default schedule (the scenarios' stack switches it off): a grant recorded while
        // the failover kept Redis from being told is read SUCCESS again at its next run
        registry.add("courtrush.reserve.reconcile-interval", () -> "10s");
    }

    @Test
    void theMasterOfAnOpeningKilledMidRushFailsOverToItsReplicaAndNothingIsLost() throws Exception {
        List<Student> students = api().students(160);
        long court = api().createCourt();
        LocalDateTime flash = now().plusSeconds(3).withNano(0);
        long session = api().createSession(tomorrow(), flash, 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "20:00", 60, 5);
        int places = slots.size() * 5;
        LocalRedis.Node master = cluster.builtMasterOf(redisson().getKeys().getSlot(RedisKeys.opening(session)));
        LocalRedis.Node replica = cluster.replicasOf(master).get(0);

        long flashMillis =
                System.currentTimeMillis() + Duration.between(now(), flash).toMillis();
        Crowd crowd = Crowd.start(
                api(), session, slots, students, flashMillis, new Crowd.Manner(8000, 6, 1000, 20261126), 160);
        sleepUntil(flash.plusNanos(1_500_000_000L));
        long killedAt = System.currentTimeMillis();
        cluster.kill(master);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> cluster.isMaster(replica));
        long promotedAt = System.currentTimeMillis();
        crowd.finish();

        Map<String, Integer> outcomes = new TreeMap<>(crowd.outcomes());
        assertThat(outcomes.keySet())
                .as("answers %s: none a server error but the outage's 503", outcomes)
                .allMatch(answer -> !answer.startsWith("5") || answer.startsWith("503"));
        assertThat(crowd.grantedBefore(killedAt))
                .as("granted before the kill; %s", outcomes)
                .isPositive();
        long firstAfter = crowd.firstGrantAfter(promotedAt);
        assertThat(firstAfter)
                .as("granted by the promoted replica; %s", outcomes)
                .isPositive();

        // I4: every 202 ends SUCCESS or FAILED; the database holds exactly the successes
        int succeeded = 0;
        for (Map.Entry<String, Student> grant : crowd.accepted().entrySet()) {
            String status = api().awaitResult(grant.getValue(), grant.getKey(), SETTLE)
                    .data()
                    .path("status")
                    .asText();
            assertThat(status).as("trace %s", grant.getKey()).isIn("SUCCESS", "FAILED");
            succeeded += status.equals("SUCCESS") ? 1 : 0;
        }
        TestApi.sleep(3500); // the reconciler's horizon: what the promoted replica still lists in flight is settled
        bean(Reconciler.class).reconcile();
        int holders = invariants().assertHold(session);
        assertThat(holders)
                .as("bookings in the database against traces that ended SUCCESS")
                .isEqualTo(succeeded);
        assertThat(holders).as("places sold").isLessThanOrEqualTo(places);
        List<Long> waits = crowd.answered503Ms();
        System.out.printf(
                "Redis Cluster master %d (the opening's slot) killed mid-rush: its replica %d was master %d ms later; "
                        + "%d places, %d granted (%d before the kill, %d after the promotion, the first %d ms after "
                        + "the kill), %d recorded, %d answered 503 (slowest %d ms); answers %s%n",
                master.port(),
                replica.port(),
                promotedAt - killedAt,
                places,
                crowd.accepted().size(),
                crowd.grantedBefore(killedAt),
                crowd.grantedAfter(promotedAt),
                firstAfter - killedAt,
                holders,
                waits.size(),
                waits.stream().mapToLong(Long::longValue).max().orElse(0),
                outcomes);
    }
}
