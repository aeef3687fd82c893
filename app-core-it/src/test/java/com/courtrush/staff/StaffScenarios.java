package com.courtrush.staff;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.courtrush.account.AuthService;
import com.courtrush.account.StudentDirectory;
import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.LocalSettings;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.lifecycle.ReservationQueries;
import com.courtrush.slot.SlotEditor;
import com.courtrush.slot.SlotGenerator;
import com.courtrush.slot.api.GeneratedDay;
import com.courtrush.slot.api.SlotTemplate;
import com.courtrush.staff.api.WithdrawalImpact;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.venue.api.DeskScope;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The staff console's operations, through the same services it calls. */
public interface StaffScenarios extends StackAccess {

    @Test
    default void withdrawingABookedSlotCancelsTheUnpaidAndRefundsThePaid() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 3)
                .get(0);
        List<Student> students = api().students(3);
        long paid = api().book(students.get(0), session, slot);
        long unpaid = api().book(students.get(1), session, slot);
        String order = TestApi.expect(
                        200, api().post("/pay/wechat/" + paid, students.get(0).token(), null))
                .data()
                .path("outTradeNo")
                .asText();
        TestApi.expect(200, api().post("/pay/wechat/mock-success/" + order, TestApi.ADMIN_TOKEN, null));

        SlotWithdrawal withdrawal = bean(SlotWithdrawal.class);
        assertThat(withdrawal.impact(slot)).isEqualTo(new WithdrawalImpact(slot, 1, 1));
        assertThatThrownBy(() -> withdrawal.withdraw(slot, " ", Caller.admin())).isInstanceOf(CourtRushException.class);
        assertThat(withdrawal.withdraw(slot, "net broken", Caller.admin())).isEqualTo(new WithdrawalImpact(slot, 1, 1));

        assertThat(jdbc().queryForObject("select cancel_reason from reservation where id = ?", String.class, paid))
                .isEqualTo("REFUND");
        assertThat(jdbc().queryForObject("select cancel_reason from reservation where id = ?", String.class, unpaid))
                .isEqualTo("STAFF");
        assertThat(jdbc().queryForObject("select status from pay_order where out_trade_no = ?", String.class, order))
                .isEqualTo("REFUNDED");
        Reply refused = api().reserve(students.get(2), session, slot);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(invariants().assertHold(session)).isZero();
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("0");
    }

    @Test
    default void editingASlotChangesWhatIsSoldAndReEnablingChecksOverlaps() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                .get(0);
        List<Student> students = api().students(2);
        api().book(students.get(0), session, slot);
        SlotEditor editor = bean(SlotEditor.class);
        editor.update(slot, 3, 3000, Caller.ADMIN_NAME);
        assertThat(redisson().getBucket(RedisKeys.semaphore(session, slot)).get())
                .isEqualTo("2");
        assertThatThrownBy(() -> editor.update(slot, 0, null, Caller.ADMIN_NAME))
                .hasMessageContaining("capacity");
        api().book(students.get(1), session, slot);
        // refusals name the slot as staff see it (day and times), not by an id no screen shows
        assertThatThrownBy(() -> editor.update(slot, 1, null, Caller.ADMIN_NAME))
                .hasMessageContaining("booked")
                .hasMessageContaining(tomorrow() + " 08:00–09:00")
                .hasMessageNotContaining("Slot " + slot);
        assertThat(invariants().assertHold(session)).isEqualTo(2);

        long other = api().generateSlots(session, List.of(court), "09:00", "10:00", 60, 1)
                .get(0);
        editor.setActive(other, false, Caller.ADMIN_NAME);
        api().generateSlots(session, List.of(court), "09:30", "10:30", 60, 1);
        assertThatThrownBy(() -> editor.setActive(other, true, Caller.ADMIN_NAME))
                .hasMessageContaining("overlaps")
                .hasMessageContaining("09:00–10:00")
                .hasMessageContaining("09:30–10:30");
        invariants().assertHold(session);
    }

    @Test
    default void aWeekIsGeneratedDayByDayAndOverlapsAreReportedPerDay() {
        long court = api().createCourt();
        SlotGenerator generator = bean(SlotGenerator.class);
        SlotTemplate template = new SlotTemplate(List.of(court), LocalTime.of(8, 0), LocalTime.of(10, 0), 60, 1, 1500);
        List<GeneratedDay> week = generator.generateDays(
                tomorrow().plusDays(1), 7, LocalTime.of(13, 0), true, 2, template, Caller.ADMIN_NAME);
        assertThat(week).hasSize(7).allSatisfy(day -> {
            assertThat(day.error()).isNull();
            assertThat(day.slotsCreated()).isEqualTo(2);
        });
        List<GeneratedDay> again = generator.generateDays(
                tomorrow().plusDays(1), 7, LocalTime.of(13, 0), true, 2, template, Caller.ADMIN_NAME);
        assertThat(again).allSatisfy(day -> assertThat(day.error().toString()).contains("overlap"));
        assertThat(jdbc().queryForObject("select count(*) from time_slot where court_id = ?", Integer.class, court))
                .isEqualTo(14);
    }

    @Test
    default void disablingAStudentEndsTheirSessionsOnEveryNodeAndAResetPasswordToo() {
        Student student = api().students(1).get(0);
        long userId = jdbc().queryForObject(
                        "select id from user_account where student_id = ?", Long.class, student.studentId());
        StudentDirectory directory = bean(StudentDirectory.class);
        assertThat(directory.list(student.studentId(), 1, 10).records()).hasSize(1);
        TestApi.expect(200, api().get("/reservations/mine", student.token()));

        directory.setActive(userId, false, Caller.ADMIN_NAME);
        await().atMost(Duration.ofSeconds(3))
                .until(() -> api().get("/reservations/mine", student.token()).status() == 401);
        Reply login = api().post(
                        "/auth/login",
                        null,
                        Map.of("studentId", student.studentId(), "password", "pw-" + student.studentId()));
        assertThat(login.status())
                .as("the right password: told the account is disabled")
                .isEqualTo(403);
        // a wrong password tells nothing about the account: the same 401 as for an id nobody has (SPEC §15)
        Reply guess = api().post("/auth/login", null, Map.of("studentId", student.studentId(), "password", "guess"));
        Reply nobody = api().post("/auth/login", null, Map.of("studentId", "nobody-" + userId, "password", "guess"));
        assertThat(guess.status()).isEqualTo(401);
        assertThat(guess.body().path("enumCode")).isEqualTo(nobody.body().path("enumCode"));
        assertThat(guess.body().path("message")).isEqualTo(nobody.body().path("message"));

        directory.setActive(userId, true, Caller.ADMIN_NAME);
        Reply again = TestApi.expect(
                200,
                api().post(
                                "/auth/login",
                                null,
                                Map.of("studentId", student.studentId(), "password", "pw-" + student.studentId())));
        assertThat(api().get("/reservations/mine", student.token()).status())
                .as("a token from before the disabling")
                .isEqualTo(401);
        directory.resetPassword(userId, "brand-new-1", Caller.ADMIN_NAME);
        assertThat(api().get("/reservations/mine", again.data().path("token").asText())
                        .status())
                .as("a token from before the reset")
                .isEqualTo(401);
        assertThat(api().post(
                                "/auth/login",
                                null,
                                Map.of("studentId", student.studentId(), "password", "pw-" + student.studentId()))
                        .status())
                .isEqualTo(401);
        // a sign-in in the same second as the reset works: tokens are ended by generation, not by the clock
        Reply fresh = TestApi.expect(
                200,
                api().post("/auth/login", null, Map.of("studentId", student.studentId(), "password", "brand-new-1")));
        TestApi.expect(
                200, api().get("/reservations/mine", fresh.data().path("token").asText()));

        // the admin token is no sign-in: "logging it out" is refused rather than answered "Logged out"
        Reply adminLogout = api().post("/auth/logout", TestApi.ADMIN_TOKEN, null);
        assertThat(adminLogout.status()).as("%s", adminLogout).isEqualTo(400);
        TestApi.expect(200, api().get("/admin/courts", TestApi.ADMIN_TOKEN));
    }

    @Test
    default void reservationsAreFoundByDateCourtStudentAndStatus() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "08:00", "09:00", 60, 2)
                .get(0);
        Student student = api().students(1).get(0);
        long reservation = api().book(student, session, slot);
        ReservationQueries queries = bean(ReservationQueries.class);
        ReservationPage found = queries.find(
                new ReservationFilter(
                        null,
                        null,
                        null,
                        ReservationStatus.PENDING_PAYMENT,
                        tomorrow(),
                        court,
                        student.studentId(),
                        false),
                DeskScope.ALL,
                1,
                10);
        assertThat(found.records()).extracting(ReservationRow::id).containsExactly(reservation);
        assertThat(found.records().get(0).studentName()).isEqualTo("Student " + student.studentId());
        assertThat(found.records().get(0).priceCents()).isEqualTo(2000);
        assertThat(queries.find(
                                new ReservationFilter(
                                        null, null, null, null, tomorrow().plusDays(9), court, null, false),
                                DeskScope.ALL,
                                1,
                                10)
                        .total())
                .isZero();
        assertThat(queries.find(
                                new ReservationFilter(null, null, null, null, null, null, "nobody", false),
                                DeskScope.ALL,
                                1,
                                10)
                        .total())
                .isZero();
    }

    @Test
    default void theStaffApiDoesWhatTheConsoleDoes() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
        List<Student> students = api().students(2);
        long unpaid = api().book(students.get(0), session, slots.get(0));
        long paid = api().book(students.get(1), session, slots.get(1));
        String order = TestApi.expect(
                        200, api().post("/pay/wechat/" + paid, students.get(1).token(), null))
                .data()
                .path("outTradeNo")
                .asText();
        TestApi.expect(200, api().post("/pay/wechat/mock-success/" + order, TestApi.ADMIN_TOKEN, null));
        String admin = TestApi.ADMIN_TOKEN;

        // slots: edit, what a withdrawal would do, withdraw with a reason, put back
        Reply edited = TestApi.expect(
                200, api().put("/admin/slots/" + slots.get(0), admin, Map.of("capacity", 2, "priceCents", 3000)));
        assertThat(edited.data().path("capacity").asInt()).isEqualTo(2);
        assertThat(TestApi.expect(200, api().get("/admin/slots/" + slots.get(1) + "/withdrawal", admin))
                        .data()
                        .path("paid")
                        .asInt())
                .isEqualTo(1);
        TestApi.expect(
                200, api().post("/admin/slots/" + slots.get(1) + "/withdraw", admin, Map.of("reason", "net broken")));
        assertThat(api().post("/admin/slots/" + slots.get(1) + "/withdraw", admin, Map.of("reason", " "))
                        .status())
                .as("a blank reason")
                .isEqualTo(400);
        TestApi.expect(200, api().post("/admin/slots/" + slots.get(1) + "/enable", admin, null));

        // a reservation whole: its pay order and history, the engine's wording in the asker's language
        JsonNode refunded = TestApi.expect(200, api().get("/admin/reservations/" + paid, admin))
                .data();
        assertThat(refunded.path("reservation").path("status").asText()).isEqualTo("CANCELLED");
        assertThat(refunded.path("payOrders").get(0).path("status").asText()).isEqualTo("REFUNDED");
        assertThat(refunded.path("history").findValuesAsText("action")).contains("MARK_PAID", "REFUND");
        assertThat(refunded.path("history").findValuesAsText("detail")).anyMatch(d -> d.contains("net broken"));

        // the audit trail, filtered
        JsonNode edits = TestApi.expect(200, api().get("/admin/audit?targetType=SLOT&targetId=" + slots.get(0), admin))
                .data();
        assertThat(edits.path("records").findValuesAsText("action")).containsExactly("EDIT_SLOT");
        assertThat(edits.path("records").findValuesAsText("detail"))
                .as("the engine's wording, in the asker's language")
                .containsExactly("capacity 1 → 2, price (yuan) 20.00 → 30.00");

        // students: find, disable (their sessions end), enable, a new password
        JsonNode found = TestApi.expect(
                        200, api().get("/admin/students?q=" + students.get(0).studentId(), admin))
                .data();
        assertThat(found.path("total").asLong()).isEqualTo(1);
        long userId = found.path("records").get(0).path("id").asLong();
        // a part of a name, found in three accounts: pages in the order of student ids, the total exact
        String family = TestApi.unique("Fam").replace("-", "");
        List<String> family3 = new ArrayList<>();
        for (String given : List.of("Cy", "Al", "Bo")) {
            family3.add(api().student(given + " " + family).studentId());
        }
        family3.sort(String.CASE_INSENSITIVE_ORDER);
        List<String> paged = new ArrayList<>();
        for (int page = 1; page <= 2; page++) {
            JsonNode fragment = TestApi.expect(
                            200, api().get("/admin/students?q=" + family + "&size=2&page=" + page, admin))
                    .data();
            assertThat(fragment.path("total").asLong()).isEqualTo(3);
            fragment.path("records").forEach(r -> paged.add(r.path("studentId").asText()));
        }
        assertThat(paged).containsExactlyElementsOf(family3);
        TestApi.expect(200, api().post("/admin/students/" + userId + "/active", admin, Map.of("active", false)));
        assertThat(api().get("/reservations/mine", students.get(0).token()).status())
                .isEqualTo(401);
        TestApi.expect(200, api().post("/admin/students/" + userId + "/active", admin, Map.of("active", true)));
        TestApi.expect(
                200, api().post("/admin/students/" + userId + "/password", admin, Map.of("password", "a-new-secret")));
        assertThat(api().post(
                                "/auth/login",
                                null,
                                Map.of("studentId", students.get(0).studentId(), "password", "a-new-secret"))
                        .status())
                .isEqualTo(200);
        assertThat(api().post("/admin/students/" + userId + "/password", admin, Map.of("password", "short"))
                        .status())
                .as("a password too short")
                .isEqualTo(400);

        // a run of days from one template
        JsonNode days = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/slots/generate-days",
                                        admin,
                                        Map.ofEntries(
                                                Map.entry(
                                                        "firstDate",
                                                        tomorrow().plusDays(20).toString()),
                                                Map.entry("days", 2),
                                                Map.entry("flashTime", "13:00"),
                                                Map.entry("flashDayBefore", true),
                                                Map.entry("perUserLimit", 2),
                                                Map.entry("courtIds", List.of(court)),
                                                Map.entry("startTime", "08:00"),
                                                Map.entry("endTime", "10:00"),
                                                Map.entry("durationMinutes", 60),
                                                Map.entry("capacity", 1),
                                                Map.entry("priceCents", 2000))))
                .data();
        assertThat(days.findValuesAsText("slotsCreated")).containsExactly("2", "2");
        assertThat(invariants().assertHold(session)).isEqualTo(1);
        assertThat(TestApi.expect(200, api().get("/admin/reservations/" + unpaid, admin))
                        .data()
                        .path("reservation")
                        .path("status")
                        .asText())
                .as("a booking on the edited slot stays")
                .isEqualTo("PENDING_PAYMENT");
    }

    @Test
    default void namedStaffAccountsSignInAndOnlyManagersManageStaffAndSettings() {
        String admin = TestApi.ADMIN_TOKEN;
        Student manager = api().staffMember("MANAGER");
        Student student = api().students(1).get(0);

        // a manager creates a staff account, who signs in like a student does
        String deskId = TestApi.unique("desk").replace("-", "");
        JsonNode desk = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/staff",
                                        manager.token(),
                                        Map.of(
                                                "staffId",
                                                deskId,
                                                "name",
                                                "Front desk",
                                                "password",
                                                "desk-password",
                                                "role",
                                                "STAFF")))
                .data();
        JsonNode login = TestApi.expect(
                        200, api().post("/auth/login", null, Map.of("studentId", deskId, "password", "desk-password")))
                .data();
        assertThat(login.path("role").asText()).isEqualTo("STAFF");
        String staff = login.path("token").asText();
        // at the console, a wrong password speaks of a staff id (it said "Wrong student id or password")
        assertThatThrownBy(() -> bean(AuthService.class).signInAtDesk(deskId, "not-the-password"))
                .isInstanceOf(CourtRushException.class)
                .hasMessage("Wrong staff id or password.");

        // ids are one namespace: a staff id cannot be a student's, nor a student's a staff member's
        assertThat(api().post(
                                "/admin/staff",
                                manager.token(),
                                Map.of(
                                        "staffId",
                                        student.studentId(),
                                        "name",
                                        "X",
                                        "password",
                                        "whatever-1",
                                        "role",
                                        "STAFF"))
                        .status())
                .isEqualTo(409);
        JsonNode imported = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/students",
                                        admin,
                                        Map.of(
                                                "students",
                                                List.of(Map.of(
                                                        "studentId", deskId, "password", "student-pw", "name", "Y")))))
                .data();
        assertThat(imported.path("created").asInt()).isZero();
        assertThat(api().post("/auth/login", null, Map.of("studentId", deskId, "password", "student-pw"))
                        .status())
                .as("the staff account is unchanged")
                .isEqualTo(401);

        // staff run the desk, but neither manage staff nor change settings, nor reach a manager through Students
        assertThat(api().get("/admin/courts", staff).status()).isEqualTo(200);
        assertThat(api().get("/admin/settings", staff).status()).isEqualTo(200);
        assertThat(api().get("/admin/staff", staff).status()).isEqualTo(403);
        assertThat(api().post(
                                "/admin/staff",
                                staff,
                                Map.of("staffId", "x1", "name", "X", "password", "whatever-1", "role", "MANAGER"))
                        .status())
                .isEqualTo(403);
        assertThat(api().put("/admin/settings", staff, Map.of("values", Map.of("PAY_TIMEOUT_MINUTE", "30")))
                        .status())
                .isEqualTo(403);
        long managerId = -1;
        for (JsonNode each :
                TestApi.expect(200, api().get("/admin/staff", manager.token())).data()) {
            if (each.path("staffId").asText().equals(manager.studentId())) {
                managerId = each.path("id").asLong();
            }
        }
        assertThat(api().post("/admin/students/" + managerId + "/password", staff, Map.of("password", "taken-over"))
                        .status())
                .as("a manager's password through the students' endpoint")
                .isEqualTo(403);
        assertThat(TestApi.expect(200, api().get("/admin/students?q=" + deskId, admin))
                        .data()
                        .path("total")
                        .asLong())
                .as("staff are not listed as students")
                .isZero();
        assertThat(api().get("/admin/settings", student.token()).status()).isEqualTo(403);

        // settings: what the console shows, never the signing secret or the admin token, passwords only as set
        JsonNode settings = TestApi.expect(200, api().get("/admin/settings", manager.token()))
                .data();
        List<String> keys = settings.path("settings").findValuesAsText("key");
        assertThat(keys)
                .contains(
                        "PAY_TIMEOUT_MINUTE",
                        "DEFAULT_PRICE_CENTS",
                        "REFUND_CUTOFF_MINUTES",
                        "server.port",
                        "spring.datasource.password")
                .doesNotContain("AUTH_TOKEN_SECRET", "courtrush.admin-token");
        assertThat(settings.toString()).doesNotContain(TestApi.ADMIN_TOKEN);
        for (JsonNode each : settings.path("settings")) {
            if (each.path("key").asText().endsWith("password")) {
                assertThat(each.path("secret").asBoolean()).isTrue();
                assertThat(each.path("value").isNull()).as(each.toString()).isTrue();
            }
        }
        String timeout = value(settings, "PAY_TIMEOUT_MINUTE");
        try {
            JsonNode changed = TestApi.expect(
                            200,
                            api().put(
                                            "/admin/settings",
                                            manager.token(),
                                            Map.of("values", Map.of("PAY_TIMEOUT_MINUTE", "21"))))
                    .data();
            assertThat(value(changed, "PAY_TIMEOUT_MINUTE")).isEqualTo("21");
            assertThat(changed.path("restartNeeded").isBoolean()).isTrue();
            // every value is checked first: one wrong, nothing saved, each named
            Reply refused = api().put(
                            "/admin/settings",
                            manager.token(),
                            Map.of(
                                    "values",
                                    Map.of(
                                            "PAY_TIMEOUT_MINUTE",
                                            "0",
                                            "REFUND_CUTOFF_MINUTES",
                                            "5",
                                            "server.port",
                                            "eighty")));
            assertThat(refused.status()).isEqualTo(400);
            assertThat(refused.data().path("PAY_TIMEOUT_MINUTE").asText()).isEqualTo("OUT_OF_RANGE");
            assertThat(refused.data().path("server.port").asText()).isEqualTo("NOT_A_WHOLE_NUMBER");
            JsonNode after =
                    TestApi.expect(200, api().get("/admin/settings", admin)).data();
            assertThat(value(after, "PAY_TIMEOUT_MINUTE")).isEqualTo("21");
            assertThat(value(after, "REFUND_CUTOFF_MINUTES"))
                    .as("not saved either")
                    .isNotEqualTo("5");
            for (String hidden : List.of("AUTH_TOKEN_SECRET", "courtrush.admin-token", "no.such.key")) {
                assertThat(api().put("/admin/settings", admin, Map.of("values", Map.of(hidden, "x")))
                                .status())
                        .as(hidden)
                        .isEqualTo(400);
            }
        } finally {
            TestApi.expect(
                    200, api().put("/admin/settings", admin, Map.of("values", Map.of("PAY_TIMEOUT_MINUTE", timeout))));
        }

        // a role change ends the account's tokens (they carry the role); the audit names each person
        long deskUserId = desk.path("id").asLong();
        TestApi.expect(
                200, api().post("/admin/staff/" + deskUserId + "/role", manager.token(), Map.of("role", "MANAGER")));
        assertThat(api().get("/admin/courts", staff).status()).isEqualTo(401);
        List<String> done = TestApi.expect(200, api().get("/admin/audit?actor=staff:" + manager.studentId(), admin))
                .data()
                .path("records")
                .findValuesAsText("action");
        assertThat(done).contains("CREATE_STAFF", "UPDATE_SETTINGS", "MAKE_MANAGER");
        assertThat(TestApi.expect(200, api().get("/admin/audit?actor=admin&targetId=" + manager.studentId(), admin))
                        .data()
                        .path("records")
                        .findValuesAsText("action"))
                .as("the admin token, named as such")
                .containsExactly("CREATE_STAFF");
        // by action too, and the same filter as a CSV file, in the caller's language
        assertThat(TestApi.expect(
                                200,
                                api().get(
                                                "/admin/audit?actor=staff:" + manager.studentId()
                                                        + "&action=MAKE_MANAGER",
                                                admin))
                        .data()
                        .path("records")
                        .findValuesAsText("action"))
                .containsExactly("MAKE_MANAGER");
        TestApi.RawReply csv = api().raw(
                        "GET",
                        "/admin/audit/export.csv?actor=staff:" + manager.studentId() + "&action=MAKE_MANAGER&from="
                                + com.courtrush.support.Times.today().minusDays(1),
                        admin,
                        Map.of("Accept-Language", "zh-CN"),
                        null);
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        List<String> lines = csv.body().lines().toList();
        assertThat(lines.get(0)).isEqualTo(com.courtrush.core.Csv.BOM + "时间,操作人,操作,对象类型,对象,详情");
        assertThat(lines).hasSize(2);
        // in words, as the console's export: the manager named as one, never the stored codes
        assertThat(lines.get(1))
                .contains(manager.studentId() + "（管理员）", "设为管理员", "账号")
                .doesNotContain("staff:", "MAKE_MANAGER", "USER");
        theManagersChangesAreOnRecordWithTheirCountsAndAmounts(manager, admin);

        // somebody can always manage: the last active manager is neither disabled nor made staff
        for (JsonNode each :
                TestApi.expect(200, api().get("/admin/staff", admin)).data()) {
            if (each.path("role").asText().equals("MANAGER")
                    && each.path("active").asBoolean()
                    && each.path("id").asLong() != managerId) {
                TestApi.expect(
                        200,
                        api().post(
                                        "/admin/staff/" + each.path("id").asLong() + "/active",
                                        admin,
                                        Map.of("active", false)));
            }
        }
        assertThat(api().post("/admin/staff/" + managerId + "/active", admin, Map.of("active", false))
                        .status())
                .isEqualTo(409);
        assertThat(api().post("/admin/staff/" + managerId + "/role", admin, Map.of("role", "STAFF"))
                        .status())
                .isEqualTo(409);
        assertThat(api().get("/admin/staff", manager.token()).status())
                .as("still a manager")
                .isEqualTo(200);
    }

    /**
     * Issue 54: courts created, renamed and taken out of service, an import of students (one entry with its count and
     * its file's name) and a refund's amount are in the trail, each under the manager who did it.
     */
    private void theManagersChangesAreOnRecordWithTheirCountsAndAmounts(Student manager, String admin) {
        String by = "staff:" + manager.studentId();
        String courtName = TestApi.unique("court");
        long courtId = TestApi.expect(200, api().post("/admin/courts", manager.token(), Map.of("courtName", courtName)))
                .data()
                .path("id")
                .asLong();
        TestApi.expect(
                200, api().put("/admin/courts/" + courtId, manager.token(), Map.of("courtName", courtName + "b")));
        TestApi.expect(200, api().put("/admin/courts/" + courtId, manager.token(), Map.of("active", false)));
        JsonNode courtTrail = TestApi.expect(200, api().get("/admin/audit?targetType=COURT&targetId=" + courtId, admin))
                .data()
                .path("records");
        assertThat(courtTrail.findValuesAsText("action"))
                .containsExactly("DISABLE_COURT", "RENAME_COURT", "CREATE_COURT");
        assertThat(courtTrail.findValuesAsText("actor")).containsOnly(by);
        assertThat(courtTrail.findValuesAsText("actorRole"))
                .as("the role they had when they did it")
                .containsOnly("MANAGER");
        assertThat(courtTrail.get(1).path("detail").asText())
                .isEqualTo("Court \"" + courtName + "\" renamed \"" + courtName + "b\"");

        int count = 7;
        String prefix = TestApi.unique("imp");
        StringBuilder file = new StringBuilder("studentId,password,name\n");
        for (int i = 0; i < count; i++) {
            file.append(prefix)
                    .append('x')
                    .append(i)
                    .append(",secret-")
                    .append(i)
                    .append(",Student ")
                    .append(i)
                    .append('\n');
        }
        String fileName = prefix + ".csv";
        assertThat(TestApi.expect(
                                200,
                                api().postRaw(
                                                "/admin/students?fileName=" + fileName,
                                                manager.token(),
                                                "text/csv",
                                                file.toString()))
                        .data()
                        .path("created")
                        .asInt())
                .isEqualTo(count);
        JsonNode imports = TestApi.expect(
                        200, api().get("/admin/audit?action=IMPORT_STUDENTS&targetId=" + fileName, admin))
                .data()
                .path("records");
        assertThat(imports).as("one entry for the whole file").hasSize(1);
        assertThat(imports.get(0).path("actor").asText()).isEqualTo(by);
        assertThat(imports.get(0).path("targetType").asText()).isEqualTo("FILE");
        assertThat(imports.get(0).path("detail").asText())
                .isEqualTo(count + " students imported from " + fileName + " (0 already had an account)");

        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "10:00", "11:00", 60, 2)
                .get(0);
        Student payer = api().students(1).get(0);
        long booked = api().book(payer, session, slot);
        String order = api().pay(payer, booked);
        TestApi.expect(
                200,
                api().post(
                                "/admin/reservations/" + booked + "/refund",
                                manager.token(),
                                Map.of("reason", "lights failed")));
        TestApi.RawReply refund = api().raw(
                        "GET",
                        "/admin/audit/export.csv?targetType=RESERVATION&action=REFUND&targetId=" + booked,
                        admin,
                        Map.of("Accept-Language", "zh-CN"),
                        null);
        assertThat(refund.body().lines().toList())
                .hasSize(2)
                .last()
                .asString()
                .contains(manager.studentId() + "（管理员）", "退款", "预约", "lights failed", order, "¥20.00")
                .doesNotContain(by, "REFUND", "RESERVATION");
        assertThat(TestApi.expect(200, api().get("/admin/audit?targetType=PAY_ORDER&targetId=" + order, admin))
                        .data()
                        .path("records")
                        .findValuesAsText("detail"))
                .as("the payment's amount too")
                .anyMatch(detail -> detail.equals("reservation " + booked + " confirmed: ¥20.00"));
    }

    private static String value(JsonNode view, String key) {
        for (JsonNode each : view.path("settings")) {
            if (each.path("key").asText().equals(key)) {
                return each.path("value").asText();
            }
        }
        throw new AssertionError("no setting " + key + " in " + view);
    }

    @Test
    default void aCourtNameAlreadyTakenIsRefusedWithoutUsingUpAnId() {
        String name = TestApi.unique("court");
        long first = api().createCourt(name);
        TestApi.Reply again = api().post("/admin/courts", TestApi.ADMIN_TOKEN, Map.of("courtName", name));
        assertThat(again.status()).as("%s", again).isEqualTo(409);
        assertThat(api().createCourt()).as("the next court's id").isEqualTo(first + 1);
    }

    @Test
    default void settingsForTheNextStartAreSavedInTheDataDirectory() {
        LocalSettings settings = bean(LocalSettings.class);
        assertThat(settings.restartNeeded()).isFalse();
        assertThat(settings.save(Map.of("server.address", "127.0.0.1"))).isTrue();
        assertThat(settings.saved().get("server.address")).isEqualTo("127.0.0.1");
        assertThat(settings.file()).exists();
        assertThat(settings.save(Map.of("server.address", ""))).isFalse();
        assertThatThrownBy(() -> settings.save(Map.of("spring.main.sources", "x")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
