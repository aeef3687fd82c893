package com.courtrush.backup;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditLog;
import com.courtrush.audit.AuditTrail;
import com.courtrush.backup.api.BackupContents;
import com.courtrush.backup.api.RestorePlan;
import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Release;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The console's restore (issue 54), as the console does it on a real engine: a backup made by the engine is read from
 * itself and made ready while it runs, put in place once it has stopped, and the engine started again on it — the
 * bookings made after the backup are gone, those before it are there (in Redis too: their places are taken, the
 * later ones' free), accounts sign in, the database before it is kept aside, and the audit says who restored which.
 */
class RestoreFromTheConsoleIT {

    @Test
    void aRestoredBackupBringsBackTheDatabaseAsItWasAndTheAuditSaysWhoRestoredIt() throws Exception {
        Path dataDir = Files.createTempDirectory("courtrush-restore-it-");
        long session;
        List<Long> slots;
        long before;
        Student ann;
        Student bob;
        Student lateComer;
        RestorePlan plan;
        try (ConfigurableApplicationContext engine = EmbeddedStack.start(dataDir)) {
            TestApi api = new TestApi(EmbeddedStack.port(engine));
            long court = api.createCourt();
            session = api.createSession(tomorrow(), now(), 1);
            slots = api.generateSlots(session, List.of(court), "08:00", "11:00", 60, 1);
            List<Student> students = api.students(2);
            ann = students.get(0);
            bob = students.get(1);
            before = api.book(ann, session, slots.get(0));
            api.pay(ann, before);
            String backup = TestApi.expect(200, api.post("/admin/backups", TestApi.ADMIN_TOKEN, null))
                    .data()
                    .path("name")
                    .asText();

            long after = api.book(bob, session, slots.get(1));
            lateComer = api.student("Late Comer");
            api.book(lateComer, session, slots.get(2));

            BackupDesk desk = engine.getBean(BackupDesk.class);
            Caller manager = Caller.atDesk(1, "m1", Role.MANAGER);
            assertThat(desk.restoreAvailable()).isTrue();
            BackupContents contents = desk.inspect(backup, manager);
            assertThat(contents.name()).isEqualTo(backup);
            assertThat(contents.reservations())
                    .as("read from the backup: one booking then")
                    .isEqualTo(1);
            assertThat(contents.payOrders()).isEqualTo(1);
            assertThat(contents.students()).isEqualTo(2);
            assertThat(contents.newestReservation()).isNotNull();
            assertThatThrownBy(() -> desk.inspect(backup, Caller.atDesk(2, "s1", Role.STAFF)))
                    .as("a manager's step")
                    .isInstanceOf(CourtRushException.class)
                    .hasMessageContaining("manager");
            assertThatThrownBy(() -> desk.inspect("../db/courtrush.mv.db", manager))
                    .isInstanceOf(CourtRushException.class)
                    .hasMessageContaining("no backup named");

            plan = desk.stageRestore(backup, manager);
            assertThat(plan.contents()).isEqualTo(contents);
            assertThat(after).isPositive();
        }

        BackupDesk.putInPlace(plan);
        assertThat(plan.aside().getFileName().toString()).startsWith("db.before-restore-");
        assertThat(plan.aside().resolve("courtrush.mv.db"))
                .as("the database before it, kept aside")
                .exists();
        assertThat(plan.staged()).doesNotExist();

        try (ConfigurableApplicationContext engine = EmbeddedStack.start(dataDir)) {
            TestApi api = new TestApi(EmbeddedStack.port(engine));
            List<String> held = TestApi.expect(
                            200, api.get("/admin/reservations?sessionId=" + session, TestApi.ADMIN_TOKEN))
                    .data()
                    .path("records")
                    .findValuesAsText("id");
            assertThat(held).as("the booking before the backup, none after").containsExactly(Long.toString(before));
            assertThat(TestApi.expect(200, api.get("/pay/reservation/" + before, ann.token()))
                            .data()
                            .path("payStatus")
                            .asText())
                    .as("its pay order, paid before the backup")
                    .isEqualTo("SUCCESS");
            assertThat(api.post(
                                    "/auth/login",
                                    null,
                                    Map.of("studentId", ann.studentId(), "password", TestApi.passwordOf(ann)))
                            .status())
                    .as("an account of the backup signs in")
                    .isEqualTo(200);
            assertThat(api.post(
                                    "/auth/login",
                                    null,
                                    Map.of(
                                            "studentId",
                                            lateComer.studentId(),
                                            "password",
                                            TestApi.passwordOf(lateComer)))
                            .status())
                    .as("an account made after the backup is gone")
                    .isNotEqualTo(200);
            // Redis rebuilt from the restored database: bob's later place is free again, ann's is still taken
            assertThat(api.book(bob, session, slots.get(1))).isPositive();
            Student another = api.students(1).get(0);
            assertThat(api.reserve(another, session, slots.get(0)).status())
                    .as("ann's place, held in the backup, is not on sale")
                    .isNotEqualTo(202);

            List<AuditLog> restored = engine.getBean(AuditTrail.class).forTarget("DATABASE", plan.backup());
            assertThat(restored)
                    .filteredOn(entry -> entry.getAction().equals("RESTORE"))
                    .singleElement()
                    .satisfies(entry -> {
                        assertThat(entry.getActor()).isEqualTo("staff:m1");
                        assertThat(entry.getDetail())
                                .contains(plan.aside().getFileName().toString());
                    });
            assertThat(plan.db().resolve(DatabaseRestores.PENDING))
                    .as("recorded once")
                    .doesNotExist();
        }
    }

    /**
     * Backups across releases (SPEC §23): a backup made by 0.1.0 (the upgrade fixture's) says so, restores into this
     * release and is migrated at the start on it, its students signing in; one made by a release newer than this one
     * says which and is refused before anything is restored.
     */
    @Test
    void anOlderReleasesBackupRestoresMigratedAndANewerOnesIsRefusedInWords() throws Exception {
        Path dataDir = Files.createTempDirectory("courtrush-restore-release-it-");
        Caller manager = Caller.atDesk(1, "m1", Role.MANAGER);
        String older = olderBackupInto(dataDir.resolve("backups"));
        RestorePlan plan;
        try (ConfigurableApplicationContext engine = EmbeddedStack.start(dataDir)) {
            TestApi api = new TestApi(EmbeddedStack.port(engine));
            BackupDesk desk = engine.getBean(BackupDesk.class);
            JdbcTemplate jdbc = new JdbcTemplate(engine.getBean(DataSource.class));
            int ours = Release.current().schema();

            // a database a newer release migrated: its backup names that release, and is not restored here
            jdbc.update(
                    "insert into flyway_schema_history (installed_rank, version, description, type, script, checksum,"
                            + " installed_by, installed_on, execution_time, success) values ((select max(installed_rank)"
                            + " + 1 from flyway_schema_history), ?, 'ahead', 'SQL', 'V0__ahead.sql', 0, 'test',"
                            + " current_timestamp, 1, true)",
                    String.valueOf(ours + 1));
            jdbc.update("update schema_release set release_version = '9.9.9'");
            String newer = TestApi.expect(200, api.post("/admin/backups", TestApi.ADMIN_TOKEN, null))
                    .data()
                    .path("name")
                    .asText();
            BackupContents ahead = desk.inspect(newer, manager);
            assertThat(ahead.madeBy()).isEqualTo("9.9.9");
            assertThat(ahead.schema()).isEqualTo(ours + 1);
            assertThatThrownBy(() -> desk.stageRestore(newer, manager))
                    .isInstanceOfSatisfying(CourtRushException.class, refused -> {
                        assertThat(refused.key()).isEqualTo("backup.newerRelease");
                        assertThat(refused.getMessage())
                                .contains("9.9.9")
                                .contains(Release.current().version());
                    });
            assertThat(dataDir.resolve("db.restoring")).as("nothing restored").doesNotExist();
            jdbc.update("delete from flyway_schema_history where version = ?", String.valueOf(ours + 1));

            // 0.1.0's: said to be from before this record, at its schema, with its five students
            BackupContents contents = desk.inspect(older, manager);
            assertThat(contents.madeBy()).isNull();
            assertThat(contents.schema()).isEqualTo(38);
            assertThat(contents.students()).isEqualTo(5);
            plan = desk.stageRestore(older, manager);
        }
        BackupDesk.putInPlace(plan);

        try (ConfigurableApplicationContext engine = EmbeddedStack.start(dataDir)) {
            TestApi api = new TestApi(EmbeddedStack.port(engine));
            assertThat(TestApi.expect(200, api.get("/actuator/info", TestApi.ADMIN_TOKEN))
                            .body()
                            .path("courtrush")
                            .path("databaseSchema")
                            .asInt())
                    .as("migrated at the start on it")
                    .isEqualTo(Release.current().schema());
            TestApi.expect(
                    200, api.post("/auth/login", null, Map.of("studentId", "2025001", "password", "pw-2025001")));
        }
    }

    /** The backup 0.1.0 made in the upgrade fixture, copied into {@code backups}: its name. */
    private static String olderBackupInto(Path backups) throws Exception {
        Files.createDirectories(backups);
        try (ZipInputStream zip =
                new ZipInputStream(RestoreFromTheConsoleIT.class.getResourceAsStream("/upgrade/0.1.0/data.zip"))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                if (entry.getName().startsWith("backups/") && entry.getName().endsWith(".zip")) {
                    Path name = Path.of(entry.getName()).getFileName();
                    Files.copy(zip, backups.resolve(name));
                    return name.toString();
                }
            }
        }
        throw new AssertionError("the 0.1.0 fixture holds no backup");
    }
}
