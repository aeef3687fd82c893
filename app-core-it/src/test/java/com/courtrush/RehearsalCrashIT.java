package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.rehearsal.RehearsalScenarios;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.PackagedServer;
import com.courtrush.support.TestApi;
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
                dataDir,
                output,
                "--courtrush.reserve.rehearse=true",
                // a round to kill, whatever else the machine runs (a busy machine's wait is ServerShutdownIT's)
                "--courtrush.reserve.rehearse-below-load=1000",
                "--courtrush.auth.bcrypt-strength=4");
        try {
            Awaitility.await("the rehearsal's first round under way")
                    .atMost(PackagedServer.START_LIMIT)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> PackagedServer.output(output).contains("Rehearsal round 1 of") || !server.isAlive());
            assertThat(server.isAlive())
                    .as("the server; its output:%n%s", PackagedServer.output(output))
                    .isTrue();
            Thread.sleep(2_500); // its gate opened a second after it began: places granted, published, being written
            assertThat(PackagedServer.output(output))
                    .as("killed mid-rehearsal")
                    .doesNotContain("Rehearsed the rush in");
            server.destroyForcibly(); // SIGKILL: no shutdown hook, no close
            assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }

        Matcher queue = Pattern.compile("queue (reserve\\.rehearsal\\.\\S+)").matcher(PackagedServer.output(output));
        assertThat(queue.find()).as("the round's queue in the output").isTrue();
        nothingOfTheRehearsalIsLeftAfterARestart(dataDir, queue.group(1), true);
    }

    /**
     * Issue 70: on a machine whose cores are taken by other work (eight busy loops on the server's core, the share of a
     * core sixteen loops on two cores leave it; a desk PC running the office's software), the rehearsal that runs anyway — told the machine is never too busy — ends its
     * first round under that load without closing anything: its round's end waits for the batch being written, never interrupts it, so the
     * database stays open, health stays UP, and after a clean stop nothing of it is left. (Before: about a minute
     * after "CourtRush is ready", "Workers not finished", an interrupted consumer mid-write, and the embedded
     * database closed for good, five starts of five.)
     */
    @Test
    void aRehearsalRunWhileItsCoreIsBusyLeavesTheDatabaseOpenAndNothingOfItself(@TempDir Path dataDir)
            throws Exception {
        Path output = dataDir.resolveSibling(dataDir.getFileName() + "-server.out");
        Process server = PackagedServer.startOnOwnCore(
                dataDir,
                output,
                "--courtrush.reserve.rehearse=true",
                "--courtrush.reserve.rehearse-below-load=1000",
                "--courtrush.auth.bcrypt-strength=4");
        List<Process> loops = List.of();
        try {
            Awaitility.await("the server's ready line")
                    .atMost(PackagedServer.START_LIMIT)
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> PackagedServer.output(output).contains("CourtRush is ready") || !server.isAlive());
            assertThat(server.isAlive())
                    .as("the server; its output:%n%s", PackagedServer.output(output))
                    .isTrue();
            // the rehearsal begins two seconds after the ready line: every core is taken by then, until its first
            // round has ended (its consumers stopped while the load lasts: what closed the database before)
            loops = PackagedServer.busyLoops(PackagedServer.LOOPS_PER_CORE);
            Awaitility.await("the rehearsal's first round ended, under load")
                    .atMost(Duration.ofMinutes(5))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> PackagedServer.output(output).contains("Rehearsal round 2 of")
                            || REHEARSAL_END
                                    .matcher(PackagedServer.output(output))
                                    .find()
                            || !server.isAlive());
            loops.forEach(Process::destroyForcibly);
            Awaitility.await("the rehearsal's end")
                    .atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() ->
                            REHEARSAL_END.matcher(PackagedServer.output(output)).find() || !server.isAlive());
            int port = PackagedServer.port(output);
            TestApi api = new TestApi(port);
            TestApi.Reply health = api.get("/actuator/health", TestApi.ADMIN_TOKEN);
            assertThat(health.status())
                    .as("health after the rehearsal: %s", health.body())
                    .isEqualTo(200);
            assertThat(health.body()
                            .path("components")
                            .path("db")
                            .path("status")
                            .asText())
                    .isEqualTo("UP");
            assertThat(api.createCourt()).as("a court written after it").isPositive();
        } finally {
            loops.forEach(Process::destroyForcibly);
            server.destroy(); // SIGTERM: a clean stop
            if (!server.waitFor(60, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
        String log = PackagedServer.output(output);
        assertThat(log.lines()
                        .filter(line -> line.contains("has been closed")
                                || line.contains("ClosedByInterruptException")
                                || line.contains(" ERROR "))
                        .toList())
                .as("the database closed, or an error; the whole output:%n%s", log)
                .isEmpty();
        nothingOfTheRehearsalIsLeftAfterARestart(dataDir, null, false);
    }

    private static final Pattern REHEARSAL_END =
            Pattern.compile("Rehearsed the rush in|rehearsal of the rush failed|Rehearsal of the rush cut short");

    /**
     * Starts the engine again on {@code dataDir}: the rehearsal's {@code queue} (when named) is not brought back,
     * the keys a killed node's rehearsal left are deleted, and no table holds a row of it; {@code begunKept}: Redis
     * kept the rehearsal a killed node began.
     */
    private static void nothingOfTheRehearsalIsLeftAfterARestart(Path dataDir, String queue, boolean begunKept) {
        try (ConfigurableApplicationContext engine = EmbeddedStack.start(dataDir)) {
            // the broker's store kept the round's queue durable, for the connection's life only: not brought back
            if (queue != null) {
                assertThat(engine.getBean(AmqpAdmin.class).getQueueProperties(queue))
                        .as("the killed node's rehearsal queue %s", queue)
                        .isNull();
            }
            RedissonClient redisson = engine.getBean(RedissonClient.class);
            JdbcTemplate jdbc = engine.getBean(JdbcTemplate.class);
            // Redis kept what the dead node wrote (its append-only file): the round it began, its opening's keys
            if (begunKept) {
                assertThat(redisson.getScoredSortedSet(RedisKeys.REHEARSALS, StringCodec.INSTANCE)
                                .size())
                        .as("the rehearsal the killed node began, as Redis kept it")
                        .isPositive();
            }
            // its keys deleted first, then the round taken off the list (a node killed between the two leaves the
            // round to the next): both are waited for, not the list read the moment the keys are gone
            Awaitility.await("the keys the killed node's rehearsal left, deleted, and its round off the list")
                    .atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> !redisson.getKeys()
                                    .getKeysByPattern(RehearsalScenarios.REHEARSAL_KEYS)
                                    .iterator()
                                    .hasNext()
                            && redisson.getScoredSortedSet(RedisKeys.REHEARSALS, StringCodec.INSTANCE)
                                            .size()
                                    == 0);
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
}
