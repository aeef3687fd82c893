package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.redis.ScriptPipeline;
import com.courtrush.pay.LifecycleScenarios;
import com.courtrush.reserve.MultiNodeScenarios;
import com.courtrush.reserve.RecordScenarios;
import com.courtrush.reserve.ReserveScenarios;
import com.courtrush.reserve.decide.DrawScenarios;
import com.courtrush.reserve.pass.BookingPassScenarios;
import com.courtrush.reserve.recover.RecoveryScenarios;
import com.courtrush.reserve.rehearsal.RehearsalScenarios;
import com.courtrush.share.FairShareScenarios;
import com.courtrush.staff.StaffScenarios;
import com.courtrush.support.EchoCall;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.LocalRedis;
import com.courtrush.support.StackTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.client.protocol.RedisCommands;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The reserve path's scenarios — the crowd and the invariants, releases, re-syncs, the fair draw, the
 * booking pass, two nodes, the fair share across openings — on a Redis Cluster of three masters (started here from the embedded-redis
 * jar's redis-server, joined with CLUSTER MEET / ADDSLOTS), with the machine's MariaDB and RabbitMQ.
 * Every key one decision touches carries its opening's hash tag: a script that reached across hash
 * slots would answer CROSSSLOT here. The engine is pointed at the cluster as an operator would point
 * it, through a Redisson file ({@code courtrush.infra.redis-config-file}).
 */
@ExtendWith(ExternalServices.class)
@DirtiesContext
class RedisClusterIT extends StackTest
        implements ReserveScenarios,
                RecordScenarios,
                RecoveryScenarios,
                LifecycleScenarios,
                StaffScenarios,
                BookingPassScenarios,
                DrawScenarios,
                MultiNodeScenarios,
                FairShareScenarios,
                RehearsalScenarios {

    private static LocalRedis cluster;

    @DynamicPropertySource
    static void external(DynamicPropertyRegistry registry) {
        ExternalServices.register(registry, "cluster", () -> {
            cluster = LocalRedis.cluster(3);
            return cluster.configFile();
        });
    }

    /**
     * One pipelined batch reaches all three masters; one of them has lost its scripts (a failover, a
     * restart). Its calls did not run and are sent again once the script is loaded; the calls the other
     * masters ran are answered from their own replies and run once, not again with the batch.
     */
    @Test
    void callsOfOneBatchRunOnceEachWhenOneMasterHasLostItsScripts() throws Exception {
        ScriptPipeline<EchoCall, List<Object>> pipeline =
                new ScriptPipeline<>(redisson(), EchoCall.SCRIPT, Duration.ofMinutes(1));
        String prefix = "test:cluster-pipeline:" + System.nanoTime() + ":";
        List<String> keys = IntStream.range(0, 60).mapToObj(i -> prefix + i).toList();
        for (String key : keys) {
            assertThat(pipeline.call(new EchoCall(key, "first"))).containsExactly(key, "first", 1L);
        }
        int flushed = cluster.dataNodes().get(0).port();
        Boolean scriptsFlushed = cluster.command(flushed, c -> c.sync(RedisCommands.SCRIPT_FLUSH));
        assertThat(scriptsFlushed).as("SCRIPT FLUSH on one master").isTrue();

        ExecutorService pool = Executors.newFixedThreadPool(keys.size());
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<List<Object>>> replies = new ArrayList<>();
            for (String key : keys) {
                replies.add(pool.submit(() -> {
                    go.await();
                    return pipeline.call(new EchoCall(key, "second"));
                }));
            }
            go.countDown();
            for (int i = 0; i < keys.size(); i++) {
                assertThat(replies.get(i).get())
                        .as("reply to the call on %s", keys.get(i))
                        .containsExactly(keys.get(i), "second", 2L);
            }
        } finally {
            pool.shutdownNow();
        }
        for (String key : keys) {
            assertThat(redisson().<String>getBucket(key).get())
                    .as("calls run on %s", key)
                    .isEqualTo("2");
        }
        redisson().getKeys().delete(keys.toArray(String[]::new));
    }
}
