package com.courtrush;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.PackagedServer;
import com.courtrush.support.StockInvariants;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RedissonClient;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The default install, killed mid-rush (issue 18, items 1 and 11): the packaged headless server on
 * the embedded stack gets SIGKILL while a crowd is being answered — what power loss would do, as
 * near as this machine can stage it. After a restart on the same data directory every trace that
 * was answered 202 ends SUCCESS, or FAILED with its place back; the invariants of SPEC §11 hold;
 * and the dead engine's redis-server is stopped by its watch as the JVM dies, so exactly one serves the files.
 */
class CrashRecoveryIT {

    private static final Path SERVER_JAR = PackagedServer.JAR;
    private static final Pattern PORT = Pattern.compile("Tomcat started on port (\\d+)");
    private static final int SLOTS = 4;
    private static final int CAPACITY = 6;
    private static final int STUDENTS = 80;

    @Test
    void aServerKilledMidRushComesBackWithEveryAcceptedTraceSettledAndOneRedisServer(@TempDir Path dataDir)
            throws Exception {
        assertThat(SERVER_JAR)
                .as("the packaged server (mvn package runs before the ITs)")
                .exists();
        Path output = dataDir.resolveSibling(dataDir.getFileName() + "-server.out");
        Process server = startServer(dataDir, output);
        Map<String, Student> accepted = new ConcurrentHashMap<>();
        long session;
        List<Long> slots;
        ProcessHandle orphan;
        try {
            TestApi api = new TestApi(awaitPort(server, output));
            long court = api.createCourt();
            session = api.createSession(tomorrow(), now(), 2);
            slots = api.generateSlots(session, List.of(court), "08:00", "12:00", 60, CAPACITY);
            assertThat(slots).hasSize(SLOTS);
            List<Student> crowd = api.students(STUDENTS);

            // each student asks for two slots; the server dies once a third of the places are answered
            ExecutorService pool = Executors.newFixedThreadPool(32);
            AtomicInteger answered = new AtomicInteger();
            for (int i = 0; i < crowd.size(); i++) {
                Student student = crowd.get(i);
                long first = slots.get(i % SLOTS);
                long second = slots.get((i + 1) % SLOTS);
                pool.submit(() -> {
                    for (long slot : List.of(first, second)) {
                        Reply reply;
                        try {
                            reply = api.reserve(student, session, slot);
                        } catch (UncheckedIOException | IllegalStateException deadServer) {
                            return;
                        }
                        answered.incrementAndGet();
                        if (reply.status() == 202) {
                            accepted.put(reply.data().path("traceId").asText(), student);
                        }
                    }
                });
            }
            Awaitility.await("a third of the places answered")
                    .atMost(Duration.ofMinutes(1))
                    .pollInterval(Duration.ofMillis(1))
                    .until(() -> accepted.size() >= SLOTS * CAPACITY / 3);
            orphan = redisServerOf(server);
            server.destroyForcibly(); // SIGKILL: no shutdown hook, no close
            assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
            pool.shutdown();
            assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
            assertThat(accepted).as("answered 202 before the kill").isNotEmpty();
            assertThat(answered.get()).as("the kill came mid-rush").isLessThan(2 * STUDENTS);
        } finally {
            server.destroyForcibly();
        }
        // the killed engine's redis-server does not outlive it: its watch sees the JVM gone and stops it (SIGTERM:
        // it writes its append-only file first); where no watch runs, the restart would stop it (LeftoverRedisTest)
        ProcessHandle killedRedis = orphan;
        Awaitility.await("the killed engine's redis-server stopped by its watch")
                .atMost(Duration.ofSeconds(30))
                .until(() -> !killedRedis.isAlive());

        try (ConfigurableApplicationContext engine = startInProcess(dataDir)) {
            assertThat(redisServersServing(dataDir))
                    .as("redis-servers serving %s", dataDir)
                    .hasSize(1);

            TestApi api = new TestApi(EmbeddedStack.port(engine));
            Map<String, Long> byStatus = new ConcurrentHashMap<>();
            accepted.forEach((trace, student) -> {
                Reply result = api.awaitResult(student, trace, Duration.ofSeconds(60));
                assertThat(result.status())
                        .as("trace %s answered 202 before the crash: %s", trace, result)
                        .isEqualTo(200);
                byStatus.merge(result.data().path("status").asText(), 1L, Long::sum);
            });
            // a 202 follows the broker's confirm, which follows the commit to its store: each was recorded
            // (FAILED with the place back is for a 202 after a confirm timeout, which a quick kill leaves none of)
            assertThat(byStatus.keySet())
                    .as("how the traces answered 202 ended: %s", byStatus)
                    .containsOnly("SUCCESS");
            JdbcTemplate jdbc = engine.getBean(JdbcTemplate.class);
            StockInvariants invariants = new StockInvariants(jdbc, engine.getBean(RedissonClient.class));
            // what was decided in Redis but never reached the broker is in flight until the reconciler gives it back
            int active = Awaitility.await("the reconciler settles grants that were never published")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions()
                    .until(() -> invariants.assertHold(session), held -> true);
            // (and grants whose 202 the kill cut off may be places too: their students see them in their bookings)
            assertThat((long) active)
                    .as("every SUCCESS is an active place (%s)", byStatus)
                    .isGreaterThanOrEqualTo(byStatus.getOrDefault("SUCCESS", 0L));
            assertThat(jdbc.queryForObject(
                            "select max(held) from (select count(*) as held from reservation "
                                    + "where session_id = ? and holder_id is not null group by user_id) h",
                            Integer.class,
                            session))
                    .as("the per-student limit")
                    .isLessThanOrEqualTo(2);
            System.out.printf(
                    "Crash mid-rush: %d answered 202 before SIGKILL; after the restart %s; %d active%n",
                    accepted.size(), byStatus, active);
        }
        assertThat(redisServersServing(dataDir))
                .as("the restarted engine stopped its redis-server")
                .isEmpty();
    }

