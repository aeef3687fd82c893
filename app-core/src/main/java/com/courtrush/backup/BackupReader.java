package com.courtrush.backup;

import com.courtrush.backup.api.BackupContents;
import com.courtrush.core.BoundedZip;
import com.courtrush.core.CourtRushException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import org.h2.message.DbException;
import org.h2.tools.Restore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a backup from itself: H2's Restore writes it into a folder of its own, and that copy is opened read-only over
 * JDBC and counted. This also proves it a readable backup of this engine: a broken zip, one holding no database, or
 * another program's database is refused with a message for staff.
 */
final class BackupReader {

    static final String DATABASE = "courtrush";
    private static final Logger log = LoggerFactory.getLogger(BackupReader.class);
    private static final String FILE = DATABASE + ".mv.db";

    private BackupReader() {}

    /** What the disk keeps free beyond an unpacked backup: the running database and its logs go on growing. */
    static final long DISK_MARGIN = 256L * 1024 * 1024;

    /**
     * Restores {@code zip} (named {@code name} to staff) into the empty folder {@code into} and reads that copy. It is
     * unpacked only if it fits on the disk with {@link #DISK_MARGIN} to spare, its entries counted as they inflate
     * first: a zip that unpacks past the free space (a bomb, or a backup too large for this machine) is refused.
     */
    static BackupContents restoreAndRead(Path zip, String name, Path into) {
        long room;
        try {
            room = Files.getFileStore(into).getUsableSpace() - DISK_MARGIN;
        } catch (IOException e) {
            throw new UncheckedIOException("The free space of " + into + " cannot be read", e);
        }
        return restoreAndRead(zip, name, into, Math.max(0, room));
    }

    /** {@link #restoreAndRead(Path, String, Path)} with {@code room} bytes free to unpack into. */
    static BackupContents restoreAndRead(Path zip, String name, Path into, long room) {
        try {
            BoundedZip.unpackedSize(zip, room);
        } catch (BoundedZip.TooLarge e) {
            log.info("Backup {} refused: it {}, more than the disk holds free", name, e.getMessage());
            throw CourtRushException.badRequest("backup.tooLarge", name);
        } catch (IOException e) {
            throw refused("backup.unreadable", name, e);
        }
        try {
            Restore.execute(zip.toString(), into.toString(), DATABASE);
        } catch (DbException e) {
            throw refused("backup.unreadable", name, e);
        }
        if (!Files.isRegularFile(into.resolve(FILE))) {
            throw CourtRushException.badRequest("backup.unreadable", name);
        }
        String url = "jdbc:h2:file:" + into.resolve(DATABASE) + ";ACCESS_MODE_DATA=r;IFEXISTS=TRUE"
                + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE";
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
                Statement statement = connection.createStatement()) {
            return new BackupContents(
                    name,
                    Files.getLastModifiedTime(zip).toInstant(),
                    count(statement, "select count(*) from reservation"),
                    count(statement, "select count(*) from pay_order"),
                    count(statement, "select count(*) from user_account where role = 'STUDENT'"),
                    count(statement, "select count(*) from user_account where role <> 'STUDENT'"),
                    newest(statement),
                    (int) count(
                            statement,
                            "select coalesce(max(cast(version as int)), 0) from flyway_schema_history where success"),
                    madeBy(connection));
        } catch (SQLException e) {
            // opened but without this engine's tables: another program's database
            throw refused("backup.foreign", name, e);
        } catch (IOException e) {
            throw refused("backup.unreadable", name, e);
        }
    }

    private static long count(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** The release that last started on the backup's database; null when it is older than its record (0.2.0). */
    private static String madeBy(Connection connection) throws SQLException {
        try (ResultSet tables = connection.getMetaData().getTables(null, null, "schema_release", null)) {
            if (!tables.next()) {
                return null;
            }
        }
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "select release_version from schema_release order by last_start desc limit 1")) {
            return rows.next() ? rows.getString(1) : null;
        }
    }

    private static LocalDateTime newest(Statement statement) throws SQLException {
        try (ResultSet rows = statement.executeQuery("select max(create_time) from reservation")) {
            rows.next();
            Timestamp at = rows.getTimestamp(1);
            return at == null ? null : at.toLocalDateTime();
        }
    }

    /** A refusal for staff; what H2 said goes to the log (a refusal carries no cause). */
    private static CourtRushException refused(String key, String name, Exception cause) {
        log.info("Backup {} refused ({}): {}", name, key, cause.toString());
        return CourtRushException.badRequest(key, name);
    }
}
