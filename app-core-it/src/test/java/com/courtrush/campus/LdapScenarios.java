package com.courtrush.campus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.support.LdapDirectory;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.Times;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * The campus sign-in by LDAP bind (SPEC §18) against a real LDAP server ({@link LdapDirectory}, UnboundID's
 * in-memory directory): the page's and the console's own form, the password checked by the directory, nothing
 * kept here.
 */
public interface LdapScenarios extends StackAccess {

    /** The settings a manager sends: search-then-bind with the service account, the gym's rules on its attributes. */
    default Map<String, Object> ldapSettings(LdapDirectory directory) {
        return directory.settings("http://127.0.0.1:" + api().port() + "/");
    }

    private void turnOffLdap(LdapDirectory directory) {
        Map<String, Object> off = ldapSettings(directory);
        off.put("enabled", false);
        TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, off));
        assertThat(api().get("/auth/campus", null).data().path("enabled").asBoolean())
                .isFalse();
    }

    private Reply login(String id, String password) {
        return api().post("/auth/login", null, Map.of("studentId", id, "password", password));
    }

    private static String id(String prefix) {
        return TestApi.unique(prefix).replace("-", "");
    }

    @Test
    default void aStudentSignsInOnTheFormWithTheDirectorysPasswordAndBooks() throws Exception {
        String student = id("ldaps");
        String visitor = id("ldapv");
        try (LdapDirectory directory = LdapDirectory.start()) {
            directory.person(student, "pw-" + student, "林小雨", "student");
            directory.person(visitor, "pw-" + visitor, "Visitor", "alumni");
            try {
                Reply saved = TestApi.expect(
                        200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, ldapSettings(directory)));
                assertThat(saved.data().path("protocol").asText()).isEqualTo("LDAP");
                assertThat(saved.data().path("clientSecret").asText()).isEqualTo("••••••");
                Reply offer = TestApi.expect(200, api().get("/auth/campus", null));
                assertThat(offer.data().path("protocol").asText()).isEqualTo("LDAP");

                int binds = directory.binds();
                Reply in = TestApi.expect(200, login(student, "pw-" + student));
                assertThat(in.data().path("role").asText()).isEqualTo("STUDENT");
                assertThat(in.data().path("name").asText()).isEqualTo("林小雨");
                // the service account searched, then the student's own bind
                assertThat(directory.binds() - binds).isGreaterThanOrEqualTo(1);
                Map<String, Object> account = jdbc().queryForMap(
                                "select origin, email, password_hash, directory_subject from user_account where student_id = ?",
                                student);
                assertThat(account.get("origin")).isEqualTo("LDAP");
                assertThat(account.get("password_hash"))
                        .as("no password kept here")
                        .isNull();
                assertThat(account.get("email")).isEqualTo(student + "@campus.example");
                assertThat((String) account.get("directory_subject"))
                        .isEqualToIgnoringCase("LDAP:" + LdapDirectory.dn(student));

                // the engine's own token books; the rush never asks the directory
                TestApi.Student signedIn =
                        new TestApi.Student(student, in.data().path("token").asText());
                long court = api().createCourt();
                long session = api().createSession(Times.tomorrow(), Times.now().minusSeconds(1), 2);
                long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                        .get(0);
                binds = directory.binds();
                assertThat(api().book(signedIn, session, slot)).isPositive();
                assertThat(directory.binds()).isEqualTo(binds);

                // a wrong password, an empty one (an anonymous bind to many directories), a filter in the id
                assertThat(login(student, "wrong").status()).isEqualTo(401);
                assertThat(login(student, " ").status()).isIn(400, 401);
                assertThat(api().post("/auth/login", null, Map.of("studentId", "*", "password", "pw-" + student))
                                .status())
                        .isIn(400, 401);
                // the directory knows them, the gym's rule says they may not book: told so, no account made
                Reply notAllowed = login(visitor, "pw-" + visitor);
                assertThat(notAllowed.status()).isEqualTo(403);
                assertThat(notAllowed.body().path("message").asText()).contains("may not book");
                assertThat(jdbc().queryForObject(
                                        "select count(*) from user_account where student_id = ?",
                                        Integer.class,
                                        visitor))
                        .isZero();
                assertThat(jdbc().queryForList(
                                        "select detail from audit_log where action = 'SIGN_IN' and target_id = ?",
                                        String.class,
                                        student))
                        .anySatisfy(detail -> assertThat(detail).contains("LDAP"));
            } finally {
                turnOffLdap(directory);
            }
            // turned off: the directory's people are unknown here again
            assertThat(login(student, "pw-" + student).status()).isEqualTo(401);
        }
    }

    @Test
    default void theDirectorysGroupsMakeStaffWhoSignInAtTheConsoleButTheGymsOwnStaffStayLocal() throws Exception {
        String staff = id("ldapt");
        String manager = id("ldapm");
        String student = id("ldapst");
        TestApi.Student gymManager = api().staffMember("MANAGER");
        StaffAccountDesk desk = bean(StaffAccountDesk.class);
        try (LdapDirectory directory = LdapDirectory.start()) {
            directory.person(staff, "pw-t", "Desk Person", "staff").inGroup(staff, "gym-staff");
            directory.person(manager, "pw-m", "Gym Head", "staff").inGroup(manager, "gym-managers");
            directory.person(student, "pw-s", "Club Student", "student").inGroup(student, "badminton-club");
            directory.person(gymManager.studentId(), "pw-d", "Someone Else", "student");
            try {
                TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, ldapSettings(directory)));

                // at the console: the directory's password, the role from its groups
                Caller atDesk = desk.signInAtDesk(staff, "pw-t");
                assertThat(atDesk.role()).isEqualTo(Role.STAFF);
                assertThat(desk.signInAtDesk(manager, "pw-m").role()).isEqualTo(Role.MANAGER);
                assertThatThrownBy(() -> desk.signInAtDesk(staff, "wrong"))
                        .isInstanceOfSatisfying(
                                CourtRushException.class,
                                e -> assertThat(e.outcome()).isEqualTo(Outcome.UNAUTHORIZED));
                // a student is no staff member: told what a wrong password is told, no account made for the desk
                assertThatThrownBy(() -> desk.signInAtDesk(student, "pw-s"))
                        .isInstanceOfSatisfying(
                                CourtRushException.class,
                                e -> assertThat(e.key()).isEqualTo("auth.wrongStaffCredentials"));
                assertThat(jdbc().queryForObject(
                                        "select role from user_account where student_id = ?", String.class, staff))
                        .isEqualTo("STAFF");
                assertThat(jdbc().queryForList(
                                        "select detail from audit_log where action = 'CONSOLE_SIGN_IN' and target_id = ?",
                                        String.class,
                                        manager))
                        .anySatisfy(detail -> assertThat(detail).contains("LDAP"));

                // on the staff API the same: a staff token reads courts, is no student and no manager
                String staffToken = TestApi.expect(200, login(staff, "pw-t"))
                        .data()
                        .path("token")
                        .asText();
                TestApi.expect(200, api().get("/admin/courts", staffToken));
                assertThat(api().get("/notices", staffToken).status()).isEqualTo(403);
                assertThat(api().put("/admin/campus-sign-in", staffToken, ldapSettings(directory))
                                .status())
                        .isEqualTo(403);

                // the gym's own manager signs in with the gym's password only, whatever the directory says
                assertThat(login(gymManager.studentId(), "pw-d").status()).isEqualTo(401);
                assertThatThrownBy(() -> desk.signInAtDesk(gymManager.studentId(), "pw-d"))
                        .isInstanceOf(CourtRushException.class);
                assertThat(desk.signInAtDesk(gymManager.studentId(), TestApi.passwordOf(gymManager))
                                .role())
                        .isEqualTo(Role.MANAGER);
            } finally {
                turnOffLdap(directory);
            }
        }
    }

    /**
     * Issue 75: what the directory says later is obeyed for every live token. A staff member taken out of the staff
     * group kept their STAFF token (200 on the staff API) though their next sign-in was refused; the service account's
     * lookups end the tokens of people the directory demoted, graduated or forgot, whose paid bookings stand; staff
     * see the list. And a manager the directory made is no first manager: the gym may still make its own.
     */
    @Test
    default void whatTheDirectorySaysLaterEndsEveryTokenOfThePersonAndItsManagersAreNoFirstManager() throws Exception {
        String staff = id("ldapx");
        String manager = id("ldapy");
        String graduate = id("ldapg");
        String forgotten = id("ldapf");
        StaffAccountDesk desk = bean(StaffAccountDesk.class);
        try (LdapDirectory directory = LdapDirectory.start()) {
            directory.person(staff, "pw-x", "Leaving Staff", "staff").inGroup(staff, "gym-staff");
            directory.person(manager, "pw-y", "Demoted Head", "staff").inGroup(manager, "gym-managers");
            directory.person(graduate, "pw-g", "Graduate", "student");
            directory.person(forgotten, "pw-f", "Forgotten", "student");
            try {
                TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, ldapSettings(directory)));
                String staffToken = token(login(staff, "pw-x"));
                String managerToken = token(login(manager, "pw-y"));
                String graduateToken = token(login(graduate, "pw-g"));
                String forgottenToken = token(login(forgotten, "pw-f"));
                TestApi.expect(200, api().get("/admin/courts", staffToken));
                TestApi.expect(200, api().get("/admin/reservations", staffToken));

                // out of the staff group: the next sign-in is refused, and every earlier token ends with it
                directory.outOfGroup(staff, "gym-staff");
                assertThat(login(staff, "pw-x").status()).isEqualTo(403);
                assertThat(api().get("/admin/courts", staffToken).status()).isEqualTo(401);
                assertThat(api().get("/admin/reservations", staffToken).status())
                        .isEqualTo(401);
                assertThatThrownBy(() -> desk.signInAtDesk(staff, "pw-x"))
                        .isInstanceOfSatisfying(
                                CourtRushException.class,
                                e -> assertThat(e.key()).isEqualTo("auth.wrongStaffCredentials"));

                // the directory's manager is no first manager: with the gym's own managers off, it may make one
                assertThat(desk.hasManager()).isTrue();
                List<Long> local = jdbc().queryForList(
                                "select id from user_account where role = 'MANAGER' and origin = 'LOCAL' and active = true",
                                Long.class);
                local.forEach(id -> jdbc().update("update user_account set active = false where id = ?", id));
                try {
                    assertThat(desk.hasLocalManager()).isFalse();
                    String first = id("ldapl");
                    assertThat(desk.createFirstManager(first, "Gym Own", "first-pw-1")
                                    .role())
                            .isEqualTo(Role.MANAGER);
                    assertThat(desk.signInAtDesk(first, "first-pw-1").role()).isEqualTo(Role.MANAGER);
                    assertThatThrownBy(() -> desk.createFirstManager(id("ldapl"), "Second", "first-pw-2"))
                            .isInstanceOfSatisfying(
                                    CourtRushException.class,
                                    e -> assertThat(e.key()).isEqualTo("staff.managerExists"));
                } finally {
                    local.forEach(id -> jdbc().update("update user_account set active = true where id = ?", id));
                }

                // the graduate's paid booking
                TestApi.Student student = new TestApi.Student(graduate, graduateToken);
                long court = api().createCourt();
                long session = api().createSession(Times.tomorrow(), Times.now().minusSeconds(1), 2);
                List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
                long paid = api().book(student, session, slots.get(0));
                api().pay(student, paid);

                // without a sign-in: the service account's lookup finds a manager made staff, a graduate, one gone
                directory.outOfGroup(manager, "gym-managers").inGroup(manager, "gym-staff");
                directory.set(graduate, "employeeType", "alumni");
                directory.remove(forgotten);
                jdbc().update(
                                "update user_account set directory_checked_time = null where student_id in (?, ?, ?)",
                                manager,
                                graduate,
                                forgotten);
                LdapLookups lookups = bean(LdapLookups.class);
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                    lookups.run();
                    assertThat(api().get("/admin/courts", managerToken).status())
                            .isEqualTo(401);
                    assertThat(api().get("/notices", graduateToken).status()).isEqualTo(401);
                    assertThat(api().get("/notices", forgottenToken).status()).isEqualTo(401);
                });
                assertThat(jdbc().queryForObject(
                                        "select role from user_account where student_id = ?", String.class, manager))
                        .isEqualTo("STAFF");
                assertThat(token(login(manager, "pw-y"))).isNotBlank();
                // the graduate's paid booking stands; no more are made, and they are told so in their language
                assertThat(jdbc().queryForObject("select status from reservation where id = ?", String.class, paid))
                        .isEqualTo("CONFIRMED");
                assertThat(api().reserve(student, session, slots.get(1)).status())
                        .isEqualTo(401);
                Reply refused = login(graduate, "pw-g");
                assertThat(refused.status()).isEqualTo(403);
                assertThat(refused.body().path("message").asText())
                        .contains("no longer")
                        .contains("paid for stand");

                // staff see who left, and why in the audit trail
                Reply leavers = TestApi.expect(200, api().get("/admin/students/left-directory", TestApi.ADMIN_TOKEN));
                assertThat(leavers.data().findValuesAsText("studentId"))
                        .contains(staff, graduate, forgotten)
                        .doesNotContain(manager);
                assertThat(jdbc().queryForList(
                                        "select detail from audit_log where action = 'LEFT_DIRECTORY' and target_id = ?",
                                        String.class,
                                        forgotten))
                        .singleElement()
                        .satisfies(detail -> assertThat(detail).contains("GONE"));
            } finally {
                turnOffLdap(directory);
            }
        }
    }

    private static String token(Reply login) {
        return TestApi.expect(200, login).data().path("token").asText();
    }

    @Test
    default void aDirectoryThatIsDownIsSaidSoWhileLocalAccountsSignIn() throws Exception {
        String student = id("ldapd");
        TestApi.Student local = api().students(1).get(0);
        try (LdapDirectory directory = LdapDirectory.start()) {
            directory.person(student, "pw", "Down", "student");
            try {
                TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, ldapSettings(directory)));
                directory.stop();
                // the student retries while it is down: refused before any password was checked, those tries do not
                // count against them (five failures of one id make it wait)
                for (int i = 0; i < 8; i++) {
                    Reply down = login(student, "pw");
                    assertThat(down.status()).as("try %d: %s", i, down).isEqualTo(503);
                    assertThat(down.body().path("message").asText()).contains("not answering");
                }
                // a local account signs in as ever: its password is kept here
                TestApi.expect(200, login(local.studentId(), TestApi.passwordOf(local)));
                // a manager's try says the directory does not answer
                Reply tried = api().post("/admin/campus-sign-in/try", TestApi.ADMIN_TOKEN, ldapSettings(directory));
                assertThat(tried.data().path("ok").asBoolean()).isFalse();
                directory.restart();
                TestApi.expect(200, login(student, "pw"));
            } finally {
                turnOffLdap(directory);
            }
        }
    }

    @Test
    default void aSimpleBindNeedsNoServiceAccountAndStudentsSigningInAtOnceGetOneAccountEach() throws Exception {
        List<String> students = new ArrayList<>();
        try (LdapDirectory directory = LdapDirectory.start()) {
            for (int i = 0; i < 24; i++) {
                String student = id("ldapb");
                directory.person(student, "pw-" + i, "Student " + i, "student");
                students.add(student);
            }
            Map<String, Object> settings = ldapSettings(directory);
            settings.put("clientId", "uid={0}," + LdapDirectory.PEOPLE);
            settings.put("clientSecret", "");
            try {
                TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, settings));
                Reply tried =
                        TestApi.expect(200, api().post("/admin/campus-sign-in/try", TestApi.ADMIN_TOKEN, settings));
                assertThat(tried.data().path("ok").asBoolean()).isTrue();
                assertThat(tried.data().path("answered").toString()).contains("uid={0}");

                // each student signs in twice at the same moment (two tabs): both in, one account
                List<Callable<Reply>> calls = new ArrayList<>();
                for (int i = 0; i < students.size(); i++) {
                    String student = students.get(i);
                    String password = "pw-" + i;
                    calls.add(() -> login(student, password));
                    calls.add(() -> login(student, password));
                }
                List<Reply> replies = TestApi.atOnce(calls);
                assertThat(replies)
                        .allSatisfy(reply ->
                                assertThat(reply.status()).as("%s", reply).isEqualTo(200));
                for (String student : students) {
                    assertThat(jdbc().queryForObject(
                                            "select count(*) from user_account where student_id = ? and origin = 'LDAP'",
                                            Integer.class,
                                            student))
                            .isEqualTo(1);
                }
            } finally {
                turnOffLdap(directory);
            }
        }
    }
}
