package com.courtrush.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * On MariaDB, the plans of a request that cost more on the year than on the first days (issue 77): the statements the
 * request ran, caught in the server's general log (switched on for that one request, into its table), each timed here
 * and explained in the year's database — the table it starts from, the key, the rows examined — so that the report
 * says which statement and which plan, not only that it was slow.
 */
final class GrowthPlans {

    /** A statement a request ran: its text (shortened), its time here, and its plan a line a table. */
    record Explained(String statement, double ms, List<String> plan) {}

    /** A request's statements, slowest first. */
    record Plans(String request, double ratio, List<Explained> statements) {}

    private static final int MOST_STATEMENTS = 4;

    private final ServiceOptions services;

    GrowthPlans(ServiceOptions services) {
        this.services = services;
    }

    /** The statements {@code request} runs on the year's database, explained. */
    Plans explain(String name, double ratio, Callable<?> request) throws Exception {
        List<String> statements = caught(request);
        List<Explained> explained = new ArrayList<>();
        try (Connection connection =
                        DriverManager.getConnection(services.mysqlUrl, services.mysqlUser, services.mysqlPassword);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                explained.add(new Explained(shortened(sql), timed(statement, sql), plan(statement, sql)));
            }
        }
        explained.sort((x, y) -> Double.compare(y.ms(), x.ms()));
        return new Plans(name, ratio, explained.subList(0, Math.min(MOST_STATEMENTS, explained.size())));
    }

    /** The reading statements the server logged while {@code request} ran, once each. */
    private List<String> caught(Callable<?> request) throws Exception {
        try (Connection connection = DriverManager.getConnection(
                        services.mysqlServerUrl(), services.mysqlUser, services.mysqlPassword);
                Statement statement = connection.createStatement()) {
            String output = single(statement, "select @@global.log_output");
            statement.execute("set global general_log = 0");
            statement.execute("truncate table mysql.general_log");
            statement.execute("set global log_output = 'TABLE'");
            statement.execute("set global general_log = 1");
            try {
                request.call();
            } finally {
                statement.execute("set global general_log = 0");
                statement.execute("set global log_output = '" + output + "'");
            }
            Set<String> reads = new LinkedHashSet<>();
            try (ResultSet rows = statement.executeQuery("select convert(argument using utf8mb4) from mysql.general_log"
                    + " where command_type = 'Query' order by event_time")) {
                while (rows.next()) {
                    String sql = rows.getString(1).strip();
                    if (sql.toLowerCase(Locale.ROOT).startsWith("select") && sql.contains(" from ")) {
                        reads.add(sql);
                    }
                }
            }
            statement.execute("truncate table mysql.general_log");
            return new ArrayList<>(reads);
        }
    }

    /** The statement's median of three runs here, in ms. */
    private static double timed(Statement statement, String sql) throws SQLException {
        double[] ms = new double[3];
        for (int i = 0; i < ms.length; i++) {
            long start = System.nanoTime();
            try (ResultSet rows = statement.executeQuery(sql)) {
                while (rows.next()) {
                    // read to the end, as the engine does
                }
            }
            ms[i] = (System.nanoTime() - start) / 1e6;
        }
        java.util.Arrays.sort(ms);
        return ms[1];
    }

    /** EXPLAIN's rows: table, access type, key, rows, extra. */
    private static List<String> plan(Statement statement, String sql) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (ResultSet rows = statement.executeQuery("explain " + sql)) {
            while (rows.next()) {
                lines.add(String.format(
                        Locale.ROOT,
                        "%s %s key=%s rows=%s %s",
                        rows.getString("table"),
                        rows.getString("type"),
                        rows.getString("key"),
                        rows.getString("rows"),
                        rows.getString("Extra") == null ? "" : rows.getString("Extra")));
            }
        }
        return lines;
    }

    private static String single(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        }
    }

    private static String shortened(String sql) {
        String flat = sql.replaceAll("\\s+", " ");
        return flat.length() <= 240 ? flat : flat.substring(0, 237) + "...";
    }
}
