package com.courtrush.backup;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.CourtRushServer;
import com.courtrush.infra.amqp.Queues;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.StockInvariants;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RedissonClient;
import org.springframework.amqp.rabbit.listener.RabbitListenerEndpointRegistry;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A campus's restore on the machine's MariaDB, Redis and RabbitMQ, done with the commands docs/backups.md gives
 * ("Backups on MariaDB or MySQL"): bookings made, the night's {@code mariadb-dump}, more bookings and an account
 * after it, and a grant left in {@code reserve.queue} by a consumer that could not record it (as when the database
 * is lost); then every node stopped, the database dropped, made again and loaded with {@code mariadb}, the
 * token-signing secret removed, Redis's database flushed, the queues listed and purged, and a node started on it. What
 * the dump held is there (a booking and its payment, accounts that sign in); what came after is gone, its places
 * on sale again (Redis = the database, I3 of docs/invariants.md); every sign-in from before is ended — the token of
 * an account made after the dump no longer stands for the account the restored database gives its number next; new
 * bookings are recorded.
 */
@ExtendWith(ExternalServices.class)
class ExternalRestoreIT {

    static final String DATABASE = ExternalServices.DATABASE + "_restore";
    /** The dump's options, as docs/backups.md writes them. */
    static final String DUMP_OPTIONS =
            "--single-transaction --routines --triggers --hex-blob --default-character-set=utf8mb4";

    @TempDir
    Path work;

