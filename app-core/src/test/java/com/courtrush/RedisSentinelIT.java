package com.courtrush;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.LocalRedis;
import com.courtrush.support.StackTest;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The Redis master killed in the middle of a rush, with Sentinel promoting its replica: a master,
 * a replica and three Sentinels started here from the embedded-redis jar's redis-server, the engine
 * pointed at them through a Redisson file as an operator would, and the machine's MariaDB and
 * RabbitMQ. The promoted replica is another Redis (another run id) that may lack the master's last
 * writes: the openings it holds are rebuilt from the database, and the database's guards keep a place
 * it forgot from being sold twice. Nothing is lost: every student told 202 ends SUCCESS or FAILED,
 * and the invariants hold.
 */
@ExtendWith(ExternalServices.class)
@DirtiesContext
class RedisSentinelIT extends StackTest {

    private static LocalRedis redis;

    @DynamicPropertySource
    static void external(DynamicPropertyRegistry registry) {
        ExternalServices.register(registry, "sentinel", () -> {
            redis = LocalRedis.sentinel(3);
            return redis.configFile();
        });
    }

    @Test
    void theMasterKilledMidRushFailsOverAndNothingIsLost() throws Exception {
        LocalRedis.Node master = redis.dataNodes().get(0);
        LocalRedis.Node replica = redis.dataNodes().get(1);
        long court = api().createCourt();
        LocalDateTime flash = now().plusSeconds(3).withNano(0);
        long session = api().createSession(tomorrow(), flash, 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "20:00", 60, 5);
        int places = slots.size() * 5;
        List<Student> students = api().students(160);

        // the students arrive over 8 s from the flash; each wants one place and tries until it has one:
        // another slot after a sold-out answer, the same again a second after a 503, five attempts at most
        long flashMillis =
                System.currentTimeMillis() + Duration.between(now(), flash).toMillis();
        AtomicLong failedOverAt = new AtomicLong(Long.MAX_VALUE);
        Map<String, Integer> outcomes = new ConcurrentHashMap<>();
        Map<String, Student> accepted = new ConcurrentHashMap<>();
        Map<String, Long> acceptedAt = new ConcurrentHashMap<>();
        Random random = new Random(20261124);
        ExecutorService crowd = Executors.newFixedThreadPool(students.size());
        List<Future<?>> done = new ArrayList<>();
        for (Student student : students) {
            long arrival = flashMillis + 100 + random.nextInt(8000);
            long firstSlot = random.nextInt(slots.size());
            done.add(crowd.submit(() -> {
                TestApi.sleep(Math.max(0, arrival - System.currentTimeMillis()));
                int slot = (int) firstSlot;
                for (int attempt = 0; attempt < 5; attempt++) {
                    Reply reply = api().reserve(student, session, slots.get(slot % slots.size()));
                    outcomes.merge(reply.status() + " " + reply.enumCode(), 1, Integer::sum);
                    if (reply.status() == 202) {
                        String trace = reply.data().path("traceId").asText();
                        accepted.put(trace, student);
                        acceptedAt.put(trace, System.currentTimeMillis());
                        return null;
                    }
                    if (reply.status() == 409 && "OUT_OF_STOCK".equals(reply.enumCode())) {
                        slot++;
                    } else if (reply.status() == 503) {
                        TestApi.sleep(1000);
                    } else {
                        return null;
                    }
                }
                return null;
            }));
        }

        sleepUntil(flash.plusNanos(1_500_000_000L));
        redis.kill(master);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> redis.sentinelMasterPort() == replica.port());
        failedOverAt.set(System.currentTimeMillis());
        for (Future<?> each : done) {
            each.get();
        }
        crowd.shutdown();

        assertThat(outcomes.keySet())
                .as("answers %s: none a server error but the outage's 503", outcomes)
                .allMatch(answer -> !answer.startsWith("5") || answer.startsWith("503"));
        long before = acceptedAt.values().stream()
                .filter(at -> at < flashMillis + 1500)
                .count();
        long after = acceptedAt.values().stream()
                .filter(at -> at > failedOverAt.get())
                .count();
        assertThat(before)
                .as("places granted before the master was killed; answers %s", outcomes)
                .isPositive();
        assertThat(after)
                .as("places granted by the promoted replica; answers %s", outcomes)
                .isPositive();

        // I4: every 202 ends SUCCESS or FAILED; the database holds exactly the successes
        int succeeded = 0;
        for (Map.Entry<String, Student> grant : accepted.entrySet()) {
            String status = api().awaitResult(grant.getValue(), grant.getKey(), SETTLE)
                    .data()
                    .path("status")
                    .asText();
            assertThat(status).as("trace %s", grant.getKey()).isIn("SUCCESS", "FAILED");
            succeeded += status.equals("SUCCESS") ? 1 : 0;
        }
        TestApi.sleep(3500); // the reconciler's horizon: what the promoted replica still lists in flight is settled
        bean(Reconciler.class).reconcile();
        await().atMost(SETTLE)
                .untilAsserted(() -> assertThat(redis.sentinelMasterPort()).isEqualTo(replica.port()));
        int holders = invariants().assertHold(session);
        assertThat(holders)
                .as("bookings in the database against traces that ended SUCCESS")
                .isEqualTo(succeeded);
        assertThat(holders).as("places sold").isLessThanOrEqualTo(places);
        System.out.printf(
                "Sentinel failover mid-rush: %d places, %d granted (%d before the kill, %d after the "
                        + "failover), %d recorded; answers %s%n",
                places, accepted.size(), before, after, holders, outcomes);
    }
}
