package com.courtrush.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The rows of one table, written in JDBC batches: each {@link #add} is one row, in the order of the columns; the
 * batch goes to the database at {@link #flush}, which the fill calls table by table in the order of their foreign
 * keys. Ids are the fill's own, from {@link #nextId}, counted up from the table's largest.
 */
final class Rows implements AutoCloseable {

    private final String table;
    private final int columns;
    private final PreparedStatement insert;
    private long nextId;
    private long written;
    private int pending;
    /** Rows held back to be numbered in the order of their time (see {@link #addAt}). */
    private final List<Timed> held = new ArrayList<>();

    private long order;

    /** A table whose rows have an {@code id} the fill chooses (the first column). */
    static Rows withIds(Connection connection, String table, String... columns) throws SQLException {
        Rows rows = new Rows(connection, table, columns);
        try (Statement statement = connection.createStatement();
                ResultSet max = statement.executeQuery("select coalesce(max(id), 0) from " + table)) {
            max.next();
            rows.nextId = max.getLong(1) + 1;
        }
        return rows;
    }

    Rows(Connection connection, String table, String... columns) throws SQLException {
        this.table = table;
        this.columns = columns.length;
        this.insert = connection.prepareStatement("insert into " + table + " (" + String.join(", ", columns)
                + ") values (" + String.join(", ", Collections.nCopies(columns.length, "?")) + ")");
    }

    /** The id the next row takes (for a table made {@link #withIds}). */
    long nextId() {
        return nextId++;
    }

    void add(Object... values) throws SQLException {
        if (values.length != columns) {
            throw new IllegalArgumentException(table + " has " + columns + " columns, not " + values.length);
        }
        for (int i = 0; i < values.length; i++) {
            insert.setObject(i + 1, values[i]);
        }
        insert.addBatch();
        pending++;
    }

    /**
     * A row made at {@code at}, its id (the first column) given when it is {@linkplain #release released}: the engine
     * numbers rows as it makes them, so ids follow time (the retention sweep reads the oldest from the lowest id).
     */
    void addAt(LocalDateTime at, Object... valuesAfterId) {
        held.add(new Timed(at, order++, valuesAfterId));
    }

    /** Numbers and adds, in time order, the rows held back that were made before {@code until}. */
    void release(LocalDateTime until) throws SQLException {
        held.sort(Comparator.comparing(Timed::at).thenComparingLong(Timed::order));
        int released = 0;
        for (Timed row : held) {
            if (!row.at().isBefore(until)) {
                break;
            }
            Object[] values = new Object[row.values().length + 1];
            values[0] = nextId();
            System.arraycopy(row.values(), 0, values, 1, row.values().length);
            add(values);
            released++;
        }
        held.subList(0, released).clear();
    }

    private record Timed(LocalDateTime at, long order, Object[] values) {}

    void flush() throws SQLException {
        if (pending > 0) {
            insert.executeBatch();
            written += pending;
            pending = 0;
        }
    }

    String table() {
        return table;
    }

    long written() {
        return written + pending + held.size();
    }

    @Override
    public void close() throws SQLException {
        insert.close();
    }
}
