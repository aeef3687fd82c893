package com.courtrush.support;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The build machine's real MariaDB/MySQL, Redis and RabbitMQ. Tests on them run when the services
 * answer; when they do not, the tests are skipped — unless {@code CI=true}, where they run and
 * fail with the reason. Before a context starts, the services are reset to a clean state.
 *
 * <p>Each test JVM has a place of its own on them (issue 71): a database, a Redis database and a RabbitMQ virtual host
 * named by its number among the test JVMs running at once ({@link ForkSlot}), so that the integration tests' forks run side by side
 * without one resetting or consuming what another wrote.
 */
public final class ExternalServices implements ExecutionCondition {

    public static final String HOST = env("COURTRUSH_IT_HOST", "127.0.0.1");
    public static final int MYSQL_PORT = Integer.parseInt(env("COURTRUSH_IT_MYSQL_PORT", "3306"));
    public static final int REDIS_PORT = Integer.parseInt(env("COURTRUSH_IT_REDIS_PORT", "6379"));
    public static final int AMQP_PORT = Integer.parseInt(env("COURTRUSH_IT_AMQP_PORT", "5672"));
    /** This JVM's number among the test JVMs running at once (1 when run alone). */
    public static final int FORK = ForkSlot.claim();

    public static final String DATABASE = "courtrush_it_" + FORK;
    /** Redis databases 9 and up: 6 is the bench's, 7 the fault suite's. */
    public static final int REDIS_DATABASE = 8 + FORK;
    /** This JVM's virtual host on the machine's RabbitMQ. */
    public static final String VIRTUAL_HOST = "courtrush-it-" + FORK;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        List<String> down = unreachable();
        if (down.isEmpty()) {
            return ConditionEvaluationResult.enabled("external services answer");
        }
        if (ci()) {
            return ConditionEvaluationResult.enabled("CI=true: running, so that the missing " + down + " fail the run");
        }
        return ConditionEvaluationResult.disabled("not reachable: " + down + " (set CI=true to require them)");
    }

    /** Resets the services and points the engine at them; fails clearly when one is missing. */
    public static void register(DynamicPropertyRegistry registry) {
        resetAndRegister(registry, DATABASE);
    }

    /** As {@link #register(DynamicPropertyRegistry)}, on a database of the test's own ({@code database}, made anew). */
    public static void registerOn(DynamicPropertyRegistry registry, String database) {
        resetAndRegister(registry, database);
    }

    /** The JDBC address of {@code database} on the machine's MariaDB/MySQL; {@code options} are added to it. */
    public static String jdbcUrl(String database, String options) {
        return "jdbc:mysql://" + HOST + ":" + MYSQL_PORT + "/" + database + "?useSSL=false&allowPublicKeyRetrieval=true"
                + options;
    }

    public static String mysqlUser() {
        return env("COURTRUSH_IT_MYSQL_USER", "root");
    }

    public static String mysqlPassword() {
        return env("COURTRUSH_IT_MYSQL_PASSWORD", "");
    }

    private static void resetAndRegister(DynamicPropertyRegistry registry, String database) {
        List<String> down = unreachable();
        if (!down.isEmpty()) {
            throw new IllegalStateException("External services not reachable: " + down
                    + ". Start them (see .ci/run) or unset CI to skip these tests.");
        }
        resetDatabase(database);
        resetRedis();
        resetBroker();
        registry.add("courtrush.infra.mode", () -> "external");
        registry.add("spring.datasource.url", () -> jdbcUrl(database, ""));
        registry.add("spring.datasource.username", ExternalServices::mysqlUser);
        registry.add("spring.datasource.password", ExternalServices::mysqlPassword);
        registry.add("spring.data.redis.host", () -> HOST);
        registry.add("spring.data.redis.port", () -> REDIS_PORT);
        registry.add("spring.data.redis.database", () -> REDIS_DATABASE);
        registry.add("spring.rabbitmq.host", () -> HOST);
        registry.add("spring.rabbitmq.port", () -> AMQP_PORT);
        registry.add("spring.rabbitmq.username", () -> env("COURTRUSH_IT_AMQP_USER", "guest"));
        registry.add("spring.rabbitmq.password", () -> env("COURTRUSH_IT_AMQP_PASSWORD", "guest"));
        registry.add("spring.rabbitmq.virtual-host", () -> VIRTUAL_HOST);
    }

    /**
     * As {@link #register}, with a data directory of the test's own and, when given, Redis from a Redisson
     * file (a Cluster or Sentinel the test started) instead of the machine's Redis.
     */
    public static void register(DynamicPropertyRegistry registry, String purpose, Supplier<Path> redisConfigFile) {
        register(registry);
        if (redisConfigFile != null) {
            String file = redisConfigFile.get().toString();
            registry.add("courtrush.infra.redis-config-file", () -> file);
        }
        try {
            String dataDir =
                    Files.createTempDirectory("courtrush-it-" + purpose + "-").toString();
            registry.add("courtrush.data-dir", () -> dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> unreachable() {
        return java.util.stream.Stream.of(
                        port("MySQL/MariaDB " + HOST + ":" + MYSQL_PORT, MYSQL_PORT),
                        port("Redis " + HOST + ":" + REDIS_PORT, REDIS_PORT),
                        port("RabbitMQ " + HOST + ":" + AMQP_PORT, AMQP_PORT))
                .filter(s -> s != null)
                .toList();
    }

    private static String port(String name, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(HOST, port), 1000);
            return null;
        } catch (IOException e) {
            return name;
        }
    }

    private static void resetDatabase(String database) {
        try (var connection = DriverManager.getConnection(jdbcUrl("", ""), mysqlUser(), mysqlPassword());
                Statement statement = connection.createStatement()) {
            statement.execute("drop database if exists " + database);
            statement.execute("create database " + database + " character set utf8mb4 collate utf8mb4_unicode_ci");
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot reset the test database " + database, e);
        }
    }

    private static void resetRedis() {
        Config config = new Config();
        config.useSingleServer()
                .setAddress("redis://" + HOST + ":" + REDIS_PORT)
                .setDatabase(REDIS_DATABASE);
        RedissonClient client = Redisson.create(config);
        try {
            client.getKeys().flushdb();
        } finally {
            client.shutdown();
        }
    }

    /**
     * Deletes this JVM's queues and exchanges. A connection refused or cut while the machine is loaded (its handshake
     * timed out once in CI) is tried again, a few times, before the test fails.
     */
    private static void resetBroker() {
        virtualHost();
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(HOST);
        factory.setPort(AMQP_PORT);
        factory.setVirtualHost(VIRTUAL_HOST);
        factory.setUsername(env("COURTRUSH_IT_AMQP_USER", "guest"));
        factory.setPassword(env("COURTRUSH_IT_AMQP_PASSWORD", "guest"));
        factory.setHandshakeTimeout(30_000);
        for (int attempt = 1; ; attempt++) {
            try (Connection connection = factory.newConnection();
                    Channel channel = connection.createChannel()) {
                for (String queue : List.of("reserve.queue", "reserve.dlq")) {
                    channel.queueDelete(queue);
                }
                for (String exchange : List.of("reserve.direct", "reserve.dlx")) {
                    channel.exchangeDelete(exchange);
                }
                return;
            } catch (IOException | java.util.concurrent.TimeoutException e) {
                if (attempt == 3) {
                    throw new IllegalStateException("Cannot reset the RabbitMQ topology (3 attempts)", e);
                }
                System.err.printf(
                        "Resetting RabbitMQ's topology failed (attempt %d of 3), trying again: %s%n", attempt, e);
                TestApi.sleep(2_000);
            }
        }
    }

    /** This JVM's virtual host, made once (with the tests' user's rights) if the broker does not have it yet. */
    private static synchronized void virtualHost() {
        if (virtualHostMade) {
            return;
        }
        String user = env("COURTRUSH_IT_AMQP_USER", "guest");
        rabbitmqctl("add_vhost", VIRTUAL_HOST);
        rabbitmqctl("set_permissions", "-p", VIRTUAL_HOST, user, ".*", ".*", ".*");
        virtualHostMade = true;
    }

    private static boolean virtualHostMade;

    private static void rabbitmqctl(String... arguments) {
        List<String> command = new java.util.ArrayList<>(List.of("rabbitmqctl", "-q"));
        command.addAll(List.of(arguments));
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String said = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            if (process.waitFor() != 0 && !said.contains("already exists")) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + said.strip());
            }
        } catch (IOException e) {
            throw new IllegalStateException(
                    "rabbitmqctl is needed to give the tests a virtual host of their own on the machine's RabbitMQ", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static boolean ci() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
