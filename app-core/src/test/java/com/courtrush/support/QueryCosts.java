package com.courtrush.support;

import com.baomidou.mybatisplus.core.toolkit.PluginUtils;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.apache.ibatis.executor.statement.StatementHandler;
import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.plugin.Interceptor;
import org.apache.ibatis.plugin.Intercepts;
import org.apache.ibatis.plugin.Invocation;
import org.apache.ibatis.plugin.Signature;
import org.apache.ibatis.reflection.MetaObject;
import org.apache.ibatis.reflection.SystemMetaObject;

/**
 * What each statement the engine runs costs, in rows the database reads — measured by the database itself, not
 * guessed from a plan: every statement MyBatis prepares is recorded (its SQL as sent and its parameters, through
 * the engine's own parameter handler), then run again in a transaction that is rolled back, as H2's {@code EXPLAIN
 * ANALYZE} (its {@code scanCount}s) or MariaDB/MySQL's {@code ANALYZE FORMAT=JSON} (each table's {@code r_loops ×
 * r_rows}). Inserts of values read nothing and are not measured.
 *
 * <p>A statement is labelled with the request it served when it ran on a request thread, a staff job's thread (the
 * job a request started) or the caller's own inside {@link #during}; anything else is the engine's background work,
 * labelled by its thread.
 */
@Intercepts(@Signature(type = StatementHandler.class, method = "parameterize", args = Statement.class))
public final class QueryCosts implements Interceptor {

    /** In an H2 plan: a table (not a column: no third part), the condition of the index it is read by, its scanCount. */
    private static final Pattern H2_PLAN = Pattern.compile(
            // a table is named quoted at the top of a plan and plain inside a derived table's (whose own count, the
            // rows its query gave, falls to its last table: counted twice, never missed)
            "(?:FROM|JOIN|UPDATE)\\s+\"?public\"?\\.\"?(\\w+)\"?(?![.\\w])|/\\* public\\.[\\w.]+: ((?s:.*?))\\*/"
                    + "|scanCount: (\\d+)");
    /** An index condition on another table's column: the table is looked in once per row of that one. */
    private static final Pattern LOOKUP = Pattern.compile("=\\s*\"?[A-Za-z_]\\w*\"?\\.\"?[A-Za-z_]");
    /** In a statement: a table it reads, and the alias it reads it by. */
    private static final Pattern TABLE_REFERENCE =
            Pattern.compile("(?i)\\b(?:from|join|update)\\s+(\\w+)(?:\\s+(?:as\\s+)?(\\w+))?");

    private static final java.util.Set<String> NOT_ALIASES = java.util.Set.of(
            "where",
            "join",
            "left",
            "right",
            "inner",
            "outer",
            "on",
            "set",
            "order",
            "group",
            "limit",
            "for",
            "union",
            "having",
            "cross",
            "straight_join",
            "use",
            "force",
            "ignore");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SAMPLES_PER_STATEMENT = 25;

    /** A statement as it ran: which mapper method, the SQL, its label, and the handler that set its parameters. */
    public record Executed(String statementId, String sql, String label, StatementHandler handler) {}

