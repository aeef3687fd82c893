package com.courtrush;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.embedded.EmbeddedAmqpBroker;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.FaultProxy;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.ByteArrayCodec;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The fault suite (issue 18): outages staged mid-rush by a TCP proxy between the engine and each
 * service — the machine's MariaDB and Redis, and a Qpid broker this test starts — so nothing of the
 * machine is stopped. Each experiment: a crowd of 60 students, three attempts each, at 4 slots × 5
 * places, limit 2 per student; the fault 200 ms after the opening for a few seconds; then, once
 * settled, the invariants of SPEC §11 and the per-student limit. It prints the table the issue
 * asks for (answers by status, 5xx other than 503, granted, rows, FAILED, still PENDING, oversold,
 * over the limit, Redis ≠ DB) and fails on any violation, any 500, any trace left PENDING, or a
 * 503 slower than {@link #ANSWER_LIMIT} ({@link #REDIS_ANSWER_LIMIT} when Redis fails). Run alone: {@code ./mvnw -pl app-core verify
 * -Dit.test=FaultSuiteIT}.
 */
@ExtendWith(ExternalServices.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultSuiteIT {

    /** An outage is answered within this long (the database's statement timeout is 10 s, its socket's 5 s). */
    static final Duration ANSWER_LIMIT = Duration.ofSeconds(12);
    /** Redis down or cut off: promised within a second (the reserve decision's deadline is 800 ms). */
    static final Duration REDIS_ANSWER_LIMIT = Duration.ofMillis(2000);

    private static final String DATABASE = "courtrush_faults";
    private static final int REDIS_DATABASE = 7;
    private static final int SLOTS = 4;
    private static final int CAPACITY = 5;
    private static final int LIMIT = 2;
    private static final int STUDENTS = 60;
    private static final Map<String, Row> TABLE = new ConcurrentHashMap<>();

    static Path dataDir;
    static EmbeddedAmqpBroker broker;
    static FaultProxy database;
    static FaultProxy redis;
    static FaultProxy amqp;
    static ConfigurableApplicationContext engine;
    /** The suite's Redis database, not through the proxy: what a restart does to it. */
    static RedissonClient direct;

    static TestApi api;

    @BeforeAll
    static void start() throws Exception {
        dataDir = Files.createTempDirectory("courtrush-faults-");
        resetServices();
        broker = EmbeddedAmqpBroker.start(dataDir.resolve("broker"));
        direct = redisClient();
        database = new FaultProxy(ExternalServices.HOST, ExternalServices.MYSQL_PORT);
        redis = new FaultProxy(ExternalServices.HOST, ExternalServices.REDIS_PORT);
        amqp = new FaultProxy("127.0.0.1", broker.port());
        engine = new SpringApplicationBuilder(CourtRushServer.class)
                .initializers(new TestClock.Install())
                .run(
                        "--courtrush.infra.mode=external",
                        "--courtrush.data-dir=" + dataDir.resolve("engine"),
                        "--spring.datasource.url=jdbc:mysql://127.0.0.1:" + database.port() + "/" + DATABASE
                                + "?useSSL=false&allowPublicKeyRetrieval=true&connectTimeout=2000&socketTimeout=5000",
                        "--spring.datasource.username=" + env("COURTRUSH_IT_MYSQL_USER", "root"),
                        "--spring.datasource.password=" + env("COURTRUSH_IT_MYSQL_PASSWORD", ""),
                        "--spring.data.redis.host=127.0.0.1",
                        "--spring.data.redis.port=" + redis.port(),
                        "--spring.data.redis.database=" + REDIS_DATABASE,
                        "--spring.rabbitmq.host=127.0.0.1",
                        "--spring.rabbitmq.port=" + amqp.port(),
                        "--spring.rabbitmq.username=" + EmbeddedAmqpBroker.USERNAME,
                        "--spring.rabbitmq.password=" + broker.password(),
                        "--spring.rabbitmq.virtual-host=" + EmbeddedAmqpBroker.VIRTUAL_HOST,
                        "--courtrush.admin-token=" + TestApi.ADMIN_TOKEN,
                        "--courtrush.auth.bcrypt-strength=4",
                        "--courtrush.auth.sign-in-hold=0s",
                        "--courtrush.limits.per-student-per-minute=0",
                        "--courtrush.reserve.reconcile-horizon=5s",
                        "--courtrush.reserve.reconcile-interval=1s",
                        "--server.port=0",
                        "--spring.jmx.enabled=false");
        api = new TestApi(((WebServerApplicationContext) engine).getWebServer().getPort());
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            if (engine != null) {
                engine.close();
            }
        } finally {
            if (direct != null) {
                direct.shutdown();
            }
            for (AutoCloseable closeable : new AutoCloseable[] {database, redis, amqp, broker}) {
                closeQuietly(closeable);
            }
            printTable();
        }
    }

    @Test
    @Order(1)
    void theDatabaseGoneMidRush() {
        experiment("database down 4 s", database, FaultProxy.Mode.DOWN, 200, Duration.ofSeconds(4), true);
    }

    @Test
    @Order(2)
    void theDatabaseFrozenMidRush() {
        experiment("database frozen 6 s", database, FaultProxy.Mode.FROZEN, 200, Duration.ofSeconds(6), true);
    }

    @Test
    @Order(3)
    void redisGoneMidRush() {
        experiment("Redis down 3 s", redis, FaultProxy.Mode.DOWN, 200, Duration.ofSeconds(3), false);
    }

    @Test
    @Order(4)
    void redisFrozenMidRush() {
        experiment("Redis frozen 3 s", redis, FaultProxy.Mode.FROZEN, 200, Duration.ofSeconds(3), false);
    }

    @Test
    @Order(6)
    void redisRestartedEmptyMidRush() {
        experiment("Redis restarted empty", redis, FaultProxy.Mode.DOWN, 200, Duration.ofSeconds(1), false, () -> {
            direct.getKeys().flushdb();
            direct.getScript().scriptFlush();
        });
    }

    @Test
    @Order(7)
    void redisBackFromAnOlderFileMidRush() {
        // what a restart from an append-only file (or a promoted replica) behind by the whole sale brings
        // back: the keys as they were at the opening, under another run id — every grant forgotten by Redis
        // (with each key's time to live, as a file keeps it: the opening clock's lock, taken mid-tick in the
        // snapshot, restored without one would be held for ever and no tick would rebuild the opening)
        Map<String, byte[]> snapshot = new ConcurrentHashMap<>();
        Map<String, Long> timeToLive = new ConcurrentHashMap<>();
        experiment(
                "Redis back from a file 0.6 s old",
                redis,
                FaultProxy.Mode.DOWN,
                600,
                Duration.ofSeconds(1),
                false,
                () -> {
                    direct.getKeys().flushdb();
                    snapshot.forEach((key, dump) -> {
                        long ttl = timeToLive.getOrDefault(key, -1L);
                        if (ttl > 0) {
                            direct.getBucket(key, ByteArrayCodec.INSTANCE).restore(dump, ttl, TimeUnit.MILLISECONDS);
                        } else {
                            direct.getBucket(key, ByteArrayCodec.INSTANCE).restore(dump);
                        }
                    });
                    direct.getKeys()
                            .getKeysStream()
                            .filter(key -> key.endsWith("}:warm"))
                            .forEach(key -> direct.getBucket(key).set("0000000000000000000000000000000000000000"));
                },
                () -> direct.getKeys().getKeysStream().forEach(key -> {
                    byte[] dump = direct.getBucket(key, ByteArrayCodec.INSTANCE).dump();
                    if (dump != null) {
                        snapshot.put(key, dump);
                        timeToLive.put(key, direct.getBucket(key).remainTimeToLive());
                    }
                }));
    }

    @Test
    @Order(5)
    void theBrokerGoneMidRush() {
        // from just before the opening: every grant meets the outage
        experiment("broker down 3 s", amqp, FaultProxy.Mode.DOWN, -100, Duration.ofSeconds(3), false);
    }

    private void experiment(
            String name,
            FaultProxy proxy,
            FaultProxy.Mode fault,
            long faultAtMs,
            Duration outage,
            boolean probeDatabase) {
        experiment(name, proxy, fault, faultAtMs, outage, probeDatabase, () -> {}, () -> {});
    }

    private void experiment(
            String name,
            FaultProxy proxy,
            FaultProxy.Mode fault,
            long faultAtMs,
            Duration outage,
            boolean probeDatabase,
            Runnable duringOutage) {
        experiment(name, proxy, fault, faultAtMs, outage, probeDatabase, duringOutage, () -> {});
    }

    /**
     * @param faultAtMs      when the fault begins, ms after the opening (negative: before it)
     * @param duringOutage   done to the service while the engine cannot reach it (a restart's effect)
     * @param atTheOpening   done at the opening, before the crowd (a snapshot to go back to)
     */
    private void experiment(
            String name,
            FaultProxy proxy,
            FaultProxy.Mode fault,
            long faultAtMs,
            Duration outage,
            boolean probeDatabase,
            Runnable duringOutage,
            Runnable atTheOpening) {
        long court = api.createCourt();
        LocalDateTime flash = now().plusSeconds(3);
        long session = api.createSession(tomorrow(), flash, LIMIT);
        List<Long> slots = api.generateSlots(session, List.of(court), "08:00", "12:00", 60, CAPACITY);
        List<Student> crowd = api.students(STUDENTS);
        Map<Integer, Integer> statuses = new TreeMap<>();
        Map<String, Student> accepted = new ConcurrentHashMap<>();
        AtomicLong slowest503 = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(32);
        List<Future<List<Reply>>> answers = new ArrayList<>();
        sleepUntil(faultAtMs < 0 ? flash.plusNanos(faultAtMs * 1_000_000) : flash);
        if (faultAtMs < 0) {
            proxy.mode(fault);
            sleepUntil(flash);
        }
        atTheOpening.run();
        for (int i = 0; i < crowd.size(); i++) {
            Student student = crowd.get(i);
            List<Long> mine = List.of(slots.get(i % SLOTS), slots.get((i + 1) % SLOTS), slots.get((i + 2) % SLOTS));
            answers.add(pool.submit(() -> {
                List<Reply> replies = new ArrayList<>();
                for (long slot : mine) {
                    long started = System.nanoTime();
                    Reply reply = api.reserve(student, session, slot);
                    if (reply.status() == 503) {
                        slowest503.accumulateAndGet((System.nanoTime() - started) / 1_000_000, Math::max);
                    }
                    if (reply.status() == 202) {
                        accepted.put(reply.data().path("traceId").asText(), student);
                    }
                    replies.add(reply);
                    TestApi.sleep(150);
                }
                return replies;
            }));
        }
        if (faultAtMs >= 0) {
            TestApi.sleep(faultAtMs);
            proxy.mode(fault);
            duringOutage.run();
        }
        List<Reply> probes = new ArrayList<>();
        try {
            if (probeDatabase) {
                TestApi.sleep(500);
                long started = System.nanoTime();
                Reply probe = api.get("/reservations/mine", crowd.get(0).token());
                slowest503.accumulateAndGet((System.nanoTime() - started) / 1_000_000, Math::max);
                probes.add(probe);
                Reply health = api.get("/actuator/health", TestApi.ADMIN_TOKEN);
                assertThat(health.status())
                        .as("health while the database is out: %s", health)
                        .isEqualTo(503);
            }
            TestApi.sleep(outage.toMillis());
        } finally {
            proxy.mode(FaultProxy.Mode.PASS);
        }
        for (Future<List<Reply>> answer : answers) {
            try {
                answer.get().forEach(reply -> statuses.merge(reply.status(), 1, Integer::sum));
            } catch (Exception e) {
                throw new AssertionError("a student's requests failed without an answer", e);
            }
        }
        pool.shutdown();
        probes.forEach(reply -> assertThat(reply.status())
                .as("a read while the database is out: %s", reply)
                .isIn(200, 503));

        // settle: every trace answered 202 ends SUCCESS or FAILED; the reconciler gives back what was lost
        Map<String, Integer> ends = new TreeMap<>();
        accepted.forEach((trace, student) -> {
            Reply result = Awaitility.await()
                    .atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(250))
                    .until(
                            () -> api.result(student, trace),
                            reply -> reply.status() == 200
                                    && !"PENDING"
                                            .equals(reply.data().path("status").asText()));
            ends.merge(result.data().path("status").asText(), 1, Integer::sum);
        });
        // measured through the engine's own Redis client, which fails fast (no retries: the decision's deadline) on a
        // connection the outage closed until it has made a new one: a read refused then is read again
        Row row = Awaitility.await()
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptionsInstanceOf(org.redisson.client.RedisException.class)
                .until(() -> measure(session, statuses, ends, accepted.size(), slowest503.get()), Row::settled);
        TABLE.put(name, row);
        assertThat(row.violations()).as("%s: %s", name, row).isZero();
        assertThat(row.errors()).as("%s: 5xx other than 503: %s", name, row).isZero();
        // Redis failing is answered within a second (docs/deployment.md; a generous bound here), the others
        // within their services' own timeouts
        Duration limit = proxy == redis ? REDIS_ANSWER_LIMIT : ANSWER_LIMIT;
        assertThat(Duration.ofMillis(row.slowest503Ms()))
                .as("%s: slowest 503", name)
                .isLessThan(limit);
    }

    private Row measure(
            long session, Map<Integer, Integer> statuses, Map<String, Integer> ends, int granted, long slowest503) {
        JdbcTemplate jdbc = engine.getBean(JdbcTemplate.class);
        RedissonClient redisson = engine.getBean(RedissonClient.class);
        List<Map<String, Object>> slots =
                jdbc.queryForList("select id, capacity from time_slot where session_id = ?", session);
        int rows = 0;
        int oversold = 0;
        int redisDiff = 0;
        for (Map<String, Object> slot : slots) {
            long id = ((Number) slot.get("id")).longValue();
            int capacity = ((Number) slot.get("capacity")).intValue();
            Set<String> holders = new HashSet<>(jdbc.queryForList(
                    "select user_id from reservation where slot_id = ? " + "and holder_id is not null",
                    String.class,
                    id));
            rows += holders.size();
            oversold += holders.size() > capacity ? 1 : 0;
            String permits =
                    redisson.<String>getBucket(RedisKeys.semaphore(session, id)).get();
            Set<String> dedup = new HashSet<>(
                    redisson.<String>getSet(RedisKeys.dedup(session, id)).readAll());
            redisDiff += !String.valueOf(capacity - holders.size()).equals(permits) || !dedup.equals(holders) ? 1 : 0;
        }
        int overLimit = jdbc.queryForObject(
                "select count(*) from (select user_id from reservation where session_id = ? "
                        + "and holder_id is not null group by user_id having count(*) > ?) o",
                Integer.class,
                session,
                LIMIT);
        long inFlight =
                redisson.<String>getScoredSortedSet(RedisKeys.inflight(session)).size();
        int errors = statuses.entrySet().stream()
                .filter(e -> e.getKey() >= 500 && e.getKey() != 503)
                .mapToInt(Map.Entry::getValue)
                .sum();
        return new Row(
                new TreeMap<>(statuses),
                errors,
                granted,
                rows,
                ends.getOrDefault("FAILED", 0),
                ends.getOrDefault("PENDING", 0) + (int) inFlight,
                oversold,
                overLimit,
                redisDiff,
                slowest503);
    }

    /** One experiment's line of the table. */
    record Row(
            Map<Integer, Integer> statuses,
            int errors,
            int granted,
            int rows,
            int failed,
            int pending,
            int oversold,
            int overLimit,
            int redisDiff,
            long slowest503Ms) {

        boolean settled() {
            return pending == 0 && redisDiff == 0;
        }

        int violations() {
            return pending + oversold + overLimit + redisDiff;
        }
    }

    private static void printTable() {
        StringBuilder table = new StringBuilder("""
                | experiment | answers by status | 5xx (not 503) | granted | rows | FAILED | still PENDING \
                | oversold | over limit | Redis ≠ DB | slowest 503 |
                | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
                """);
        TABLE.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            Row r = e.getValue();
            table.append(String.format(
                    "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d ms |%n",
                    e.getKey(),
                    r.statuses().entrySet().stream()
                            .map(s -> s.getKey() + "×" + s.getValue())
                            .collect(Collectors.joining(" ")),
                    r.errors(),
                    r.granted(),
                    r.rows(),
                    r.failed(),
                    r.pending(),
                    r.oversold(),
                    r.overLimit(),
                    r.redisDiff(),
                    r.slowest503Ms()));
        });
        System.out.println("Fault suite:\n" + table);
        try {
            Files.writeString(Path.of("target", "fault-suite.md"), table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void resetServices() throws SQLException {
        String url = "jdbc:mysql://" + ExternalServices.HOST + ":" + ExternalServices.MYSQL_PORT
                + "/?useSSL=false&allowPublicKeyRetrieval=true";
        try (var connection = DriverManager.getConnection(
                        url, env("COURTRUSH_IT_MYSQL_USER", "root"), env("COURTRUSH_IT_MYSQL_PASSWORD", ""));
                Statement statement = connection.createStatement()) {
            statement.execute("drop database if exists " + DATABASE);
            statement.execute("create database " + DATABASE + " character set utf8mb4 collate utf8mb4_unicode_ci");
        }
        RedissonClient client = redisClient();
        try {
            client.getKeys().flushdb();
        } finally {
            client.shutdown();
        }
    }

    private static RedissonClient redisClient() {
        Config config = new Config();
        config.setCodec(StringCodec.INSTANCE);
        config.useSingleServer()
                .setAddress("redis://" + ExternalServices.HOST + ":" + ExternalServices.REDIS_PORT)
                .setDatabase(REDIS_DATABASE);
        return Redisson.create(config);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            System.err.println("Closing " + closeable + " failed: " + e);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
