package com.courtrush;

import com.courtrush.pay.LifecycleScenarios;
import com.courtrush.reserve.MultiNodeScenarios;
import com.courtrush.reserve.RecoveryScenarios;
import com.courtrush.reserve.ReserveScenarios;
import com.courtrush.reserve.grant.DrawScenarios;
import com.courtrush.reserve.pass.BookingPassScenarios;
import com.courtrush.staff.StaffScenarios;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.LocalRedis;
import com.courtrush.support.StackTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The reserve path's scenarios — the crowd and the invariants, releases, re-syncs, the fair draw, the
 * booking pass, two nodes — on a Redis Cluster of three masters (started here from the embedded-redis
 * jar's redis-server, joined with CLUSTER MEET / ADDSLOTS), with the machine's MariaDB and RabbitMQ.
 * Every key one decision touches carries its opening's hash tag: a script that reached across hash
 * slots would answer CROSSSLOT here. The engine is pointed at the cluster as an operator would point
 * it, through a Redisson file ({@code courtrush.infra.redis-config-file}).
 */
@ExtendWith(ExternalServices.class)
@DirtiesContext
class RedisClusterIT extends StackTest implements ReserveScenarios, RecoveryScenarios, LifecycleScenarios,
        StaffScenarios, BookingPassScenarios, DrawScenarios, MultiNodeScenarios {

    private static LocalRedis cluster;

    @DynamicPropertySource
    static void external(DynamicPropertyRegistry registry) {
        ExternalServices.register(registry);
        cluster = LocalRedis.cluster(3);
        registry.add("courtrush.infra.redis-config-file", () -> cluster.configFile().toString());
        try {
            String dataDir = Files.createTempDirectory("courtrush-it-cluster-").toString();
            registry.add("courtrush.data-dir", () -> dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
