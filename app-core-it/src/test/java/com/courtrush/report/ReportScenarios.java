package com.courtrush.report;

import static com.courtrush.support.Times.now;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.Csv;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.RawReply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/** The sales report against a day of known sales, cancels and refunds; its exports opened back. */
public interface ReportScenarios extends StackAccess {

    @Test
    default void theReportAgreesWithTheReservationsAndPayOrdersAndItsExportsOpenBackTheSame() {
        // a court of its own (the external database keeps earlier runs' days); its report is asked for by court
        LocalDate day = Times.tomorrow().plusDays(ThreadLocalRandom.current().nextInt(5, 25));
        String admin = TestApi.ADMIN_TOKEN;
        long court = api().createCourt();
        String range = "from=" + day + "&to=" + day + "&courtId=" + court;
        long session = api().createSession(day, now(), 2);
        List<Long> single = api().generateSlots(session, List.of(court), "08:00", "12:00", 60, 1); // 08–11, 20 yuan
        long shared = api().generateSlots(session, List.of(court), "12:00", "13:00", 60, 2)
                .get(0); // 2 places
        TestApi.expect(200, api().put("/admin/slots/" + shared, admin, Map.of("capacity", 2, "priceCents", 3050)));
        List<Student> students = api().students(4);
        Student formula = formulaStudent();

        long kept = api().book(students.get(0), session, single.get(0)); // paid, kept
        pay(students.get(0), kept);
        long refunded = api().book(students.get(1), session, single.get(1)); // paid, refunded
        pay(students.get(1), refunded);
        TestApi.expect(
                200, api().post("/pay/refund/" + refunded, students.get(1).token(), Map.of("reason", "ill")));
        long dropped = api().book(students.get(2), session, single.get(2)); // cancelled by the student, unpaid
        TestApi.expect(200, api().delete("/reserve/" + dropped, students.get(2).token()));
        long waiting = api().book(students.get(3), session, shared); // held, unpaid
        long byStaff = api().book(formula, session, shared); // cancelled by staff
        TestApi.expect(
                200, api().post("/admin/reservations/" + byStaff + "/cancel", admin, Map.of("reason", "court repair")));

        JsonNode report =
                TestApi.expect(200, api().get("/admin/reports?" + range, admin)).data();
        JsonNode total = report.path("total");
        assertThat(report.path("days")).hasSize(1);
        assertThat(report.path("days").get(0).path("date").asText()).isEqualTo(day.toString());
        assertThat(total.path("offered").asInt())
                .as("4 single places and a slot of 2")
                .isEqualTo(6);
        assertThat(total.path("sold").asInt()).isEqualTo(5);
        assertThat(total.path("held").asInt())
                .as("the kept one and the one awaiting payment")
                .isEqualTo(2);
        assertThat(total.path("paid").asInt()).isEqualTo(2);
        assertThat(total.path("cancelled"))
                .isEqualTo(json(Map.of("USER", 1, "TIMEOUT", 0, "REFUND", 1, "STAFF", 1, "NO_SHOW", 0)));
        assertThat(total.path("refunded").asInt()).isEqualTo(1);
        assertThat(total.path("unsold").asInt()).isEqualTo(4);
        assertThat(total.path("revenueYuan").decimalValue()).isEqualByComparingTo("40.00");
        assertThat(total.path("refundsYuan").decimalValue()).isEqualByComparingTo("20.00");
        assertThat(total.path("netYuan").decimalValue()).isEqualByComparingTo("20.00");
        assertThat(report.path("utilisation").findValuesAsText("percent"))
                .containsExactly("100.0", "0.0", "0.0", "0.0", "50.0");

        // the figures are the reservations' and pay orders' own: counted again from the staff's listing
        JsonNode listed = TestApi.expect(200, api().get("/admin/reservations?sessionId=" + session, admin))
                .data()
                .path("records");
        assertThat(listed).hasSize(total.path("sold").asInt());
        long heldListed = listed.findValuesAsText("status").stream()
                .filter(s -> s.equals("PENDING_PAYMENT") || s.equals("CONFIRMED"))
                .count();
        assertThat(heldListed).isEqualTo(total.path("held").asLong());
        int money = 0;
        for (long id : List.of(kept, refunded)) {
            for (JsonNode order : TestApi.expect(200, api().get("/admin/reservations/" + id, admin))
                    .data()
                    .path("payOrders")) {
                money += order.path("amountCents").asInt();
            }
        }
        assertThat(money).isEqualTo(4000);

        // the exports, opened back as a spreadsheet would: BOM, the same figures, numbers as numbers
        RawReply csv =
                api().raw("GET", "/admin/reports/report.csv?" + range, admin, Map.of("Accept-Language", "zh-CN"), null);
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        assertThat(csv.body()).startsWith(Csv.BOM);
        List<CSVRecord> rows = parse(csv.body());
        assertThat(rows.get(0).get(0)).isEqualTo("打球日期");
        assertThat(rows.get(1).toList())
                .containsExactly(
                        day.toString(),
                        "6",
                        "5",
                        "2",
                        "2",
                        "1",
                        "0",
                        "1",
                        "1",
                        "0",
                        "1",
                        "4",
                        "40.00",
                        "20.00",
                        "20.00",
                        "0",
                        "0",
                        "0",
                        "0");
        assertThat(rows.get(2).get(0)).isEqualTo("合计");

        List<CSVRecord> reservations =
                parse(api().raw("GET", "/admin/reports/reservations.csv?" + range, admin, Map.of(), null)
                        .body());
        assertThat(reservations).hasSize(1 + 5);
        CSVRecord staffCancelled = reservations.stream()
                .filter(r -> r.get(0).equals(Long.toString(byStaff)))
                .findFirst()
                .orElseThrow();
        assertThat(staffCancelled.get(6))
                .as("a name that reads as a formula stays text")
                .startsWith("'=");
        assertThat(staffCancelled.get(8)).isEqualTo("by staff");
        assertThat(staffCancelled.get(9)).isEqualTo("30.50");
        List<CSVRecord> orders = parse(api().raw("GET", "/admin/reports/pay-orders.csv?" + range, admin, Map.of(), null)
                .body());
        assertThat(orders).hasSize(1 + 2);
        assertThat(orders.stream().skip(1).map(r -> r.get(7)).toList()).containsOnly("20.00");
        assertThat(orders.stream().skip(1).map(r -> r.get(8)).toList()).containsExactlyInAnyOrder("Paid", "Refunded");

        assertThat(api().get("/admin/reports?from=" + day + "&to=" + day.minusDays(1), admin)
                        .status())
                .as("a range that ends before it starts")
                .isEqualTo(400);
        assertThat(api().get("/admin/reports?from=" + day + "&to=" + day.plusDays(400), admin)
                        .status())
                .as("more than a quarter")
                .isEqualTo(400);
        assertThat(waiting).isPositive();
    }

    private void pay(Student student, long reservation) {
        api().pay(student, reservation);
    }

    /** A student whose name a spreadsheet would run as a formula. */
    private Student formulaStudent() {
        String id = TestApi.unique("f").replace("-", "");
        TestApi.expect(
                200,
                api().post(
                                "/admin/students",
                                TestApi.ADMIN_TOKEN,
                                Map.of(
                                        "students",
                                        List.of(Map.of(
                                                "studentId",
                                                id,
                                                "password",
                                                "formula-pw",
                                                "name",
                                                "=HYPERLINK(\"x\")")))));
        return new Student(
                id,
                TestApi.expect(200, api().post("/auth/login", null, Map.of("studentId", id, "password", "formula-pw")))
                        .data()
                        .path("token")
                        .asText());
    }

    private static JsonNode json(Map<String, Integer> value) {
        return new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(value);
    }

    private static List<CSVRecord> parse(String body) {
        try {
            return CSVFormat.EXCEL
                    .parse(new StringReader(body.substring(Csv.BOM.length())))
                    .getRecords();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
