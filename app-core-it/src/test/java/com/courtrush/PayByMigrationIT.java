package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.ExternalServices;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Migration V32 (issue 74) on a database as the release before it left it, on H2 in MySQL mode and on the machine's
 * MariaDB (sql/ is one schema for both): the bookings unpaid then keep the deadline they had — made + the payment
 * timeout set then (20 minutes here) — and the others get none. No engine starts: Flyway alone, as the engine runs it.
 */
class PayByMigrationIT {

    static final LocalDateTime MADE = LocalDateTime.of(2026, 11, 30, 0, 4, 52, 123_000_000);

    @Test
    void h2InMySqlModeKeepsEachUnpaidBookingsDeadline() throws SQLException {
        String url = "jdbc:h2:mem:v32-" + UUID.randomUUID()
                + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE;DB_CLOSE_DELAY=-1";
        assertTheDeadlinesKept(url, "sa", "");
    }

    @Test
    @ExtendWith(ExternalServices.class)
    void mariaDbKeepsEachUnpaidBookingsDeadline() throws SQLException {
        String database = ExternalServices.DATABASE + "_v32";
        try (Connection server = DriverManager.getConnection(
                        ExternalServices.jdbcUrl("", ""),
                        ExternalServices.mysqlUser(),
                        ExternalServices.mysqlPassword());
                Statement statement = server.createStatement()) {
            statement.execute("drop database if exists " + database);
            statement.execute("create database " + database + " character set utf8mb4 collate utf8mb4_unicode_ci");
            try {
                assertTheDeadlinesKept(
                        ExternalServices.jdbcUrl(database, ""),
                        ExternalServices.mysqlUser(),
                        ExternalServices.mysqlPassword());
            } finally {
                statement.execute("drop database if exists " + database);
            }
        }
    }

    private static void assertTheDeadlinesKept(String url, String user, String password) throws SQLException {
        migrate(url, user, password, MigrationVersion.fromVersion("31"));
        try (Connection connection = DriverManager.getConnection(url, user, password)) {
            JdbcTemplate jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
            jdbc.update("update app_config set config_value = '20' where config_key = 'PAY_TIMEOUT_MINUTE'");
            jdbc.update("insert into court (name, active_name) values ('Court 1', 'Court 1')");
            jdbc.update("insert into reserve_session (session_date, flash_time) values ('2026-12-01', ?)", MADE);
            jdbc.update(
                    "insert into time_slot (session_id, court_id, slot_date, start_time, end_time, capacity, booked) "
                            + "values ((select max(id) from reserve_session), (select max(id) from court), "
                            + "'2026-12-01', '18:00', '19:00', 3, 2)");
            Map<String, String> bookings = new LinkedHashMap<>();
            bookings.put("unpaid", "PENDING_PAYMENT");
            bookings.put("paid", "CONFIRMED");
            bookings.put("ended", "CANCELLED");
            for (Map.Entry<String, String> booking : bookings.entrySet()) {
                jdbc.update(
                        "insert into user_account (student_id, display_name, password_hash) values (?, ?, 'x')",
                        booking.getKey(),
                        booking.getKey());
                boolean active = !booking.getValue().equals("CANCELLED");
                jdbc.update(
                        "insert into reservation (trace_id, user_id, slot_id, session_id, slot_date, status, "
                                + "cancel_reason, holder_id, create_time, update_time) values (?, "
                                + "(select max(id) from user_account), (select max(id) from time_slot), "
                                + "(select max(id) from reserve_session), '2026-12-01', ?, ?, "
                                + (active ? "(select max(id) from user_account)" : "null")
                                + ", ?, ?)",
                        booking.getKey(),
                        booking.getValue(),
                        active ? null : "USER",
                        MADE,
                        MADE);
            }
        }
        migrate(url, user, password, MigrationVersion.LATEST);
        try (Connection connection = DriverManager.getConnection(url, user, password)) {
            JdbcTemplate jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
            LocalDateTime made = jdbc.queryForObject(
                    "select create_time from reservation where trace_id = 'unpaid'", LocalDateTime.class);
            assertThat(made)
                    .as("stored to the millisecond (H2) or the second (MariaDB through Connector/J)")
                    .isBetween(MADE.withNano(0), MADE);
            assertThat(payBy(jdbc, "unpaid"))
                    .as("made + the timeout set then, to the stored precision")
                    .isEqualTo(made.plusMinutes(20));
            assertThat(payBy(jdbc, "paid")).as("paid: no deadline").isNull();
            assertThat(payBy(jdbc, "ended")).as("ended: no deadline").isNull();
        }
    }

    private static LocalDateTime payBy(JdbcTemplate jdbc, String traceId) {
        return jdbc.queryForObject("select pay_by from reservation where trace_id = ?", LocalDateTime.class, traceId);
    }

    private static void migrate(String url, String user, String password, MigrationVersion target) {
        Flyway.configure()
                .dataSource(url, user, password)
                .locations("classpath:db/migration")
                .target(target)
                .load()
                .migrate();
    }
}
