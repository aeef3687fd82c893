package com.courtrush.till;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The desk's money (issue 52): a payment taken for the amount shown (in cash or by card) or refused when the price
 * moved, a receipt for every payment and refund at the desk, and two staff members' shifts closed and adding up —
 * per channel by the receipts and by the orders, the cash counted against what it must be.
 */
public interface TillScenarios extends StackAccess {

    @Test
    default void twoStaffMembersShiftsAddUpByReceiptsAndByOrders() throws Exception {
        String admin = TestApi.ADMIN_TOKEN;
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "12:00", 60, 1);
        List<Student> students = api().students(4);
        long ann = api().book(students.get(0), session, slots.get(0));
        long bob = api().book(students.get(1), session, slots.get(1));
        long cat = api().book(students.get(2), session, slots.get(2));
        long dan = api().book(students.get(3), session, slots.get(3));
        api().pay(students.get(3), dan); // paid online: WeChat Pay (simulated)
        Student amy = api().staffMember("STAFF");
        Student ben = api().staffMember("STAFF");
        Student boss = api().staffMember("MANAGER");
        String deskA = TestApi.unique("desk-a");
        String deskB = TestApi.unique("desk-b");
        long amyShift = open(amy, deskA);
        long benShift = open(ben, deskB);

        // the amount the desk was shown is the amount taken, or nothing is: a price moved meanwhile refuses it
        Reply moved = api().post("/admin/reservations/" + ann + "/pay-at-desk?expectedCents=1500", amy.token(), null);
        assertThat(moved.status()).isEqualTo(409);
        assertThat(moved.body().path("message").asText()).contains("20.00").contains("15.00");
        assertThat(receipts(ann)).isEmpty();
        // four desks taking the same payment at once: one takes it, one receipt
        List<Reply> taken = together(
                4,
                () -> api().post(
                                "/admin/reservations/" + ann + "/pay-at-desk?expectedCents=2000&channel=CASH",
                                amy.token(),
                                null));
        assertThat(taken.stream().filter(reply -> reply.status() == 200)).hasSize(1);
        assertThat(taken.stream().filter(reply -> reply.status() == 409)).hasSize(3);
        TestApi.expect(
                200,
                api().post(
                                "/admin/reservations/" + bob + "/pay-at-desk?expectedCents=2000&channel=CARD",
                                ben.token(),
                                null));
        TestApi.expect(
                200, api().post("/admin/reservations/" + cat + "/pay-at-desk?expectedCents=2000", amy.token(), null));

        JsonNode annReceipts = receipts(ann);
        assertThat(annReceipts).hasSize(1);
        JsonNode receipt = TestApi.expect(
                        200,
                        api().get(
                                        "/admin/receipts/"
                                                + annReceipts
                                                        .get(0)
                                                        .path("receiptNo")
                                                        .asText(),
                                        admin))
                .data();
        assertThat(receipt.path("kind").asText()).isEqualTo("PAYMENT");
        assertThat(receipt.path("channel").asText()).isEqualTo("CASH");
        assertThat(receipt.path("amountCents").asInt()).isEqualTo(2000);
        assertThat(receipt.path("actor").asText()).isEqualTo("staff:" + amy.studentId());
        assertThat(receipt.path("actorName").asText()).isEqualTo("Staff " + amy.studentId());
        assertThat(receipt.path("studentId").asText()).isEqualTo(students.get(0).studentId());
        assertThat(receipt.path("gymName").asText()).isNotBlank();

        // Amy gives Cat's cash back in part; Ben refunds Dan's online payment whole (through WeChat Pay)
        TestApi.expect(
                200,
                api().post(
                                "/pay/refund/" + cat,
                                amy.token(),
                                Map.of("amountCents", 500, "reason", "lights out for a quarter")));
        TestApi.expect(
                200, api().post("/admin/reservations/" + dan + "/refund", ben.token(), Map.of("reason", "rain")));
        assertThat(receipts(dan).get(0).path("channel").asText()).isEqualTo("WECHAT");

        // Amy closes ¥0.50 short, with a note for the manager; Ben with the drawer as it must be
        JsonNode amyClosed = close(amy, amyShift, 3450, "少了5毛，待查");
        assertThat(line(amyClosed, "CASH").path("taken").asInt())
                .as("Amy's cash by her receipts, in %s", amyClosed)
                .isEqualTo(4000);
        assertThat(line(amyClosed, "CASH").path("givenBack").asInt()).isEqualTo(500);
        assertThat(line(amyClosed, "CASH").path("ordersTaken").asInt()).isEqualTo(4000);
        assertThat(line(amyClosed, "CASH").path("ordersGivenBack").asInt()).isEqualTo(500);
        assertThat(amyClosed.path("cashExpected").asInt()).isEqualTo(3500);
        assertThat(amyClosed.path("cashDifference").asInt())
                .as("short by ¥0.50")
                .isEqualTo(-50);
        assertThat(amyClosed.path("matches").asBoolean())
                .as("a drawer short does not match")
                .isFalse();
        assertThat(amyClosed.path("note").asText()).isEqualTo("少了5毛，待查");
        assertThat(amyClosed.path("receipts")).hasSize(3);
        assertThat(amyClosed.path("closed").isNull()).isFalse();
        JsonNode benClosed = close(ben, benShift, 0, "hand-over");
        assertThat(line(benClosed, "CARD").path("taken").asInt()).isEqualTo(2000);
        assertThat(line(benClosed, "WECHAT").path("givenBack").asInt()).isEqualTo(2000);
        assertThat(line(benClosed, "WECHAT").path("ordersGivenBack").asInt()).isEqualTo(2000);
        assertThat(benClosed.path("cashExpected").asInt()).isZero();
        assertThat(benClosed.path("cashDifference").asInt()).isZero();
        assertThat(benClosed.path("matches").asBoolean()).isTrue();
        assertThat(api().post("/admin/shifts/" + benShift + "/close", ben.token(), Map.of())
                        .status())
                .as("closed once")
                .isEqualTo(409);