    /**
     * The notices' outbox under a crash (SPEC §17): the server is killed while it is sending a notice's email
     * (its SMTP server took the connection and never answered). The notice was committed with its booking;
     * after the restart its lease runs out and the email is sent, once.
     */
    @Test
    void aNoticeWhoseEmailWasBeingSentWhenTheServerWasKilledIsEmailedOnceAfterTheRestart(@TempDir Path dataDir)
            throws Exception {
        Path output = dataDir.resolveSibling(dataDir.getFileName() + "-server.out");
        int smtp;
        try (ServerSocket probe = new ServerSocket(0)) {
            smtp = probe.getLocalPort();
        }
        GreenMail mail = new GreenMail(new ServerSetup(smtp, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        mail.start();
        Process server = startServer(dataDir, output, "--courtrush.notices.send-lease=3s");
        String address;
        long booking;
        try {
            TestApi api = new TestApi(awaitPort(server, output));
            TestApi.expect(
                    200,
                    api.put(
                            "/admin/notice-channels/email",
                            TestApi.ADMIN_TOKEN,
                            Map.of(
                                    "enabled",
                                    true,
                                    "server",
                                    Map.of(
                                            "host",
                                            "127.0.0.1",
                                            "port",
                                            smtp,
                                            "from",
                                            "desk@gym.example",
                                            "security",
                                            "NONE"))));
            Student ann = api.students(1).get(0);
            address = ann.studentId() + "@campus.example";
            TestApi.expect(200, api.put("/auth/email", ann.token(), Map.of("email", address)));
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> mail.getReceivedMessages().length == 1);
            Matcher code = Pattern.compile("\\b(\\d{6})\\b")
                    .matcher(mail.getReceivedMessages()[0].getContent().toString());
            assertThat(code.find()).isTrue();
            TestApi.expect(200, api.post("/auth/email/verify", ann.token(), Map.of("code", code.group(1))));
            mail.stop();

            // the mail server now takes connections and never answers: the sender hangs mid-send
            try (ServerSocket silent = new ServerSocket(smtp, 50, InetAddress.getLoopbackAddress())) {
                long court = api.createCourt();
                long session = api.createSession(tomorrow(), now(), 2);
                long slot = api.generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                        .get(0);
                booking = api.book(ann, session, slot);
                silent.setSoTimeout(30_000);
                Socket sending = silent.accept(); // the won notice's email, on its way
                server.destroyForcibly(); // SIGKILL mid-send: no shutdown hook, no close
                assertThat(server.waitFor(30, TimeUnit.SECONDS)).isTrue();
                sending.close();
            }
        } finally {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        GreenMail back = new GreenMail(new ServerSetup(smtp, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        back.start();
        try (ConfigurableApplicationContext engine =
                EmbeddedStack.start(dataDir, "--courtrush.notices.send-lease=3s")) {
            Awaitility.await("the won notice emailed after the restart")
                    .atMost(Duration.ofSeconds(60))
                    .until(() -> back.getReceivedMessages().length >= 1);
            Thread.sleep(4000); // more runs of the sender, past another lease: nothing more
            MimeMessage[] received = back.getReceivedMessages();
            assertThat(received).hasSize(1);
            assertThat(received[0].getAllRecipients()[0].toString()).isEqualTo(address);
            assertThat(received[0].getHeader("Message-ID")[0]).isEqualTo("<notice-WON." + booking + "@gym.example>");
            JdbcTemplate jdbc = engine.getBean(JdbcTemplate.class);
            assertThat(jdbc.queryForMap(
                            "select email_state, email_attempts from notice where message_id = ?", "WON:" + booking))
                    .containsEntry("EMAIL_STATE", "SENT")
                    .containsEntry("EMAIL_ATTEMPTS", 2);
            assertThat(jdbc.queryForObject(
                            "select count(*) from notice where message_id = ?", Integer.class, "WON:" + booking))
                    .as("in the inbox once")
                    .isEqualTo(1);
        } finally {
            back.stop();
        }
    }

    private static Process startServer(Path dataDir, Path output, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of(
                "--courtrush.auth.bcrypt-strength=4",
                "--courtrush.auth.sign-in-hold=0s",
                "--courtrush.limits.per-student-per-minute=0"));
        args.addAll(List.of(more));
        return PackagedServer.start(dataDir, output, args.toArray(String[]::new));
    }

    private static int awaitPort(Process server, Path output) {
        Awaitility.await("the server's ready line")
                .atMost(PackagedServer.START_LIMIT)
                .pollInterval(Duration.ofMillis(250))
                .until(() -> read(output).contains("CourtRush is ready") || !server.isAlive());
        assertThat(server.isAlive())
                .as("the server started; its output:%n%s", read(output))
                .isTrue();
        Matcher port = PORT.matcher(read(output));
        assertThat(port.find()).as("the port in the output:%n%s", read(output)).isTrue();
        return Integer.parseInt(port.group(1));
    }

    private static ProcessHandle redisServerOf(Process server) {
        return server.descendants()
                .filter(child -> child.info().command().orElse("").contains("redis-server"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no redis-server child process"));
    }

    /** redis-server processes started on this data directory's configuration (not by a broad name). */
    private static List<ProcessHandle> redisServersServing(Path dataDir) {
        String config =
                dataDir.resolve("redis").resolve("redis.conf").toAbsolutePath().toString();
        List<ProcessHandle> serving = new ArrayList<>();
        ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info()
                        .commandLine()
                        .map(line -> line.contains("redis-server") && line.contains(config))
                        .orElse(false))
                .forEach(serving::add);
        return serving;
    }

    private static ConfigurableApplicationContext startInProcess(Path dataDir) {
        // grants decided but never published (the kill came first) are given back 5 s after the start
        return EmbeddedStack.start(
                dataDir, "--courtrush.reserve.reconcile-horizon=5s", "--courtrush.reserve.reconcile-interval=1s");
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
