package com.courtrush;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.core.Release;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.PackagedServer;
import com.courtrush.support.StockInvariants;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RedissonClient;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A rolling upgrade mid-rush on the external stack (SPEC §23, docs/deployment.md "Upgrading"): a node of 0.1.0 — the
 * release itself, built from its commit ({@link OlderRelease}) — serves an opening's rush while a node of this build
 * starts beside it on the same MariaDB, Redis and RabbitMQ and migrates the schema (expand only); the crowd is served
 * by both, then the older node is stopped with SIGTERM and the newer one serves the rest. Every 202 is recorded once
 * whichever node's consumer took its message, and SPEC §11's invariants hold.
 */
@ExtendWith(ExternalServices.class)
class RollingUpgradeIT {

    static final String DATABASE = ExternalServices.DATABASE + "_rolling";
    static final String FROM = "0.1.0";
    static final int STUDENTS = 40;
    static final int SLOTS = 8;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path work;

    @Test
    void anOlderNodeServesTheRushWhileANewerOneMigratesBesideItThenTheNewerServesAlone() throws Exception {
        Path olderJar = OlderRelease.serverJar(FROM);
        Map<String, String> shared = new LinkedHashMap<>();
        ExternalServices.registerOn((name, value) -> shared.put(name, String.valueOf(value.get())), DATABASE);
        shared.put("courtrush.admin-token", TestApi.ADMIN_TOKEN);
        shared.put("courtrush.auth.bcrypt-strength", "4");
        shared.put("courtrush.auth.sign-in-hold", "0s");
        shared.put("courtrush.limits.per-student-per-minute", "0");
        shared.put("courtrush.zone", TestClock.GYM.zoneId());
        shared.put("courtrush.reserve.rehearse", "false");
        shared.put("server.port", "0");

        Path olderOutput = work.resolve("older.out");
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx384m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-jar",
                olderJar.toString(),
                "--courtrush.data-dir=" + work.resolve("older")));
        shared.forEach((name, value) -> command.add("--" + name + "=" + value));
        Process older = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(olderOutput.toFile())
                .start();
        ConfigurableApplicationContext newer = null;
        ExecutorService crowd = Executors.newFixedThreadPool(STUDENTS);
        try {
            await(FROM + " started")
                    .atMost(PackagedServer.START_LIMIT)
                    .until(() -> PackagedServer.output(olderOutput).contains("CourtRush is ready") || !older.isAlive());
            assertThat(older.isAlive()).as(PackagedServer.output(olderOutput)).isTrue();
            TestApi a = new TestApi(PackagedServer.port(olderOutput));
            long court = a.createCourt();
            LocalDateTime flash = now().plusSeconds(4).withNano(0);
            long session = a.createSession(tomorrow(), flash, 2);
            List<Long> slots = a.generateSlots(session, List.of(court), "08:00", "16:00", 60, 2);
            assertThat(slots).hasSize(SLOTS);
            List<Student> students = a.students(STUDENTS);

            // the newer node starts while the rush begins on the older one, and migrates the schema beside it
            Map<String, String> mine = new LinkedHashMap<>(shared);
            mine.put("courtrush.data-dir", work.resolve("newer").toString());
            String[] args = mine.entrySet().stream()
                    .map(setting -> "--" + setting.getKey() + "=" + setting.getValue())
                    .toArray(String[]::new);
            CompletableFuture<ConfigurableApplicationContext> starting =
                    CompletableFuture.supplyAsync(() -> new SpringApplicationBuilder(CourtRushServer.class)
                            .initializers(new TestClock.Install())
                            .run(args));
            sleepUntil(flash.plusNanos(100_000_000));
            Map<String, Student> granted = new HashMap<>();
            wave(crowd, students, slots.subList(0, 3), session, i -> a, granted);
            assertThat(granted).as("the older node's grants").hasSize(6);
            newer = starting.get(PackagedServer.START_LIMIT.toSeconds(), TimeUnit.SECONDS);
            TestApi b = new TestApi(EmbeddedStack.port(newer));

            // both serve the next places: every other student's try goes to the newer node
            wave(crowd, students, slots.subList(3, 6), session, i -> i % 2 == 0 ? a : b, granted);
            assertThat(granted).as("both nodes' grants").hasSize(12);
            // the older node taken out (SIGTERM, as systemctl stop); the newer one serves the rest
            older.destroy();
            assertThat(older.waitFor(60, TimeUnit.SECONDS))
                    .as("the older node stopped")
                    .isTrue();
            wave(crowd, students, slots.subList(6, 8), session, i -> b, granted);

            assertThat(granted)
                    .as("every place granted once, across both releases")
                    .hasSize(SLOTS * 2);
            granted.forEach((trace, student) -> assertThat(b.awaitResult(student, trace, Duration.ofSeconds(30))
                            .data()
                            .path("status")
                            .asText())
                    .as("grant %s recorded", trace)
                    .isEqualTo("SUCCESS"));
            JdbcTemplate jdbc = newer.getBean(JdbcTemplate.class);
            StockInvariants invariants = new StockInvariants(jdbc, newer.getBean(RedissonClient.class));
            await("nothing in flight")
                    .atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> invariants.assertHold(session));
            assertThat(jdbc.queryForObject(
                            "select schema_version from schema_release where release_version = ?",
                            Integer.class,
                            Release.current().version()))
                    .as("the newer release migrated and recorded itself")
                    .isEqualTo(Release.current().schema());
        } finally {
            crowd.shutdownNow();
            older.destroyForcibly();
            if (newer != null) {
                newer.close();
            }
        }
    }

    /**
     * Every student tries once for one of {@code slots} (two places each), all at once, each on the node
     * {@code through} picks by their place in the crowd: the slots sell out, the rest are refused in words.
     */
    private static void wave(
            ExecutorService crowd,
            List<Student> students,
            List<Long> slots,
            long session,
            java.util.function.IntFunction<TestApi> through,
            Map<String, Student> granted)
            throws Exception {
        List<Future<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < students.size(); i++) {
            Student student = students.get(i);
            TestApi node = through.apply(i);
            long slot = slots.get(i % slots.size());
            replies.add(crowd.submit(() -> node.reserve(student, session, slot)));
        }
        for (int i = 0; i < replies.size(); i++) {
            Reply reply = replies.get(i).get();
            if (reply.status() == 202) {
                granted.put(reply.data().path("traceId").asText(), students.get(i));
            } else {
                assertThat(reply.status()).as("refused in words: %s", reply).isEqualTo(409);
            }
        }
    }
}