        // a manager sees both shifts of the day; a staff member their own, and not another's
        JsonNode day =
                TestApi.expect(200, api().get("/admin/shifts", boss.token())).data();
        assertThat(ids(day)).contains(amyShift, benShift);
        JsonNode amyInTheList = StreamSupport.stream(day.spliterator(), false)
                .filter(shift -> shift.path("shiftId").asLong() == amyShift)
                .findFirst()
                .orElseThrow();
        assertThat(amyInTheList.path("cashDifference").asInt())
                .as("the manager's list keeps the difference")
                .isEqualTo(-50);
        assertThat(amyInTheList.path("note").asText()).isEqualTo("少了5毛，待查");
        assertThat(ids(TestApi.expect(200, api().get("/admin/shifts", amy.token()))
                        .data()))
                .contains(amyShift)
                .doesNotContain(benShift);
        assertThat(api().get("/admin/shifts/" + benShift, amy.token()).status()).isEqualTo(404);
        // the close is kept and audited, with the difference and the note, in the caller's words; the audit names the
        // shift by its day and its number in the day, not by its row's id
        String amyShiftName = amyInTheList.path("opened").asText().substring(0, 10) + " #"
                + amyInTheList.path("dayNumber").asInt();
        assertThat(jdbc().queryForObject(
                                "select count(*) from audit_log where action = 'SHIFT_CLOSE' and target_id = ?",
                                Long.class,
                                amyShiftName))
                .isEqualTo(1);
        assertThat(TestApi.expect(
                                200,
                                api().get(
                                                "/admin/audit?action=SHIFT_CLOSE&targetType=SHIFT&targetId="
                                                        + URLEncoder.encode(amyShiftName, StandardCharsets.UTF_8),
                                                boss.token()))
                        .data()
                        .path("records")
                        .get(0)
                        .path("detail")
                        .asText())
                .contains("¥34.50", "−¥0.50", "少了5毛，待查");

        // the next sign-in at a console closes the shift left open there
        long again = open(amy, deskA);
        long benAtA = open(ben, deskA);
        assertThat(TestApi.expect(200, api().get("/admin/shifts/" + again, amy.token()))
                        .data()
                        .path("closed")
                        .isNull())
                .isFalse();
        assertThat(TestApi.expect(200, api().get("/admin/shifts/" + benAtA, ben.token()))
                        .data()
                        .path("closed")
                        .isNull())
                .isTrue();
        // a student is no staff member
        assertThat(api().get("/admin/shifts", students.get(0).token()).status()).isEqualTo(403);
    }

    /**
     * The day's next shift reads the next number after the table's identity jumped, as it does after a restore (H2
     * caches identity values: the restored database's next id is past the cache) or an unclean stop; the audit names
     * the shift by its day and number.
     */
    @Test
    default void theDaysNextShiftReadsTheNextNumberAfterTheIdentityJumped() {
        Student amy = api().staffMember("STAFF");
        JsonNode first = openShift(amy, TestApi.unique("desk-n"));
        long jumpTo = first.path("shiftId").asLong() + 32;
        try {
            jdbc().execute("alter table desk_shift alter column id restart with " + jumpTo); // H2
        } catch (RuntimeException notH2) {
            jdbc().execute("alter table desk_shift auto_increment = " + jumpTo); // MariaDB
        }
        JsonNode second = openShift(amy, TestApi.unique("desk-n"));

        assertThat(second.path("shiftId").asLong()).isGreaterThanOrEqualTo(jumpTo);
        assertThat(second.path("dayNumber").asInt())
                .isEqualTo(first.path("dayNumber").asInt() + 1);
        String day = second.path("opened").asText().substring(0, 10);
        assertThat(jdbc().queryForList(
                                "select target_id from audit_log where target_type = 'SHIFT' and action = 'SHIFT_OPEN' "
                                        + "order by id desc limit 1",
                                String.class))
                .containsExactly(day + " #" + second.path("dayNumber").asInt());
    }

    private JsonNode openShift(Student staff, String console) {
        return TestApi.expect(200, api().post("/admin/shifts", staff.token(), Map.of("console", console)))
                .data();
    }

    private long open(Student staff, String console) {
        return TestApi.expect(200, api().post("/admin/shifts", staff.token(), Map.of("console", console)))
                .data()
                .path("shiftId")
                .asLong();
    }

    private JsonNode close(Student staff, long shift, int countedCash, String note) {
        return TestApi.expect(
                        200,
                        api().post(
                                        "/admin/shifts/" + shift + "/close",
                                        staff.token(),
                                        Map.of("countedCash", countedCash, "note", note)))
                .data();
    }

    private JsonNode receipts(long reservationId) {
        return TestApi.expect(200, api().get("/admin/receipts?reservationId=" + reservationId, TestApi.ADMIN_TOKEN))
                .data();
    }

    private static JsonNode line(JsonNode report, String channel) {
        return StreamSupport.stream(report.path("channels").spliterator(), false)
                .filter(line -> channel.equals(line.path("channel").asText()))
                .findFirst()
                .orElseThrow();
    }

    private static List<Long> ids(JsonNode shifts) {
        List<Long> ids = new ArrayList<>();
        shifts.forEach(shift -> ids.add(shift.path("shiftId").asLong()));
        return ids;
    }

    private static List<Reply> together(int count, Callable<Reply> call) throws Exception {
        List<Callable<Reply>> calls = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            calls.add(call);
        }
        return TestApi.atOnce(calls);
    }
}
