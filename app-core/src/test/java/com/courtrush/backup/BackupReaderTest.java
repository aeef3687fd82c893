package com.courtrush.backup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.backup.api.BackupContents;
import com.courtrush.core.CourtRushException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backup is read from itself before it may be restored: what it holds is counted in a restored copy, and a broken
 * zip, a zip without a database, or another program's database is refused with a message for staff.
 */
class BackupReaderTest {

    @TempDir
    Path dir;

    /** What every CourtRush database has besides its own tables: Flyway's history, at schema 38. */
    static final String MIGRATED = "create table flyway_schema_history (version varchar(50), success boolean);"
            + "insert into flyway_schema_history values ('1', true), ('38', true), (null, true), ('39', false);";

    @Test
    void aBackupIsCountedFromARestoredCopyOfItself() throws Exception {
        Path zip = backupOf(MIGRATED + "create table user_account (id int, role varchar(16));"
                + "create table reservation (id int, create_time timestamp);"
                + "create table pay_order (id int);"
                + "insert into user_account values (1, 'STUDENT'), (2, 'STUDENT'), (3, 'MANAGER');"
                + "insert into reservation values (1, '2026-11-20 09:15:00'), (2, '2026-11-21 18:02:30');"
                + "insert into pay_order values (1);");

        BackupContents contents = BackupReader.restoreAndRead(zip, "mine.zip", Files.createDirectory(dir.resolve("c")));

        assertThat(contents)
                .isEqualTo(new BackupContents(
                        "mine.zip",
                        Files.getLastModifiedTime(zip).toInstant(),
                        2,
                        1,
                        2,
                        1,
                        LocalDateTime.parse("2026-11-21T18:02:30"),
                        38,
                        null));
    }

    @Test
    void aBackupSaysWhichReleaseLastRanOnIt() throws Exception {
        Path zip = backupOf(
                MIGRATED + "create table user_account (id int, role varchar(16));"
                        + "create table reservation (id int, create_time timestamp);"
                        + "create table pay_order (id int);"
                        + "create table schema_release (release_version varchar(32), last_start timestamp);"
                        + "insert into schema_release values ('0.2.0', '2026-12-01 08:00:00'), ('0.3.0', '2026-12-20 08:00:00')");

        BackupContents contents =
                BackupReader.restoreAndRead(zip, "later.zip", Files.createDirectory(dir.resolve("l")));

        assertThat(contents.madeBy()).isEqualTo("0.3.0");
        assertThat(contents.schema()).isEqualTo(38);
    }

    @Test
    void aBrokenZipIsRefused() throws Exception {
        Path zip = Files.write(dir.resolve("broken.zip"), "PK\u0003\u0004 not really a zip".getBytes());
        assertRefused(zip, "backup.unreadable");
    }

    @Test
    void aZipWithoutADatabaseIsRefused() throws Exception {
        Path zip = dir.resolve("photos.zip");
        try (OutputStream out = Files.newOutputStream(zip);
                ZipOutputStream entries = new ZipOutputStream(out)) {
            entries.putNextEntry(new ZipEntry("holiday.jpg"));
            entries.write(new byte[] {1, 2, 3});
            entries.closeEntry();
        }
        assertRefused(zip, "backup.unreadable");
    }

    @Test
    void aZipThatUnpacksPastTheFreeSpaceIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path zip = backupOf(MIGRATED + "create table user_account (id int, role varchar(16));"
                + "create table reservation (id int, create_time timestamp);"
                + "create table pay_order (id int)");
        long unpacked = com.courtrush.core.BoundedZip.unpackedSize(zip, Long.MAX_VALUE);
        Path into = Files.createDirectory(dir.resolve("small-disk"));

        assertThatThrownBy(() -> BackupReader.restoreAndRead(zip, "big.zip", into, unpacked - 1))
                .isInstanceOfSatisfying(
                        CourtRushException.class,
                        refused -> assertThat(refused.key()).isEqualTo("backup.tooLarge"));
        try (var written = Files.list(into)) {
            assertThat(written).as("nothing unpacked").isEmpty();
        }
        assertThat(BackupReader.restoreAndRead(zip, "fits.zip", into, unpacked).reservations())
                .as("with room for it")
                .isZero();
    }

    @Test
    void anotherProgramsDatabaseIsRefused() throws Exception {
        assertRefused(backupOf("create table invoice (id int)"), "backup.foreign");
    }

    private void assertRefused(Path zip, String key) {
        Path into = dir.resolve("into-" + key + "-" + zip.getFileName());
        assertThatThrownBy(() -> {
                    Files.createDirectories(into);
                    BackupReader.restoreAndRead(zip, zip.getFileName().toString(), into);
                })
                .isInstanceOfSatisfying(
                        CourtRushException.class,
                        refused -> assertThat(refused.key()).isEqualTo(key));
    }

    /** An H2 database made of {@code sql} (in the engine's mode), backed up with {@code BACKUP TO} as the engine does. */
    private Path backupOf(String sql) throws SQLException, IOException {
        Path source = Files.createTempDirectory(dir, "source-");
        Path zip = source.resolve("backup.zip");
        try (Connection connection = DriverManager.getConnection(
                        "jdbc:h2:file:" + source.resolve("other")
                                + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE",
                        "sa",
                        "");
                Statement statement = connection.createStatement()) {
            for (String each : sql.split(";")) {
                statement.execute(each);
            }
            statement.execute("BACKUP TO '" + zip + "'");
        }
        return zip;
    }
}
