package com.courtrush.infra.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded database's file is compacted when it has grown, and only then, with every row kept (SPEC §20): H2
 * gives the space of rewritten pages back only when it is closed.
 */
class EmbeddedDatabaseFileTest {

    @TempDir
    Path dir;

    @Test
    void aGrownFileIsCompactedWithItsRowsAndAFileThatDidNotGrowIsLeftAlone() throws Exception {
        Path file = dir.resolve("courtrush.mv.db");
        String url = "jdbc:h2:file:" + dir.resolve("courtrush") + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE";
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
                Statement statement = connection.createStatement()) {
            statement.execute("create table t (id bigint auto_increment primary key, v varchar(400))");
            // each round rewrites every row: the file keeps the old pages' space
            statement.execute("insert into t (v) select repeat('x', 300) from system_range(1, 20000)");
            for (int round = 0; round < 6; round++) {
                statement.execute("update t set v = repeat('" + round + "', 300)");
            }
        }
        long grown = Files.size(file);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));

        new EmbeddedDatabaseFile(url, file, 1L << 20);
        long compacted = Files.size(file);
        assertThat(compacted).as("compacted from %,d bytes", grown).isLessThan(grown / 2);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .as("the file written anew is private, as it was")
                .isEqualTo("rw-------");
        assertThat(Files.readString(file.resolveSibling("courtrush.compacted"))).isEqualTo(Long.toString(compacted));
        try (Connection connection = DriverManager.getConnection(url, "sa", "");
                ResultSet rows = connection.createStatement().executeQuery("select count(*), min(v) from t")) {
            rows.next();
            assertThat(rows.getLong(1)).isEqualTo(20000);
            assertThat(rows.getString(2)).isEqualTo("5".repeat(300));
        }

        EmbeddedDatabaseFile keeper = new EmbeddedDatabaseFile(url, file, 1L << 20);
        assertThat(keeper.compactIfGrown("stop")).as("not grown since").isEmpty();
        assertThat(new EmbeddedDatabaseFile("jdbc:mysql://127.0.0.1/test", file, 1).compactIfGrown("stop"))
                .as("not an embedded database")
                .isEmpty();
        EmbeddedDatabaseFile anySize = new EmbeddedDatabaseFile(url, file, 1);
        assertThat(anySize.worthCompacting(0.9)).as("not grown, mostly live").isFalse();
        assertThat(anySize.worthCompacting(0.5))
                .as("not grown, but half of it free (a sweep)")
                .isTrue();
        assertThat(new EmbeddedDatabaseFile(url, file, 1L << 40).worthCompacting(0.1))
                .as("under compact-over")
                .isFalse();
    }
}