    @Test
    void aDumpRestoredAsTheDocsSayBringsBackTheCampusAsItWasAtTheDump() throws Exception {
        Map<String, String> node = settings(work.resolve("data"));
        Path options = optionFile(work.resolve("backup.cnf"));
        Path dump = work.resolve("courtrush-dump.sql.gz");
        long session;
        List<Long> slots;
        long before;
        Student ann;
        Student bob;
        Student cat;
        Student lateComer;
        String lostGrant;
        long lateComersNumber;
        try (ConfigurableApplicationContext engine = start(node)) {
            TestApi api = new TestApi(EmbeddedStack.port(engine));
            long court = api.createCourt();
            session = api.createSession(tomorrow(), now(), 1);
            slots = api.generateSlots(session, List.of(court), "08:00", "11:00", 60, 1);
            List<Student> students = api.students(3);
            ann = students.get(0);
            bob = students.get(1);
            cat = students.get(2);
            before = api.book(ann, session, slots.get(0));
            api.pay(ann, before);

            shell("mariadb-dump --defaults-extra-file=" + options + " " + DUMP_OPTIONS + " " + DATABASE + " | gzip > "
                    + dump);
            assertThat(shell("gunzip -c " + dump + " | tail -n 1"))
                    .as("a whole dump ends so")
                    .startsWith("-- Dump completed");

            api.book(bob, session, slots.get(1));
            lateComer = api.student("Late Comer");
            lateComersNumber = accountNumber(engine.getBean(JdbcTemplate.class), lateComer);
            // the database lost: the consumers cannot record, the broker keeps the grant it was answered 202 for
            engine.getBean(RabbitListenerEndpointRegistry.class)
                    .getListenerContainer(Queues.RESERVE_LISTENER_ID)
                    .stop();
            lostGrant = TestApi.expect(202, api.reserve(cat, session, slots.get(2)))
                    .data()
                    .path("traceId")
                    .asText();
        }

        // the restore, step by step as docs/backups.md says, every node stopped (step 1): the dump loaded (3)
        shell("mariadb --defaults-extra-file=" + options + " -e \"DROP DATABASE " + DATABASE + "; CREATE DATABASE "
                + DATABASE + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci\"");
        shell("gunzip -c " + dump + " | mariadb --defaults-extra-file=" + options + " " + DATABASE);
        shell("mariadb --defaults-extra-file=" + options + " " + DATABASE
                + " -e \"DELETE FROM app_config WHERE config_key = 'AUTH_TOKEN_SECRET'\"");
        // Redis emptied (4)
        assertThat(redis("ZCARD", RedisKeys.inflight(session)))
                .as("Redis still holds the grant in flight")
                .isEqualTo("1");
        assertThat(redis("FLUSHDB")).isEqualTo("OK");
        // the queues listed and emptied (5)
        assertThat(queues())
                .as("the grant no consumer recorded, after the dump")
                .containsEntry(Queues.RESERVE_QUEUE, "1")
                .containsEntry(Queues.DEAD_LETTER_QUEUE, "0");
        run("rabbitmqctl", "-q", "purge_queue", "-p", ExternalServices.VIRTUAL_HOST, Queues.RESERVE_QUEUE);
        run("rabbitmqctl", "-q", "purge_queue", "-p", ExternalServices.VIRTUAL_HOST, Queues.DEAD_LETTER_QUEUE);
        assertThat(queues()).containsEntry(Queues.RESERVE_QUEUE, "0");

        // a node started (6) and what step 7 checks
        try (ConfigurableApplicationContext engine = start(node)) {
            TestApi api = new TestApi(EmbeddedStack.port(engine));
            JdbcTemplate jdbc = engine.getBean(JdbcTemplate.class);
            StockInvariants invariants = new StockInvariants(jdbc, engine.getBean(RedissonClient.class));
            assertThat(held(api, session))
                    .as("the booking before the dump, none after")
                    .containsExactly(before);
            assertThat(invariants.assertHold(session))
                    .as("Redis rebuilt from the database at the start: bob's and cat's places on sale again")
                    .isEqualTo(1);

            assertThat(api.get("/reservations/mine", ann.token()).status())
                    .as("a sign-in from before the restore is ended")
                    .isEqualTo(401);
            assertThat(signIn(api, lateComer).status())
                    .as("an account made after the dump is gone")
                    .isNotEqualTo(200);
            ann = signedIn(api, ann);
            assertThat(TestApi.expect(200, api.get("/pay/reservation/" + before, ann.token()))
                            .data()
                            .path("payStatus")
                            .asText())
                    .as("ann's payment, made before the dump")
                    .isEqualTo("SUCCESS");

            long again = api.book(signedIn(api, bob), session, slots.get(1));
            long retried = api.book(signedIn(api, cat), session, slots.get(2));
            Student newcomer = api.student("Newcomer");
            assertThat(api.reserve(newcomer, session, slots.get(0)).status())
                    .as("ann's place, held in the dump, is not on sale")
                    .isNotEqualTo(202);
            assertThat(accountNumber(jdbc, newcomer))
                    .as("the restored database numbers accounts anew from the dump: the newcomer's is the late comer's")
                    .isEqualTo(lateComersNumber);
            assertThat(api.get("/reservations/mine", lateComer.token()).status())
                    .as("the late comer's token, made after the dump, does not stand for the newcomer")
                    .isEqualTo(401);
            assertThat(held(api, session)).containsExactlyInAnyOrder(before, again, retried);
            assertThat(jdbc.queryForObject(
                            "select count(*) from reservation where trace_id = ?", Integer.class, lostGrant))
                    .as("the purged grant was never recorded")
                    .isZero();
            assertThat(invariants.assertHold(session)).isEqualTo(3);
        }
    }

    @AfterEach
    void dropTheDatabase() throws Exception {
        try (var connection = DriverManager.getConnection(
                        ExternalServices.jdbcUrl("", ""),
                        ExternalServices.mysqlUser(),
                        ExternalServices.mysqlPassword());
                Statement statement = connection.createStatement()) {
            statement.execute("drop database if exists " + DATABASE);
        }
    }

