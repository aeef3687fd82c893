package com.courtrush.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/** A filled history keeps the engine's schema and its guards, and has the shape the bench and the tests rely on. */
class HistoryFillTest {

    private static final String URL = "jdbc:h2:mem:history;MODE=MySQL;DATABASE_TO_LOWER=TRUE;"
            + "CASE_INSENSITIVE_IDENTIFIERS=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";

    @Test
    void aFilledHistoryKeepsTheSchemasGuardsAndTheGymsRules() throws SQLException {
        Flyway.configure()
                .dataSource(URL, "sa", "")
                .locations("filesystem:" + Path.of("..", "sql").toAbsolutePath())
                .load()
                .migrate();
        HistoryPlan plan = new HistoryPlan(LocalDate.of(2026, 11, 25), 40, 6, 400, 8, 22, 0.62, 7);
        FilledHistory filled;
        try (Connection connection = DriverManager.getConnection(URL, "sa", "")) {
            filled = HistoryFill.fill(connection, plan, line -> {});
            HistoryFill.analyze(connection);
            assertThat(count(connection, "select count(*) from time_slot")).isEqualTo(40L * 6 * 14);
            assertThat(count(connection, "select count(*) from reservation"))
                    .isEqualTo(filled.rowsOf("reservation"))
                    .isBetween(40L * 6 * 14 / 2, 40L * 6 * 14);
            // G1: every slot's booked counter is its active reservations
            assertThat(count(
                            connection,
                            "select count(*) from time_slot s where s.booked <> (select count(*) from reservation r "
                                    + "where r.slot_id = s.id and r.status in ('PENDING_PAYMENT', 'CONFIRMED'))"))
                    .isZero();
            // the fair share: at most two bookings of a play date per student, never two at one hour
            assertThat(count(
                            connection,
                            "select count(*) from (select r.user_id, s.slot_date from reservation r join time_slot s "
                                    + "on s.id = r.slot_id where r.status = 'CONFIRMED' or r.cancel_reason = 'NO_SHOW' "
                                    + "group by r.user_id, s.slot_date having count(*) > 2) x"))
                    .isZero();
            // I6: every paid order's booking was played, or its money went back or was kept for a no-show
            assertThat(count(
                            connection,
                            "select count(*) from pay_order p join reservation r on r.id = p.reservation_id "
                                    + "where p.status = 'SUCCESS' and r.status <> 'CONFIRMED' "
                                    + "and r.cancel_reason <> 'NO_SHOW'"))
                    .isZero();
            assertThat(count(connection, "select count(*) from no_show_strike"))
                    .isEqualTo(count(connection, "select count(*) from reservation where cancel_reason = 'NO_SHOW'"))
                    .isPositive();
            assertThat(count(
                            connection,
                            "select count(*) from reservation r join user_account u on u.id = r.user_id "
                                    + "where u.student_id = '"
                                    + filled.regulars().get(0).studentId() + "'"))
                    .isEqualTo(filled.regulars().get(0).bookings());
        }
        assertThat(filled.regulars().get(0).bookings())
                .isGreaterThan(filled.regulars().get(2).bookings() / 2);
        assertThat(filled.typical().bookings())
                .as("a typical student plays far less than the busiest")
                .isPositive()
                .isLessThan(filled.regulars().get(0).bookings() / 3);
        assertThat(filled.rowsOf("notice")).isGreaterThan(filled.rowsOf("reservation"));
        assertThat(filled.rowsOf("audit_log")).isGreaterThan(filled.rowsOf("reservation"));
        assertThat(filled.rowsOf("waitlist_entry")).isPositive();
        assertThat(filled.rowsOf("booking_partner")).isPositive();
        assertThat(filled.summary()).contains("40 days, 6 courts");
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }
}
