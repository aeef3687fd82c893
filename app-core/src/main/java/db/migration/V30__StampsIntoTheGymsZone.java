package db.migration;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.flywaydb.core.api.migration.BaseJavaMigration;
import org.flywaydb.core.api.migration.Context;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves the stamps the database wrote in its session's zone into the gym's (issue 76; V29 stopped it writing them).
 * The shift is what lies between the two zones now — the session's read from the database's own clock, the gym's
 * from {@code courtrush.zone} — in whole quarter hours; nothing moves where they agree. The stamps it moves are
 * those only the database wrote: a slot's update_time once a booking changed it (the engine's own edits and a new
 * slot stamp both columns at once), and every create_time and update_time of the no-show strikes' insert, the
 * audit's filter choices and the waitlist's daily figures, which the engine never stamped before.
 *
 * <p>Found by Flyway itself in {@code db/migration}, as the SQL migrations are, so that every run of the migrations
 * applies it — the engine's, and a test's or the bench's that makes the schema before the engine starts on it. The
 * gym's zone comes as the placeholder {@value #GYM_ZONE}, which the engine gives; a run without it (a new, empty
 * database made by a test) has no stamp to move.
 */
public class V30__StampsIntoTheGymsZone extends BaseJavaMigration {

    /** The Flyway placeholder holding {@code courtrush.zone}. */
    public static final String GYM_ZONE = "gymZone";

    private static final Logger log = LoggerFactory.getLogger(V30__StampsIntoTheGymsZone.class);

    static final List<String> MOVES = List.of(
            "update time_slot set update_time = timestampadd(minute, ?, update_time) where update_time <> create_time",
            "update no_show_strike set create_time = timestampadd(minute, ?, create_time), "
                    + "update_time = case when forgiven_time is null then timestampadd(minute, ?, update_time) "
                    + "else update_time end",
            "update audit_choice set create_time = timestampadd(minute, ?, create_time), "
                    + "update_time = timestampadd(minute, ?, update_time)",
            "update waitlist_offer_day set create_time = timestampadd(minute, ?, create_time), "
                    + "update_time = timestampadd(minute, ?, update_time)");

    @Override
    public void migrate(Context context) throws SQLException {
        String zone = context.getConfiguration().getPlaceholders().get(GYM_ZONE);
        if (zone == null || zone.isBlank()) {
            log.info("No gym zone given to this run of the migrations (not the engine's): no stamp moved");
            return;
        }
        ZoneId gym = ZoneId.of(zone);
        Connection connection = context.getConnection();
        long minutes = minutesFromSessionToGym(connection, gym);
        if (minutes == 0) {
            return;
        }
        for (String move : MOVES) {
            try (PreparedStatement statement = connection.prepareStatement(move)) {
                for (int i = 1; i <= move.chars().filter(c -> c == '?').count(); i++) {
                    statement.setLong(i, minutes);
                }
                int moved = statement.executeUpdate();
                log.info("{} rows' stamps moved by {} minutes into {}: {}", moved, minutes, gym, move);
            }
        }
    }

    /** How far the gym's wall clock is ahead of the database session's, in whole quarter hours. */
    static long minutesFromSessionToGym(Connection connection, ZoneId gym) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet now = statement.executeQuery("select localtimestamp(3)")) {
            now.next();
            LocalDateTime session = now.getObject(1, LocalDateTime.class);
            LocalDateTime atGym = LocalDateTime.ofInstant(Instant.now(), gym);
            return Math.round(Duration.between(session, atGym).toSeconds() / 900.0) * 15;
        }
    }
}