    /** A node's settings on this JVM's place on the machine's services (reset now), with a database of its own. */
    private static Map<String, String> settings(Path dataDir) {
        Map<String, String> settings = new LinkedHashMap<>();
        ExternalServices.registerOn((name, value) -> settings.put(name, String.valueOf(value.get())), DATABASE);
        settings.put("courtrush.data-dir", dataDir.toString());
        settings.put("courtrush.admin-token", TestApi.ADMIN_TOKEN);
        settings.put("courtrush.auth.bcrypt-strength", "4");
        settings.put("courtrush.auth.sign-in-hold", "0s");
        // no reconciler run while the test looks: Redis must be right at the start, not a minute later
        settings.put("courtrush.reserve.reconcile-interval", "1h");
        settings.put("server.port", "0");
        settings.put("spring.jmx.enabled", "false");
        return settings;
    }

    private static ConfigurableApplicationContext start(Map<String, String> settings) {
        // run arguments, not builder properties: those are defaults that application.yml overrides
        String[] args = settings.entrySet().stream()
                .map(setting -> "--" + setting.getKey() + "=" + setting.getValue())
                .toArray(String[]::new);
        return new SpringApplicationBuilder(CourtRushServer.class)
                .initializers(new TestClock.Install())
                .run(args);
    }

    /** The option file the docs' commands name, private as theirs: the dump's and the restore's account. */
    private static Path optionFile(Path file) throws IOException {
        StringBuilder text = new StringBuilder("[client]\n")
                .append("host=")
                .append(ExternalServices.HOST)
                .append('\n')
                .append("port=")
                .append(ExternalServices.MYSQL_PORT)
                .append('\n')
                .append("user=")
                .append(ExternalServices.mysqlUser())
                .append('\n');
        if (!ExternalServices.mysqlPassword().isEmpty()) {
            text.append("password=").append(ExternalServices.mysqlPassword()).append('\n');
        }
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        return Files.writeString(file, text);
    }

    /** The reserve queues' messages, by name, as {@code rabbitmqctl list_queues} shows them. */
    private static Map<String, String> queues() throws Exception {
        return run("rabbitmqctl", "-q", "list_queues", "-p", ExternalServices.VIRTUAL_HOST, "name", "messages")
                .lines()
                .map(line -> line.strip().split("\\s+"))
                .filter(columns -> columns.length == 2 && columns[0].startsWith("reserve."))
                .collect(Collectors.toMap(columns -> columns[0], columns -> columns[1]));
    }

    private static String redis(String... command) throws Exception {
        List<String> line = new ArrayList<>(List.of(
                "redis-cli",
                "-h",
                ExternalServices.HOST,
                "-p",
                Integer.toString(ExternalServices.REDIS_PORT),
                "-n",
                Integer.toString(ExternalServices.REDIS_DATABASE)));
        line.addAll(List.of(command));
        return run(line.toArray(String[]::new)).strip();
    }

    private static String shell(String pipeline) throws Exception {
        return run("bash", "-o", "pipefail", "-c", pipeline);
    }

    /** Runs a command of the docs; what it said, or a failure with it. */
    private static String run(String... command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor())
                .as("%s said: %s", String.join(" ", command), said)
                .isZero();
        return said;
    }

    private static List<Long> held(TestApi api, long session) {
        return TestApi.expect(200, api.get("/admin/reservations?sessionId=" + session, TestApi.ADMIN_TOKEN))
                .data()
                .path("records")
                .findValuesAsText("id")
                .stream()
                .map(Long::valueOf)
                .toList();
    }

    private static TestApi.Reply signIn(TestApi api, Student student) {
        return api.post(
                "/auth/login", null, Map.of("studentId", student.studentId(), "password", TestApi.passwordOf(student)));
    }

    private static Student signedIn(TestApi api, Student student) {
        String token =
                TestApi.expect(200, signIn(api, student)).data().path("token").asText();
        return new Student(student.studentId(), token);
    }

    private static long accountNumber(JdbcTemplate jdbc, Student student) {
        return jdbc.queryForObject("select id from user_account where student_id = ?", Long.class, student.studentId());
    }
}
