package com.courtrush.bench;

import com.courtrush.history.FilledHistory;
import com.courtrush.history.HistoryFill;
import com.courtrush.history.HistoryPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * The growth bench's two databases, side by side: each phase's schema made by the engine's own migrations, its history
 * written into it ({@link HistoryFill}), and — on the external stack — a database, a Redis database and a RabbitMQ
 * virtual host of its own, so that both engines run at once on the same servers and a request can be asked of one
 * and then of the other.
 */
final class GrowthPhases {

    /** A phase's database written, not yet served: its directory, its history, the services its engine uses. */
    record Prepared(String name, Path dir, FilledHistory filled, ServiceOptions services) {

        double fillSeconds() {
            return filled.took().toMillis() / 1000.0;
        }
    }

    private final FlashBench bench;

    GrowthPhases(FlashBench bench) {
        this.bench = bench;
    }

    /** Phase {@code index}'s database made and its history written (the engine that made the schema stopped). */
    Prepared prepare(String name, Path dir, HistoryPlan plan, int index) throws Exception {
        Files.createDirectories(dir);
        ServiceOptions services = bench.services;
        if (bench.external) {
            String suffix = index == 0 ? "_first" : "_year";
            services = bench.services.apart(
                    bench.history.database + suffix,
                    bench.services.redisDatabase + index,
                    "courtrush-growth" + suffix.replace('_', '-'));
            freshExternalServices(services);
        }
        bench.step("%s: the engine's schema, then the history written into it", name);
        bench.engines.startOne(dir.resolve("schema"), services).server().close();
        if (!bench.external) {
            // the schema start's database, where the engine of this phase keeps its data
            Files.createDirectories(dir.resolve("data"));
            Files.move(
                    dir.resolve("schema").resolve("data").resolve("db"),
                    dir.resolve("data").resolve("db"));
        }
        FilledHistory filled = fill(dir, plan, services);
        bench.step(
                "    %s; the busiest regular %s, a typical student %s",
                filled.summary(), filled.regulars().get(0), filled.typical());
        return new Prepared(name, dir, filled, services);
    }

    private FilledHistory fill(Path dir, HistoryPlan plan, ServiceOptions services) throws SQLException {
        String url = bench.external
                ? services.mysqlUrl + (services.mysqlUrl.contains("?") ? "&" : "?") + "rewriteBatchedStatements=true"
                : "jdbc:h2:file:"
                        + dir.resolve("data").resolve("db").resolve("courtrush").toAbsolutePath()
                        + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE;"
                        + "DEFAULT_NULL_ORDERING=HIGH";
        try (Connection connection = DriverManager.getConnection(
                url, bench.external ? services.mysqlUser : "sa", bench.external ? services.mysqlPassword : "")) {
            FilledHistory filled = HistoryFill.fill(connection, plan, line -> bench.step("    %s", line));
            HistoryFill.analyze(connection);
            return filled;
        }
    }

    /** The phase's database (made anew), its Redis database (emptied) and its virtual host (made anew). */
    private static void freshExternalServices(ServiceOptions services) throws SQLException, IOException {
        try (Connection connection = DriverManager.getConnection(
                        services.mysqlServerUrl(), services.mysqlUser, services.mysqlPassword);
                Statement statement = connection.createStatement()) {
            statement.execute("drop database if exists " + services.mysqlDatabase());
            statement.execute("create database " + services.mysqlDatabase()
                    + " character set utf8mb4 collate utf8mb4_unicode_ci");
        }
        Config config = new Config();
        config.useSingleServer()
                .setAddress("redis://" + services.redisHost + ":" + services.redisPort)
                .setDatabase(services.redisDatabase);
        RedissonClient redis = Redisson.create(config);
        try {
            redis.getKeys().flushdb();
        } finally {
            redis.shutdown();
        }
        rabbitmqctl("delete_vhost", services.amqpVirtualHost);
        rabbitmqctl("add_vhost", services.amqpVirtualHost);
        rabbitmqctl("set_permissions", "-p", services.amqpVirtualHost, services.amqpUser, ".*", ".*", ".*");
    }

    /** RabbitMQ's own tool, on this machine (the broker's HTTP API is not always enabled); "does not exist" is fine. */
    private static void rabbitmqctl(String... arguments) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of("rabbitmqctl", "-q"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (process.waitFor() != 0 && !said.contains("does not exist") && !said.contains("not_found")) {
                throw new BenchException(String.join(" ", command) + " failed: " + said.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BenchException("Interrupted while " + String.join(" ", command));
        }
    }

    /**
     * Waits out what is not the requests' just after the engines' start, so that they are timed alone: on the embedded
     * stack each engine's first backup of the day (seconds on a year's database); on MariaDB the writing of the pages
     * the fills left dirty and the purge of their undo log, which InnoDB does in the background for a minute or more
     * after a million rows.
     */
    void settle(List<BenchHttp> engines) throws IOException, InterruptedException, SQLException {
        if (bench.external) {
            innoDbQuiet();
        } else {
            for (BenchHttp http : engines) {
                if (http.get("/admin/backups", bench.adminToken).status() != 200) {
                    continue; // an engine from before its own backups
                }
                bench.step("waiting for the start's first backup");
                for (int i = 0;
                        i < 240
                                && http.get("/admin/backups", bench.adminToken)
                                        .json()
                                        .getJSONObject("data")
                                        .getJSONArray("backups")
                                        .isEmpty();
                        i++) {
                    Thread.sleep(500);
                }
            }
        }
        Thread.sleep(5_000);
    }

    /**
     * Waits (at most 3 minutes) until InnoDB's purge is done and its dirty pages have stopped falling for 5 s: what
     * the fill left is written, and what stays dirty is the engine's own (InnoDB keeps some pages dirty when idle).
     */
    private void innoDbQuiet() throws SQLException, InterruptedException {
        long started = System.nanoTime();
        ServiceOptions services = bench.services;
        try (Connection connection = DriverManager.getConnection(
                        services.mysqlServerUrl(), services.mysqlUser, services.mysqlPassword);
                Statement statement = connection.createStatement()) {
            Map<String, Long> status = Map.of();
            long lowest = Long.MAX_VALUE;
            int steady = 0;
            for (int i = 0; i < 360 && steady < 10; i++) {
                status = new HashMap<>();
                try (ResultSet rows = statement.executeQuery("show global status where variable_name in"
                        + " ('Innodb_buffer_pool_pages_dirty', 'Innodb_history_list_length')")) {
                    while (rows.next()) {
                        status.put(rows.getString(1).toLowerCase(Locale.ROOT), rows.getLong(2));
                    }
                }
                long dirty = status.getOrDefault("innodb_buffer_pool_pages_dirty", 0L);
                boolean falling = dirty < lowest;
                lowest = Math.min(lowest, dirty);
                steady = !falling && status.getOrDefault("innodb_history_list_length", 0L) < 1_000 ? steady + 1 : 0;
                Thread.sleep(500);
            }
            bench.step("InnoDB quiet after %.1f s (%s)", FlashBench.seconds(System.nanoTime() - started), status);
        }
    }

    /** The embedded database's file of a phase, in bytes; -1 on the external stack. */
    long dbBytes(Path dir) throws IOException {
        Path file = dir.resolve("data").resolve("db").resolve("courtrush.mv.db");
        return !bench.external && Files.isRegularFile(file) ? Files.size(file) : -1;
    }
}
