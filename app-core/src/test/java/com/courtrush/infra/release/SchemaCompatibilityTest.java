package com.courtrush.infra.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.core.Release;
import db.migration.V30__StampsIntoTheGymsZone;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Which schema a release starts on (SPEC §23), on the engine's own migrations in H2's MySQL mode: its own, migrated to
 * and recorded; the next release's when that one only added, left as it is; anything further ahead, contracted, or
 * not recorded by any release refused in words before anything is migrated.
 */
class SchemaCompatibilityTest {

    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T05:00:00Z"), ZoneId.of("Asia/Shanghai"));

    final int own = Release.newestMigration();
    final Release release = new Release("0.2.0", "", own);
    Flyway flyway;
    JdbcTemplate jdbc;

    @BeforeEach
    void aDatabase() {
        DriverManagerDataSource data = new DriverManagerDataSource(
                "jdbc:h2:mem:" + UUID.randomUUID() + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;"
                        + "CASE_INSENSITIVE_IDENTIFIERS=TRUE;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1",
                "sa",
                "");
        flyway = Flyway.configure()
                .dataSource(data)
                .locations("classpath:" + Release.MIGRATIONS)
                .placeholders(Map.of(V30__StampsIntoTheGymsZone.GYM_ZONE, "Asia/Shanghai"))
                .load();
        jdbc = new JdbcTemplate(data);
    }

    @Test
    void aReleaseMigratesToItsOwnSchemaAndRecordsItself() {
        new SchemaCompatibility(release, CLOCK).migrate(flyway);

        assertThat(databaseSchema()).isEqualTo(own);
        assertThat(jdbc.queryForMap(
                        "select schema_version, oldest_schema from schema_release where release_version = '0.2.0'"))
                .containsEntry("schema_version", own)
                .containsEntry("oldest_schema", 0);
        // started again: still one row, its last start moved on
        new SchemaCompatibility(release, Clock.offset(CLOCK, java.time.Duration.ofHours(1))).migrate(flyway);
        assertThat(jdbc.queryForObject("select count(*) from schema_release", Integer.class))
                .isEqualTo(1);
        assertThat(jdbc.queryForObject(
                        "select timestampdiff(minute, first_start, last_start) from schema_release", Integer.class))
                .isEqualTo(60);
    }

    @Test
    void theNextReleasesSchemaThatOnlyAddedIsRunOnAsItIs() {
        new SchemaCompatibility(release, CLOCK).migrate(flyway);
        nextReleaseMigrated("0.3.0", own + 1, 0);

        new SchemaCompatibility(release, CLOCK).migrate(flyway);

        assertThat(databaseSchema()).as("nothing migrated back").isEqualTo(own + 1);
    }

    @Test
    void aSchemaTwoReleasesAheadIsRefusedInWordsBeforeAnythingIsMigrated() {
        new SchemaCompatibility(release, CLOCK).migrate(flyway);
        nextReleaseMigrated("0.3.0", own + 1, 0);
        nextReleaseMigrated("0.4.0", own + 2, 0);

        assertThatThrownBy(() -> new SchemaCompatibility(release, CLOCK).migrate(flyway))
                .isInstanceOfSatisfying(SchemaAhead.class, refused -> {
                    assertThat(refused.getMessage())
                            .contains("schema " + (own + 2))
                            .contains("CourtRush 0.2.0")
                            .contains("0.3.0, 0.4.0");
                    assertThat(refused.action()).contains("CourtRush 0.4.0 or newer");
                });
    }

    @Test
    void aNextReleaseThatContractedWhatThisOneUsesIsRefused() {
        new SchemaCompatibility(release, CLOCK).migrate(flyway);
        nextReleaseMigrated("0.3.0", own + 1, own + 1);

        assertThatThrownBy(() -> new SchemaCompatibility(release, CLOCK).migrate(flyway))
                .isInstanceOf(SchemaAhead.class)
                .hasMessageContaining("contracts the schema");
    }

    @Test
    void migrationsNoReleaseRecordedAreRefused() {
        new SchemaCompatibility(release, CLOCK).migrate(flyway);
        applied(own + 1);

        assertThatThrownBy(() -> new SchemaCompatibility(release, CLOCK).migrate(flyway))
                .isInstanceOf(SchemaAhead.class)
                .hasMessageContaining("No CourtRush release recorded the migrations after " + own);
    }

    @Test
    void aContractMigrationSaysSoOnItsFirstLine() {
        assertThat(SchemaCompatibility.contracts("\n-- contract: drops reservation.legacy_code, unused since 0.3.0"))
                .isTrue();
        assertThat(SchemaCompatibility.contracts("-- Only tables added: an engine of the version before runs beside"))
                .isFalse();
    }

    @Test
    void theRefusalReadsAsAFailureAnalysisAtStart() {
        FailureAnalysis analysis = new SchemaAheadFailureAnalyzer()
                .analyze(new IllegalStateException("start failed", new SchemaAhead("The database is ahead.", "Do X.")));
        assertThat(analysis.getDescription()).isEqualTo("The database is ahead.");
        assertThat(analysis.getAction()).isEqualTo("Do X.");
    }

    /** What the next release's start leaves: its migration applied, and itself recorded. */
    private void nextReleaseMigrated(String version, int schema, int oldest) {
        applied(schema);
        jdbc.update(
                "insert into schema_release (release_version, schema_version, oldest_schema, first_start, last_start)"
                        + " values (?, ?, ?, current_timestamp, current_timestamp)",
                version,
                schema,
                oldest);
    }

    /** A migration this build does not have, applied to the database. */
    private void applied(int version) {
        jdbc.update(
                "insert into flyway_schema_history (installed_rank, version, description, type, script, checksum,"
                        + " installed_by, installed_on, execution_time, success) values ((select max(installed_rank)"
                        + " + 1 from flyway_schema_history), ?, 'ahead', 'SQL', ?, 0, 'test', current_timestamp, 1,"
                        + " true)",
                String.valueOf(version),
                "V" + version + "__ahead.sql");
        jdbc.execute("create table ahead_" + version + " (id int)");
    }

    private int databaseSchema() {
        return flyway.info().current().getVersion().getMajor().intValue();
    }
}
