package com.courtrush.infra.release;

import com.courtrush.core.Release;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.CoreMigrationType;
import org.flywaydb.core.api.MigrationInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.flyway.FlywayMigrationStrategy;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Which schema this release starts on (SPEC §23, expand and contract): its own, migrated to first — or the next
 * release's, left as it is, when that release only added (a rolling upgrade: the new node migrated, this one still
 * serves). Anything further ahead, changed by a contract migration, or made by migrations no release recorded is
 * refused with words at start ({@link SchemaAhead}), before anything touches the database.
 *
 * <p>Each release records itself as it starts ({@code schema_release}): its version, its schema, and the oldest schema
 * whose engine may still run on it — the newest of its migrations that begins {@code -- contract} (one that removes or
 * changes what the release before uses; it comes a release after the expand it follows).
 */
public final class SchemaCompatibility implements FlywayMigrationStrategy {

    /** The first line of a migration that removes or changes what the release before uses. */
    static final String CONTRACT = "-- contract";

    private static final Logger log = LoggerFactory.getLogger(SchemaCompatibility.class);

    private final Release release;
    private final Clock clock;

    public SchemaCompatibility(Release release, Clock clock) {
        this.release = release;
        this.clock = clock;
    }

    /** A release that ran on this schema, as it recorded itself. */
    record Recorded(String version, int schema, int oldestSchema) {}

    @Override
    public void migrate(Flyway flyway) {
        MigrationInfo[] all = flyway.info().all();
        int own = Arrays.stream(all)
                .filter(each -> each.getState().isResolved() && each.getVersion() != null)
                .mapToInt(each -> major(each))
                .max()
                .orElse(0);
        MigrationInfo current = flyway.info().current();
        int database = current == null || current.getVersion() == null ? 0 : major(current);
        JdbcTemplate jdbc = new JdbcTemplate(flyway.getConfiguration().getDataSource());
        if (database > own) {
            Recorded ahead = checkAhead(own, database, recorded(jdbc, own));
            log.warn(
                    "The database is at schema {} of CourtRush {}, which only added to schema {}: {} runs on it as it"
                            + " is, nothing migrated (a rolling upgrade) — upgrade this node to {} next",
                    database,
                    ahead.version(),
                    own,
                    release.line(),
                    ahead.version());
            return;
        }
        flyway.migrate();
        record(jdbc, own, oldestSchema(flyway, all));
    }

    /**
     * The release ahead this one may run beside, or a refusal: at most one release ahead, none of whose migrations
     * contracted what this one uses, and every version applied recorded by a release.
     */
    Recorded checkAhead(int own, int database, List<Recorded> ahead) {
        String start = "The database is at schema " + database + "; this is " + release.line() + ".";
        if (ahead.isEmpty()) {
            throw new SchemaAhead(
                    start + " No CourtRush release recorded the migrations after " + own
                            + ": they were not made by CourtRush, or by a release too old to say.",
                    "Start the CourtRush release that migrated this database, or restore a backup made by this one.");
        }
        List<String> releases = ahead.stream().map(Recorded::version).distinct().toList();
        Recorded newest = ahead.stream()
                .max((a, b) -> Integer.compare(a.schema(), b.schema()))
                .orElseThrow();
        if (releases.size() > 1 || newest.schema() < database) {
            throw new SchemaAhead(
                    start + " Releases " + String.join(", ", releases) + " migrated it since: a release runs only on"
                            + " its own schema and the next release's.",
                    "Start CourtRush " + newest.version() + " or newer on this database.");
        }
        if (newest.oldestSchema() > own) {
            throw new SchemaAhead(
                    start + " CourtRush " + newest.version() + " changed what this release uses (its migration "
                            + newest.oldestSchema() + " contracts the schema).",
                    "Start CourtRush " + newest.version() + " or newer on this database.");
        }
        return newest;
    }

    private static List<Recorded> recorded(JdbcTemplate jdbc, int own) {
        return jdbc.query(
                "select release_version, schema_version, oldest_schema from schema_release where schema_version > ?",
                (row, i) -> new Recorded(row.getString(1), row.getInt(2), row.getInt(3)),
                own);
    }

    private void record(JdbcTemplate jdbc, int schema, int oldest) {
        Timestamp now = Timestamp.valueOf(LocalDateTime.now(clock));
        jdbc.update(
                "insert into schema_release (release_version, schema_version, oldest_schema, first_start, last_start)"
                        + " values (?, ?, ?, ?, ?) on duplicate key update schema_version = ?, oldest_schema = ?,"
                        + " last_start = ?",
                release.version(),
                schema,
                oldest,
                now,
                now,
                schema,
                oldest,
                now);
    }

    /** The newest migration of this build that contracts the schema: 0 when none does. */
    private static int oldestSchema(Flyway flyway, MigrationInfo[] all) {
        return Arrays.stream(all)
                .filter(each -> each.getType() == CoreMigrationType.SQL
                        && each.getState().isResolved())
                .filter(each -> contracts(script(flyway, each.getScript())))
                .mapToInt(SchemaCompatibility::major)
                .max()
                .orElse(0);
    }

    /** Whether a migration's text begins with {@link #CONTRACT}. */
    static boolean contracts(String script) {
        return script.stripLeading().startsWith(CONTRACT);
    }

    private static String script(Flyway flyway, String name) {
        ClassLoader loader = flyway.getConfiguration().getClassLoader();
        try (InputStream in = loader.getResourceAsStream(Release.MIGRATIONS + "/" + name)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the migration " + name, e);
        }
    }

    private static int major(MigrationInfo migration) {
        return migration.getVersion().getMajor().intValue();
    }
}
