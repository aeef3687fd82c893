package com.courtrush.infra.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.config.EmbeddedDatabaseUrl;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interrupt never closes the embedded database (issue 70, decision 34): a thread writing in a transaction, its
 * commits forced to the file, is interrupted again and again mid-write; the database then answers another
 * connection's reads and writes. On H2's default file system the same interrupts close the whole database ("The
 * database has been closed [90098]", for every connection, until the process restarts) — why the engine reaches its
 * file through H2's {@code async:} file system.
 */
class InterruptedWriterTest {

    private static final String OPTIONS = ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;WRITE_DELAY=0;DB_CLOSE_ON_EXIT=FALSE";

    @Test
    void aWriterInterruptedInTheMiddleOfItsTransactionsLeavesTheEnginesDatabaseOpen(@TempDir Path dir)
            throws Exception {
        String url = EmbeddedDatabaseUrl.of(dir.resolve("courtrush"), OPTIONS);
        try (Connection other = DriverManager.getConnection(url, "sa", "")) {
            Outcome outcome = interruptAWriter(url);
            assertThat(outcome.interrupts())
                    .as("interrupts delivered mid-write")
                    .isGreaterThan(50);
            assertThat(outcome.committed()).as("the writer's commits").isPositive();
            // another connection reads and writes: nothing was closed
            try (Statement statement = other.createStatement()) {
                statement.executeUpdate("insert into booking (note) values ('after the interrupts')");
                try (ResultSet rows = statement.executeQuery("select count(*) from booking")) {
                    rows.next();
                    assertThat(rows.getLong(1)).isGreaterThanOrEqualTo(outcome.committed() + 1L);
                }
            }
        }
        // and it opens again whole, as the next start would
        try (Connection again = DriverManager.getConnection(url, "sa", "");
                ResultSet rows = again.createStatement().executeQuery("select count(*) from booking")) {
            assertThat(rows.next()).isTrue();
        }
    }

    @Test
    void theSameInterruptsCloseADatabaseOnH2sDefaultFileSystem(@TempDir Path dir) throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("plain") + OPTIONS;
        try (Connection other = DriverManager.getConnection(url, "sa", "")) {
            interruptAWriter(url);
            try (Statement statement = other.createStatement()) {
                statement.executeQuery("select count(*) from booking").close();
                throw new AssertionError(
                        "H2's default file system survived the interrupts: decision 34's reason is gone");
            } catch (SQLException closed) {
                assertThat(closed.getErrorCode()).as(closed.toString()).isEqualTo(90098); // DATABASE_IS_CLOSED
            }
        }
    }

    record Outcome(int committed, int interrupts) {}

    /** A thread inserts and commits rows for a second while this one interrupts it every half millisecond. */
    private static Outcome interruptAWriter(String url) throws Exception {
        try (Connection setup = DriverManager.getConnection(url, "sa", "")) {
            setup.createStatement()
                    .execute("create table if not exists booking (id bigint auto_increment primary key, note"
                            + " varchar(200))");
        }
        AtomicInteger committed = new AtomicInteger();
        CountDownLatch writing = new CountDownLatch(1);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        Thread writer = new Thread(() -> {
            try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
                connection.setAutoCommit(false);
                writing.countDown();
                while (System.nanoTime() < until) {
                    try (PreparedStatement insert =
                            connection.prepareStatement("insert into booking (note) values (?)")) {
                        for (int i = 0; i < 5; i++) {
                            insert.setString(1, "row " + i + " of a transaction");
                            insert.executeUpdate();
                        }
                        connection.commit();
                        committed.incrementAndGet();
                    } catch (SQLException e) {
                        // a statement cut short by the interrupt: this transaction is lost, the next one goes on
                        Thread.interrupted();
                        try {
                            connection.rollback();
                        } catch (SQLException ignored) {
                            // the database may be closed (H2's default file system): the caller's check says so
                        }
                    }
                }
            } catch (SQLException e) {
                // closing a connection of a closed database fails too; the caller's check says what happened
            }
        });
        writer.start();
        writing.await();
        int interrupts = 0;
        while (writer.isAlive()) {
            writer.interrupt();
            interrupts++;
            TimeUnit.MICROSECONDS.sleep(500);
        }
        return new Outcome(committed.get(), interrupts);
    }
}