    /** A statement and the rows the database read, table by table, to run it again. */
    public record Cost(Executed executed, Map<String, Long> rowsByTable, String plan) {
        public long rowsRead() {
            return rowsByTable.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final List<Executed> executed = new ArrayList<>();
    private final java.util.Map<String, Integer> samples = new java.util.HashMap<>();
    /** The threads a staff job runs on ({@code job.JobThreads}): what a request started, answered at once. */
    private static final String STAFF_JOBS = "courtrush-job-";

    private volatile String label;
    private volatile Thread labelling;

    @Override
    public Object intercept(Invocation invocation) throws Throwable {
        Object result = invocation.proceed();
        StatementHandler handler = PluginUtils.realTarget(invocation.getTarget());
        MetaObject meta = SystemMetaObject.forObject(handler);
        MappedStatement statement = (MappedStatement) meta.getValue("delegate.mappedStatement");
        record(statement.getId(), handler.getBoundSql().getSql(), handler);
        return result;
    }

    private void record(String statementId, String sql, StatementHandler handler) {
        Thread thread = Thread.currentThread();
        String current = label;
        boolean forTheRequest = current != null
                && (thread == labelling
                        || thread.getName().startsWith("http")
                        || thread.getName().startsWith(STAFF_JOBS));
        String as = forTheRequest ? current : "background " + thread.getName().replaceAll("-?\\d+$", "");
        synchronized (this) {
            int seen = samples.merge(statementId + " " + as, 1, Integer::sum);
            if (forTheRequest || seen <= SAMPLES_PER_STATEMENT) {
                executed.add(new Executed(statementId, sql, as, handler));
            }
        }
    }

    /** Runs {@code request}, labelling the statements of the request threads (and this one) meanwhile. */
    public <T> T during(String what, Callable<T> request) throws Exception {
        label = what;
        labelling = Thread.currentThread();
        try {
            return request.call();
        } finally {
            label = null;
            labelling = null;
        }
    }

    /** Everything recorded so far, and forgets it. */
    public synchronized List<Executed> drain() {
        List<Executed> all = new ArrayList<>(executed);
        executed.clear();
        samples.clear();
        return all;
    }

    /** What each statement costs, run again on {@code dataSource}. */
    public static List<Cost> measure(DataSource dataSource, List<Executed> statements) throws SQLException {
        List<Cost> costs = new ArrayList<>();
        try (Connection connection = dataSource.getConnection()) {
            boolean h2 = connection
                    .getMetaData()
                    .getDatabaseProductName()
                    .toLowerCase(Locale.ROOT)
                    .contains("h2");
            connection.setAutoCommit(false);
            try {
                for (Executed statement : statements) {
                    if (readsRows(statement.sql())) {
                        Executed reading = readingPart(statement);
                        costs.add(h2 ? h2Cost(connection, reading) : mysqlCost(connection, reading));
                    }
                }
            } finally {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        }
        return costs;
    }

    /**
     * What of a statement reads: an {@code insert ... select} by its select (its parameters are all there), since run
     * again it would insert what it inserted once more, against a unique key; any other statement whole.
     */
    private static Executed readingPart(Executed statement) {
        String text = statement.sql().toLowerCase(Locale.ROOT);
        int select = text.indexOf(" select ");
        if (!text.strip().startsWith("insert") || select < 0) {
            return statement;
        }
        return new Executed(
                statement.statementId(), statement.sql().substring(select + 1), statement.label(), statement.handler());
    }

    private static boolean readsRows(String sql) {
        String text = sql.strip().toLowerCase(Locale.ROOT);
        return !text.startsWith("insert") || text.contains(" select ");
    }

    /**
     * The rows of each table an H2 plan read. H2 counts one more than the rows an index gave for each time it is
     * looked in (the check that ends the range): a table joined by a lookup per row of the one before it (its index
     * condition names another table's column) read its scanCount less those lookups; any other, its scanCount less one.
     */
    private static Cost h2Cost(Connection connection, Executed statement) throws SQLException {
        Map<String, Long> rows = new TreeMap<>();
        List<String> plans = new ArrayList<>();
        try (PreparedStatement explain = connection.prepareStatement("explain analyze " + statement.sql())) {
            statement.handler().getParameterHandler().setParameters(explain);
            try (ResultSet plan = explain.executeQuery()) {
                while (plan.next()) {
                    String table = null;
                    boolean lookup = false;
                    long before = 0; // the rows the table before gave: the lookups of a table joined to it
                    Matcher parts = H2_PLAN.matcher(plan.getString(1));
                    while (parts.find()) {
                        if (parts.group(1) != null) {
                            table = parts.group(1);
                            lookup = false;
                        } else if (parts.group(2) != null) {
                            lookup = LOOKUP.matcher(parts.group(2)).find();
                            plans.add(table + " by "
                                    + parts.group(2).replaceAll("\\s+", " ").strip());
                        } else if (table != null) {
                            long scanned = Long.parseLong(parts.group(3));
                            long found = Math.max(0, scanned - (lookup ? before : 1));
                            rows.merge(table, found, Long::sum);
                            before = found;
                        }
                    }
                }
            }
        } finally {
            connection.rollback();
        }
        return new Cost(statement, rows, String.join("; ", plans));
    }

    private static Cost mysqlCost(Connection connection, Executed statement) throws SQLException {
        try (PreparedStatement analyze = connection.prepareStatement("analyze format=json " + statement.sql())) {
            statement.handler().getParameterHandler().setParameters(analyze);
            try (ResultSet plan = analyze.executeQuery()) {
                plan.next();
                Map<String, Long> rows = new TreeMap<>();
                List<String> plans = new ArrayList<>();
                tableRows(JSON.readTree(plan.getString(1)), aliases(statement.sql()), rows, plans);
                return new Cost(statement, rows, String.join("; ", plans));
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("MariaDB's ANALYZE answered no JSON for " + statement.sql(), e);
        } finally {
            connection.rollback();
        }
    }

    /** The tables of a statement by the names its plan gives them (an alias, or the table's own name). */
    private static Map<String, String> aliases(String sql) {
        Map<String, String> tables = new HashMap<>();
        Matcher references = TABLE_REFERENCE.matcher(sql);
        while (references.find()) {
            String table = references.group(1).toLowerCase(Locale.ROOT);
            tables.put(table, table);
            String alias = references.group(2);
            if (alias != null && !NOT_ALIASES.contains(alias.toLowerCase(Locale.ROOT))) {
                tables.put(alias.toLowerCase(Locale.ROOT), table);
            }
        }
        return tables;
    }

    /** The rows every table access of an ANALYZE FORMAT=JSON plan read: its loops times its rows per loop. */
    private static void tableRows(
            JsonNode node, Map<String, String> aliases, Map<String, Long> rows, List<String> plans) {
        if (node.isObject()) {
            JsonNode table = node.get("table");
            if (table != null && table.has("r_rows")) {
                String name = table.path("table_name").asText().toLowerCase(Locale.ROOT);
                rows.merge(
                        aliases.getOrDefault(name, name),
                        Math.round(table.path("r_loops").asDouble(1)
                                * table.path("r_rows").asDouble()),
                        Long::sum);
                plans.add(name + " " + table.path("access_type").asText() + " "
                        + table.path("key").asText("")
                        + (node.has("filesort") || table.has("using_filesort") ? " filesort" : ""));
            }
        }
        if (node.isContainerNode()) {
            for (JsonNode child : node) {
                tableRows(child, aliases, rows, plans);
            }
        }
    }
}
