package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.rehearsal.RehearsalScenarios;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.PackagedServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The packaged server killed (SIGKILL) in the middle of its rehearsal of the rush (decision 28), while its crowd
 * is granted places and its consumers write them: after the restart on the same data directory nothing of the
 * rehearsal is left — no row in the database (its transactions never committed), no key in Redis (which kept what
 * the dead node wrote until a node deleted it), none of it counted.
 */
class RehearsalCrashIT {

    @Test
    void aServerKilledMidRehearsalLeavesNothingOfItAfterTheRestart(@TempDir Path dataDir) throws Exception {
        assertThat(PackagedServer.JAR)
                .as("the packaged server (mvn package runs before the ITs)")
                .exists();
        Path output = dataDir.resolveSibling(dataDir.getFileName() + "-server.out");
        Process server = PackagedServer.start(
                dataDir, output, "--courtrush.reserve.rehearse=true", "--courtrush.auth.bcrypt-strength=4");
        try {
            Awaitility.await("the rehearsal's first round under way")
                    .atMost(Duration.ofMinutes(2))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> read(output).contains("Rehearsal round 1 of") || !server.isAlive());
            assertThat(server.isAlive())
                    .as("the server; its output:%n%s", read(output))
                    .isTrue();
            Thread.sleep(2_500); // its gate opened a second after it began: places granted, published, being written
            assertThat(read(output)).as("killed mid-rehearsal").doesNotContain("Rehearsed the rush in");
            server.destroyForcibly(); // SIGKILL: no shutdown hook, no close
            assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }

        Matcher queue = Pattern.compile("queue (reserve\\.rehearsal\\.\\S+)").matcher(read(output));
        assertThat(queue.find()).as("the round's queue in the output").isTrue();
        try (ConfigurableApplicationContext engine = EmbeddedStack.start(dataDir)) {
            // the broker's store kept the round's queue durable, for the connection's life only: not brought back
            assertThat(engine.getBean(AmqpAdmin.class).getQueueProperties(queue.group(1)))
                    .as("the killed node's rehearsal queue %s", queue.group(1))
                    .isNull();
            RedissonClient redisson = engine.getBean(RedissonClient.class);
            JdbcTemplate jdbc = engine.getBean(JdbcTemplate.class);
            // Redis kept what the dead node wrote (its append-only file): the round it began, its opening's keys
            assertThat(redisson.getScoredSortedSet(RedisKeys.REHEARSALS, StringCodec.INSTANCE)
                            .size())
                    .as("the rehearsal the killed node began, as Redis kept it")
                    .isPositive();
            Awaitility.await("the keys the killed node's rehearsal left, deleted")
                    .atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> redisson.getKeys()
                                    .getKeysByPattern(RehearsalScenarios.REHEARSAL_KEYS)
                                    .iterator()
                                    .hasNext()
                            == false);
            assertThat(redisson.getScoredSortedSet(RedisKeys.REHEARSALS, StringCodec.INSTANCE)
                            .size())
                    .isZero();
            for (String table : List.of(
                    "court", "reserve_session", "time_slot", "user_account", "reservation", "notice", "audit_log")) {
                assertThat(jdbc.queryForObject("select count(*) from " + table + " where id < 0", Long.class))
                        .as("%s rows of the rehearsal", table)
                        .isZero();
            }
            assertThat(jdbc.queryForObject("select count(*) from reservation", Long.class))
                    .as("bookings: nobody booked")
                    .isZero();
            assertThat(jdbc.queryForObject("select count(*) from notice", Long.class))
                    .isZero();
            assertThat(jdbc.queryForObject("select count(*) from user_account where role = 'STUDENT'", Long.class))
                    .as("students: none was made")
                    .isZero();
            assertThat(jdbc.queryForObject(
                            "select count(*) from audit_log where actor like '%rehearsal%' or detail like '%rehearsal%'",
                            Long.class))
                    .isZero();
        }
    }

    private static String read(Path output) {
        try {
            return Files.exists(output) ? Files.readString(output) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
