package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.audit.AuditTrail;
import com.courtrush.history.FilledHistory;
import com.courtrush.history.HistoryFill;
import com.courtrush.history.HistoryPlan;
import com.courtrush.history.Names;
import com.courtrush.infra.config.SqlDialect;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.support.QueryCosts;
import com.courtrush.support.StackTest;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.RawReply;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * What a student or the desk does costs the same on day 365 as on day one (SPEC §20, issue 50): the engine starts on a
 * generated past of a fixed size, every request of the page, the desk, the reports and exports is made, the
 * engine's background work runs, and every statement is run again to count the rows the database reads for it,
 * table by table. A statement walks its window, never the past: it reads at most a {@linkplain #WINDOW tenth} of any
 * table that grows with the past (eight months here: a week's report is 3 % of it, a regular's bookings under 1 %);
 * and no request reads more than {@link #REQUEST_BUDGET} rows in all (the students are not of the past, but a campus
 * has tens of thousands: a request that reads them all, or a row at a time, shows there) — a request that answers a
 * window of play dates up to {@link #ROWS_PER_SLOT} rows for each slot of its window, and a search for a part of a
 * name every account once more (no index finds a part of a name; a campus's 30,000 accounts, never the past). The
 * students have Chinese names ({@link Names}): the desk looks for a surname or a character of a given name.
 */
@Import(HistoryCosts.Recording.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class HistoryCosts extends StackTest implements HistorySweeps {

    /** The past the engine starts on in the embedded stack: eight months of a 10-court gym, 3,000 students. */
    static final HistoryPlan EIGHT_MONTHS =
            new HistoryPlan(Times.today().minusDays(1), 240, 10, 3_000, 8, 22, 0.62, 50);

    /** The past this class's engine started on. */
    static HistoryPlan plan;

    /** The most of a table of the past one statement may read. */
    static final double WINDOW = 0.10;

    /** Tables that grow with the past (the students and courts grow with the campus, the settings not at all). */
    static final List<String> OF_THE_PAST = List.of(
            "reserve_session",
            "time_slot",
            "reservation",
            "pay_order",
            "pay_refund",
            "no_show_strike",
            "booking_partner",
            "waitlist_entry",
            "notice",
            "audit_log",
            "opening_reminder",
            "staff_alert",
            "email_code");

    static final long REQUEST_BUDGET = 10_000;

    /** What a request answering a window of play dates may read for each slot of its window. */
    static final long ROWS_PER_SLOT = 10;

    /** The requests below that answer a window of play dates, and its days. */
    static final Map<String, Integer> WINDOW_DAYS = Map.of(
            "a day's report", 1,
            "a week's report", 7,
            "report.csv", 7,
            "reservations.csv", 7,
            "pay-orders.csv", 7);

    /**
     * The requests below that search the accounts for a part of an id or a name: the students' list, and the desk's
     * search, which finds the students a text names before their bookings (issue 77).
     */
    static final List<String> ACCOUNT_SEARCHES = List.of(
            "students found",
            "desk search by a surname, a month",
            "desk search by a given name's character, a week",
            "desk search by an order's last digits",
            "desk search with no dates");

    /** The rows a request may read: see the class's comment. */
    static long budgetOf(String request, long accounts) {
        long budget =
                Math.max(REQUEST_BUDGET, ROWS_PER_SLOT * WINDOW_DAYS.getOrDefault(request, 0) * plan.slotsPerDay());
        return ACCOUNT_SEARCHES.contains(request) ? budget + accounts : budget;
    }

    /**
     * On MariaDB, the statements a student waits on and the index each must start from, whatever the optimizer
     * estimates: a plan (table, access, key) of {@link QueryCosts} must match. A student's history read every slot of
     * a campus's year when MariaDB chose to start from the courts (issue 77). The desk's search by a text reads the
     * bookings of the students it names through the same index, a group of them at a time, and (a text that may end
     * an order number) each booking of the dates' orders: joined flat, it read every booking of a campus's year for a
     * name searched over a month (issue 77).
     */
    static final Map<String, Pattern> DRIVEN_BY = Map.of(
            "com.courtrush.reserve.lifecycle.MyReservationMapper.findFrom",
            Pattern.compile("^<derived\\d+> [^;]*; reservation (range|ref) idx_reservation_user_date\\b"),
            "com.courtrush.reserve.lifecycle.MyReservationMapper.findBefore",
            Pattern.compile("^<derived\\d+> [^;]*; reservation (range|ref) idx_reservation_user_date\\b"),
            "com.courtrush.reserve.lifecycle.MyReservationMapper.partnerFrom",
            Pattern.compile("^p (range|ref) idx_booking_partner_user\\b"),
            "com.courtrush.reserve.lifecycle.MyReservationMapper.partnerBefore",
            Pattern.compile("^p (range|ref) idx_booking_partner_user\\b"),
            "com.courtrush.reserve.data.ReservationMapper.matching",
            Pattern.compile("^<derived\\d+> [^;]*(; r (range|ref) idx_reservation_user_date\\b[^;]*)*"
                    + "(; r range idx_reservation_date_status\\b[^;]*; p ref idx_pay_reservation\\b[^;]*)?$"));

    /** The desk's searches by a part of a name whose bookings {@link #DRIVEN_BY} describes, by their request. */
    static Map<String, String> nameSearches(LocalDate day) {
        Map<String, String> searches = new LinkedHashMap<>();
        searches.put(
                "desk search by a surname, a month",
                "/admin/reservations?q=" + encoded(Names.COMMONEST_SURNAME) + "&from=" + day.minusDays(29) + "&to="
                        + day);
        searches.put(
                "desk search by a given name's character, a week",
                "/admin/reservations?q=" + encoded(Names.A_GIVEN_NAME_CHARACTER) + "&from=" + day.minusDays(6) + "&to="
                        + day);
        return searches;
    }

    static String encoded(String text) {
        return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The statements of {@link #DRIVEN_BY} that did not start from their index, described. */
    static List<String> undriven(List<QueryCosts.Cost> measured) {
        return undriven(measured, DRIVEN_BY);
    }

    /**
     * On H2, the desk's search by a text looks the bookings of the students it names up with the dates, a student at
     * a time; never by the list of them, which H2 reads from each one's first booking: every booking of theirs
     * ({@code SqlDialect.joinsListedStudents}). A search that names no student reads the dates' orders.
     */
    static final Map<String, Pattern> H2_DRIVEN_BY = Map.of(
            "com.courtrush.reserve.data.ReservationMapper.matching",
            Pattern.compile("^(?!.*\\breservation by user_id IN\\()(?=.*(\\buser_id = u\\.id\\b|\\bpay_order by))"));

    /** The statements of {@code drivenBy} whose plan does not match it, described. */
    static List<String> undriven(List<QueryCosts.Cost> measured, Map<String, Pattern> drivenBy) {
        return measured.stream()
                .filter(c -> drivenBy.containsKey(c.executed().statementId()))
                .filter(c -> !drivenBy.get(c.executed().statementId())
                        .matcher(c.plan())
                        .find())
                .map(HistoryCosts::describe)
                .distinct()
                .toList();
    }

    static FilledHistory filled;

    @TestConfiguration(proxyBeanMethods = false)
    static class Recording {
        @Bean
        QueryCosts queryCosts() {
            return new QueryCosts();
        }
    }

    /** Makes the schema as the engine does and writes {@code past} into it, before the engine starts on it. */
    static void fill(String url, String user, String password, HistoryPlan past) {
        plan = past;
        Flyway.configure()
                .dataSource(url, user, password)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        try (Connection connection = DriverManager.getConnection(url, user, password)) {
            filled = HistoryFill.fill(connection, plan, line -> {});
            HistoryFill.analyze(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot write the past into " + url, e);
        }
    }

    @Test
    void everyRequestAndSweepReadsItsWindowNotTheHistory() throws Exception {
        Map<String, Long> sizes = sizes();
        assertThat(sizes.get("reservation"))
                .as("the past is large enough that a scan shows")
                .isGreaterThan(REQUEST_BUDGET);
        assertThat(sizes.get("waitlist_entry")).isGreaterThan(1_000);
        QueryCosts costs = bean(QueryCosts.class);
        long accounts = count("select count(*) from user_account");
        LocalDate day = plan.lastDay().minusDays(3);
        String regular = filled.regulars().get(0).studentId();
        String student = api().post("/auth/login", null, Map.of("studentId", regular, "password", HistoryFill.PASSWORD))
                .data()
                .path("token")
                .asText();
        String staff = TestApi.ADMIN_TOKEN;
        long latest = api().get("/reservations/mine", student)
                .data()
                .path(0)
                .path("reservationId")
                .asLong();
        long olderPage = api().get("/reservations/mine/history?size=20", student)
                .data()
                .path(19)
                .path("reservationId")
                .asLong();
        long session = jdbc().queryForObject("select id from reserve_session where session_date = ?", Long.class, day);
        long court = jdbc().queryForObject("select min(id) from court", Long.class);
        String feed = api().post("/reservations/calendar", student, Map.of())
                .data()
                .path("path")
                .asText();

        Map<String, String> studentRequests = new LinkedHashMap<>();
        studentRequests.put("courts of a day", "/slots?date=" + day);
        studentRequests.put("courts of today", "/slots?date=" + plan.lastDay().plusDays(1));
        studentRequests.put("my bookings", "/reservations/mine");
        studentRequests.put("my older bookings", "/reservations/mine/history?size=20");
        studentRequests.put("my older bookings, page 2", "/reservations/mine/history?size=20&before=" + olderPage);
        studentRequests.put("inbox", "/notices?size=20");
        studentRequests.put("unread badge", "/notices/unread");
        studentRequests.put("reminders", "/notices/reminders");
        studentRequests.put("my waits", "/reservations/waits");
        studentRequests.put("invitations", "/reservations/invitations");
        studentRequests.put("standing", "/reservations/standing");
        studentRequests.put("calendar state", "/reservations/calendar");
        studentRequests.put("booking's payment", "/pay/reservation/" + latest);
        studentRequests.put("a grant's result", "/reserve/result/" + HistoryFill.traceOf(latest));
        studentRequests.put("booking's .ics", "/reservations/" + latest + "/calendar.ics");
        studentRequests.put("openings calendar", "/calendar");
        Map<String, String> staffRequests = new LinkedHashMap<>();
        staffRequests.put("staff: confirmed, page 1", "/admin/reservations?status=CONFIRMED&page=1&size=100");
        staffRequests.put("staff: all, page 3", "/admin/reservations?page=3&size=100");
        staffRequests.put("staff: an opening's", "/admin/reservations?sessionId=" + session);
        staffRequests.put("staff: one booking", "/admin/reservations/" + latest);
        staffRequests.put(
                "staff: a week of a court",
                "/admin/reservations?from=" + day.minusDays(6) + "&to=" + day + "&courtId=" + court
                        + "&status=CONFIRMED");
        staffRequests.put("staff: a student's", "/admin/reservations?studentId=" + regular);
        staffRequests.put(
                "staff: a student's month",
                "/admin/reservations?studentId=" + regular + "&from=" + day.minusDays(30) + "&to=" + day);
        staffRequests.put("a day's report", "/admin/reports?from=" + day + "&to=" + day);
        staffRequests.put("a week's report", "/admin/reports?from=" + day.minusDays(6) + "&to=" + day);
        staffRequests.put("report.csv", "/admin/reports/report.csv?from=" + day.minusDays(6) + "&to=" + day);
        staffRequests.put(
                "reservations.csv", "/admin/reports/reservations.csv?from=" + day.minusDays(6) + "&to=" + day);
        staffRequests.put("pay-orders.csv", "/admin/reports/pay-orders.csv?from=" + day.minusDays(6) + "&to=" + day);
        staffRequests.put("audit, page 1", "/admin/audit?page=1&size=100");
        staffRequests.put("audit of a day", "/admin/audit?from=" + day + "&to=" + day);
        staffRequests.put("audit of the desk", "/admin/audit?actor=staff:desk01&size=100");
        staffRequests.put("audit export of a day", "/admin/audit/export.csv?from=" + day + "&to=" + day);
        staffRequests.put("check-in of a day", "/admin/check-in?date=" + day);
        staffRequests.put("check-in search", "/admin/check-in?date=" + day + "&q=" + regular);
        // the desk's board, its one search, receipts, shifts and reconciliations (issue 52)
        staffRequests.put("the board of a day", "/admin/board?date=" + day);
        staffRequests.putAll(nameSearches(day));
        staffRequests.put("desk search by an order's last digits", "/admin/reservations?q=0001&from=" + day);
        staffRequests.put("desk search with no dates", "/admin/reservations?q=" + regular);
        staffRequests.put("a booking's receipts", "/admin/receipts?reservationId=" + latest);
        staffRequests.put("shifts of a day", "/admin/shifts?date=" + day);
        staffRequests.put("reconciliations of a day", "/admin/wechat-pay/reconciliations?date=" + day);
        staffRequests.put("a student's strikes", "/admin/strikes?studentId=" + regular);
        staffRequests.put("a student's share", "/admin/share?studentId=" + regular);
        staffRequests.put("students, page 1", "/admin/students?page=1&size=100");
        staffRequests.put("students found", "/admin/students?q=" + regular);
        staffRequests.put("openings of a day", "/admin/sessions?date=" + day);
        staffRequests.put("one opening", "/admin/sessions/" + session);
        staffRequests.put("staff alerts", "/admin/staff-alerts");
        staffRequests.put("rush history", "/admin/monitor/rush/" + session + "/history");
        staffRequests.put("queues", "/admin/monitor/queues");
        staffRequests.put("staff accounts", "/admin/staff");
        staffRequests.put("opening rules", "/admin/rules");
        staffRequests.put("settings", "/admin/settings");
        staffRequests.put("notice channels", "/admin/notice-channels");
        staffRequests.put("the last sweep", "/admin/retention");

        List<String> failed = new ArrayList<>();
        // what ran before: the jobs' first runs at the start, on the whole past
        List<QueryCosts.Executed> executed = new ArrayList<>(costs.drain());
        costs.during(
                "sign-in",
                () -> api().post("/auth/login", null, Map.of("studentId", regular, "password", HistoryFill.PASSWORD)));
        studentRequests.put("calendar feed", feed.replaceFirst("^https?://[^/]+", ""));
        for (var request : studentRequests.entrySet()) {
            RawReply reply = costs.during(request.getKey(), () -> get(request.getValue(), student));
            if (reply.status() != 200) {
                failed.add(request.getKey() + " " + reply.status() + " " + reply.body());
            }
        }
        for (var request : staffRequests.entrySet()) {
            RawReply reply = costs.during(request.getKey(), () -> get(request.getValue(), staff));
            if (reply.status() != 200) {
                failed.add(request.getKey() + " " + reply.status() + " " + reply.body());
            }
        }
        // what the console asks in-process, beside the staff API
        costs.during("console: audit's actors", () -> bean(AuditTrail.class).staffActors());
        costs.during("console: audit's actions", () -> bean(AuditTrail.class).actions());
        ReservationFilter ofCourt = new ReservationFilter(null, null, null, null, day, court, null, false);
        costs.during(
                "console: the desk's day of a court",
                () -> bean(ReservationDesk.class).find(ofCourt, 1, 200, com.courtrush.account.api.Caller.admin()));
        writes(costs, failed);
        assertThat(failed).isEmpty();
        TestApi.sleep(6_000); // the engine's frequent jobs run again (every job ran at the start, on the whole past)
        executed.addAll(costs.drain());

        List<QueryCosts.Cost> measured = QueryCosts.measure(bean(DataSource.class), executed);
        print(measured);
        assertThat(measured.stream()
                        .flatMap(c -> c.rowsByTable().entrySet().stream()
                                .filter(read -> sizes.containsKey(read.getKey())
                                        && read.getValue() > Math.max(100, WINDOW * sizes.get(read.getKey())))
                                .map(read -> describe(c) + " (" + read.getKey() + ": " + read.getValue() + " of "
                                        + sizes.get(read.getKey()) + ")"))
                        .distinct())
                .as("statements reading more than %.0f %% of a table of the past", WINDOW * 100)
                .isEmpty();
        assertThat(undriven(measured, onMariaDb() ? DRIVEN_BY : H2_DRIVEN_BY))
                .as("statements that did not start from their own index")
                .isEmpty();
        assertThat(measured.stream()
                        .filter(c -> !c.executed().label().startsWith("background"))
                        .collect(Collectors.groupingBy(
                                c -> c.executed().label(), Collectors.summingLong(QueryCosts.Cost::rowsRead)))
                        .entrySet()
                        .stream()
                        .filter(e -> e.getValue() > budgetOf(e.getKey(), accounts))
                        .map(e -> e.getKey() + ": " + e.getValue() + " (of " + budgetOf(e.getKey(), accounts) + ")"))
                .as("requests reading more than their budget (%,d rows, or by their window)", REQUEST_BUDGET)
                .isEmpty();
    }

    /**
     * The desk's day of work and a student's bookings, written on the past: a court, tomorrow's opening (warmed up at
     * once: its flash time is a few seconds away), its slots, a warm-up and a re-sync; then a student books two places
     * (the consumer records them, labelled as the background), pays one, gives the other back, and the desk refunds
     * the paid one; then the opening is closed.
     */
    private void writes(QueryCosts costs, List<String> failed) throws Exception {
        TestApi.Student student = api().students(1).get(0);
        long court = costs.during("desk: a court", () -> api().createCourt());
        long opening = costs.during(
                "desk: tomorrow's opening",
                () -> api().createSession(Times.tomorrow(), Times.now().plusSeconds(3), 2));
        List<Long> slots = costs.during(
                "desk: its slots", () -> api().generateSlots(opening, List.of(court), "08:00", "12:00", 60, 2));
        for (String step : List.of("warmup", "resync")) {
            TestApi.Reply reply = costs.during(
                    "desk: its " + step,
                    () -> api().post("/admin/sessions/" + opening + "/" + step, TestApi.ADMIN_TOKEN, null));
            if (reply.status() != 200) {
                failed.add("desk: its " + step + " " + reply);
            }
        }
        TestApi.sleep(3_500); // the flash time
        long paid = costs.during("student: a booking", () -> api().book(student, opening, slots.get(0)));
        long unpaid = costs.during("student: another booking", () -> api().book(student, opening, slots.get(1)));
        TestApi.Student another = api().students(1).get(0);
        long atDesk =
                costs.during("student: a booking paid at the desk", () -> api().book(another, opening, slots.get(2)));
        costs.during("student: paying", () -> api().pay(student, paid));
        long shift = costs.during(
                        "desk: a shift opened",
                        () -> api().post("/admin/shifts", TestApi.ADMIN_TOKEN, Map.of("console", "history-desk")))
                .data()
                .path("shiftId")
                .asLong();
        record Step(String name, String method, String path, String token, Object body) {}
        for (Step step : List.of(
                new Step(
                        "desk: a payment taken, its receipt written",
                        "POST",
                        "/admin/reservations/" + atDesk + "/pay-at-desk?expectedCents=2000&channel=CASH",
                        TestApi.ADMIN_TOKEN,
                        null),
                new Step("student: giving a place back", "DELETE", "/reserve/" + unpaid, student.token(), null),
                new Step(
                        "desk: refunding a paid booking",
                        "POST",
                        "/admin/reservations/" + paid + "/refund",
                        TestApi.ADMIN_TOKEN,
                        Map.of("reason", "court repair", "overrideCutoff", true)))) {
            TestApi.Reply reply = costs.during(
                    step.name(),
                    () -> step.method().equals("DELETE")
                            ? api().delete(step.path(), step.token())
                            : api().post(step.path(), step.token(), step.body()));
            if (reply.status() != 200) {
                failed.add(step.name() + " " + reply);
            }
        }
        TestApi.Reply report = costs.during(
                "desk: the shift's report", () -> api().get("/admin/shifts/" + shift, TestApi.ADMIN_TOKEN));
        TestApi.Reply closed = costs.during(
                "desk: the shift closed",
                () -> api().post(
                                "/admin/shifts/" + shift + "/close", TestApi.ADMIN_TOKEN, Map.of("countedCash", 2000)));
        if (report.status() != 200 || closed.status() != 200) {
            failed.add("desk: the shift " + report + " " + closed);
        }
        // the day's end closes it: the retention sweep keeps away from an opening's rush
        api().post("/admin/sessions/" + opening + "/close", TestApi.ADMIN_TOKEN, Map.of());
    }

    /**
     * On the same past, what the paged lists answer is exactly what they promise: my bookings the upcoming ones and
     * the last 30 days, the older ones page after page — together every booking once, and every game played as an
     * accepted partner, in order; the desk's totals
     * exact for a student's month, capped for all of a year's confirmed bookings.
     */
    @Test
    void myBookingsAndTheDesksListsAnswerExactlyWhatTheyPromise() {
        String regular = filled.regulars().get(0).studentId();
        String student = api().post("/auth/login", null, Map.of("studentId", regular, "password", HistoryFill.PASSWORD))
                .data()
                .path("token")
                .asText();
        LocalDate today = Times.today();
        List<Long> shown = new ArrayList<>();
        for (var booking : api().get("/reservations/mine", student).data()) {
            assertThat(LocalDate.parse(booking.path("slotDate").asText())).isAfterOrEqualTo(today.minusDays(30));
            shown.add(booking.path("reservationId").asLong());
        }
        assertThat(shown).as("a regular played in the last 30 days").isNotEmpty();
        String before = "";
        String last = null;
        int pages = 0;
        while (true) {
            var page = api().get("/reservations/mine/history?size=20" + before, student)
                    .data();
            for (var booking : page) {
                assertThat(LocalDate.parse(booking.path("slotDate").asText())).isBefore(today.minusDays(30));
                String order = booking.path("slotDate").asText()
                        + String.format("%012d", booking.path("reservationId").asLong());
                if (last != null) {
                    assertThat(order).as("latest play date first").isLessThan(last);
                }
                last = order;
                shown.add(booking.path("reservationId").asLong());
            }
            pages++;
            if (page.size() < 20) {
                break;
            }
            before = "&before=" + page.path(19).path("reservationId").asLong();
        }
        assertThat(pages).isGreaterThan(2);
        assertThat(shown)
                .as("every booking of the student once, and every game they accepted being a partner on (a "
                        + "compensated grant was never theirs)")
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(jdbc().queryForList(
                                "select r.id from reservation r join user_account u on u.id = r.user_id where u.student_id = ? "
                                        + "and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION') "
                                        + "union select r.id from booking_partner p join reservation r on r.id = "
                                        + "p.reservation_id join user_account u on u.id = p.partner_user_id "
                                        + "where u.student_id = ? and p.status = 'ACCEPTED' "
                                        + "and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION')",
                                Long.class,
                                regular,
                                regular));

        var confirmed = api().get("/admin/reservations?status=CONFIRMED&size=100", TestApi.ADMIN_TOKEN)
                .data();
        assertThat(confirmed.path("records")).hasSize(100);
        assertThat(confirmed.path("total").asLong()).isEqualTo(1000);
        assertThat(confirmed.path("totalCapped").asBoolean()).isTrue();
        LocalDate day = plan.lastDay();
        var month = api().get(
                        "/admin/reservations?studentId=" + regular + "&from=" + day.minusDays(30) + "&to=" + day,
                        TestApi.ADMIN_TOKEN)
                .data();
        assertThat(month.path("totalCapped").asBoolean()).isFalse();
        assertThat(month.path("total").asLong())
                .isEqualTo(jdbc().queryForObject(
                                "select count(*) from reservation r join user_account u on u.id = r.user_id "
                                        + "where u.student_id = ? and r.slot_date between ? and ?",
                                Long.class,
                                regular,
                                day.minusDays(30),
                                day))
                .isEqualTo(month.path("records").size());
        assertThat(api().get("/admin/reservations?from=" + day.minusDays(93) + "&to=" + day, TestApi.ADMIN_TOKEN)
                        .enumCode())
                .as("94 play dates")
                .isEqualTo("PARAM_ERROR");
        var desk = api().get("/admin/audit?actor=staff:desk01&size=100", TestApi.ADMIN_TOKEN)
                .data();
        assertThat(desk.path("totalCapped").asBoolean()).isTrue();
        assertThat(desk.path("records").path(0).path("actor").asText()).isEqualTo("staff:desk01");
    }

    /**
     * The desk's search answers what it answered as one statement, before it found the students first (issue 77): for
     * the commonest surname, a given name's character, a rarer surname, an order's last digits and a student id, over
     * a day, the days around today, a week and a month — the same bookings, in the same order, with the same total,
     * a page as a part of them.
     */
    @Test
    void theDesksSearchAnswersWhatItsOneStatementAnswered() {
        LocalDate day = plan.lastDay().minusDays(3);
        LocalDate today = Times.today();
        List<String> texts = List.of(
                Names.COMMONEST_SURNAME,
                Names.A_GIVEN_NAME_CHARACTER,
                "马",
                "0001",
                filled.regulars().get(0).studentId());
        Map<String, List<LocalDate>> windows = new LinkedHashMap<>();
        windows.put("&from=" + day, List.of(day, day));
        windows.put(
                "",
                List.of(today.minusDays(ReservationFilter.SEARCH_DAYS), today.plusDays(ReservationFilter.SEARCH_DAYS)));
        windows.put("&from=" + day.minusDays(6) + "&to=" + day, List.of(day.minusDays(6), day));
        windows.put("&from=" + day.minusDays(29) + "&to=" + day, List.of(day.minusDays(29), day));
        for (String text : texts) {
            for (var window : windows.entrySet()) {
                String search = "/admin/reservations?q=" + encoded(text) + window.getKey();
                List<Long> expected = jdbc().queryForList(
                                "select m.id from (select r.id from reservation r join user_account u on u.id = r.user_id "
                                        + "where r.slot_date between ? and ? and (u.student_id = ? "
                                        + "or u.display_name like concat('%', ?, '%') or exists (select 1 from pay_order p "
                                        + "where p.reservation_id = r.id and p.out_trade_no like concat('%', ?))) "
                                        + "order by r.id desc limit 1000) m join reservation b on b.id = m.id "
                                        + "where b.cancel_reason is null or b.cancel_reason <> 'COMPENSATION' order by m.id desc",
                                Long.class,
                                window.getValue().get(0),
                                window.getValue().get(1),
                                text,
                                SqlDialect.likeText(text),
                                SqlDialect.likeText(text));
                JsonNode all = TestApi.expect(200, api().get(search + "&size=1000", TestApi.ADMIN_TOKEN))
                        .data();
                assertThat(all.path("records").findValuesAsText("id"))
                        .as(search)
                        .containsExactlyElementsOf(
                                expected.stream().map(String::valueOf).toList());
                assertThat(all.path("total").asLong()).as(search).isEqualTo(expected.size());
                JsonNode page = TestApi.expect(200, api().get(search + "&page=2&size=7", TestApi.ADMIN_TOKEN))
                        .data();
                assertThat(page.path("records").findValuesAsText("id"))
                        .as("page 2 of " + search)
                        .containsExactlyElementsOf(expected.stream()
                                .skip(7)
                                .limit(7)
                                .map(String::valueOf)
                                .toList());
            }
        }
        bean(QueryCosts.class).drain(); // not the requests the test of every request checks
    }

    /** Whether the engine runs on MariaDB/MySQL, whose plans {@link #DRIVEN_BY} describes. */
    boolean onMariaDb() {
        return jdbc().execute((java.sql.Connection c) -> !c.getMetaData()
                .getDatabaseProductName()
                .toLowerCase(java.util.Locale.ROOT)
                .contains("h2"));
    }

    private Map<String, Long> sizes() {
        Map<String, Long> sizes = new LinkedHashMap<>();
        for (String table : OF_THE_PAST) {
            sizes.put(table, count("select count(*) from " + table));
        }
        return sizes;
    }

    private RawReply get(String path, String token) {
        return api().raw("GET", path, token, Map.of(), null);
    }

    static String describe(QueryCosts.Cost cost) {
        return String.format(
                "%s — %s: %s [%s] — %s",
                cost.executed().label(),
                cost.executed().statementId(),
                cost.rowsByTable(),
                cost.plan(),
                cost.executed().sql().replaceAll("\\s+", " "));
    }

    private static void print(List<QueryCosts.Cost> measured) {
        System.out.println("Rows read per statement on " + filled.summary());
        measured.stream()
                .collect(Collectors.toMap(
                        c -> c.executed().label() + " | " + c.executed().statementId(),
                        QueryCosts.Cost::rowsRead,
                        Math::max,
                        LinkedHashMap::new))
                .entrySet()
                .stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
                .forEach(e -> System.out.printf("%,10d  %s%n", e.getValue(), e.getKey()));
        System.out.println("Statements reading over 1,000 rows, by table and plan:");
        measured.stream()
                .filter(c -> c.rowsRead() > 1_000)
                .collect(Collectors.toMap(
                        c -> c.executed().statementId(), c -> c, (a, b) -> a.rowsRead() >= b.rowsRead() ? a : b))
                .values()
                .forEach(c ->
                        System.out.printf("  %s: %s%n    %s%n", c.executed().statementId(), c.rowsByTable(), c.plan()));
        System.out.println("Rows read per request:");
        measured.stream()
                .filter(c -> !c.executed().label().startsWith("background"))
                .collect(Collectors.groupingBy(
                        c -> c.executed().label(),
                        LinkedHashMap::new,
                        Collectors.summingLong(QueryCosts.Cost::rowsRead)))
                .forEach((request, rows) -> System.out.printf("%,10d  %s%n", rows, request));
    }
}
