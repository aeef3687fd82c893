package com.courtrush.pay;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.audit.AuditLog;
import com.courtrush.audit.AuditTrail;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.notice.PaymentReminders;
import com.courtrush.reserve.lifecycle.PaymentTimeout;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The reservation lifecycle over HTTP — pay, confirm, cancel, time out, refund — and its races run
 * with real threads. After each: I3 (Redis stock matches the database) and I6 (no money lost).
 */
public interface LifecycleScenarios extends StackAccess {

    String ADMIN = TestApi.ADMIN_TOKEN;

    @Test
    default void aStudentPaysGetsConfirmedRefundsAndTheSlotSellsAgain() {
        Opening opening = openSlots(1, 1);
        long slot = opening.slots().get(0);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        Student bob = students.get(1);
        long reservation = api().book(ann, opening.session(), slot);

        Reply before = TestApi.expect(200, api().get("/pay/reservation/" + reservation, ann.token()));
        assertThat(before.data().path("reservationStatus").asText()).isEqualTo("PENDING_PAYMENT");
        assertThat(before.data().path("payStatus").isNull()).isTrue();

        Reply order = TestApi.expect(200, api().post("/pay/wechat/" + reservation, ann.token(), null));
        String outTradeNo = order.data().path("outTradeNo").asText();
        assertThat(outTradeNo).startsWith("CR").hasSize(26);
        assertThat(order.data().path("amountCents").asInt()).isEqualTo(2000);
        assertThat(order.data().path("status").asText()).isEqualTo("PAYING");
        assertThat(order.data().path("gateway").asText()).contains("simulated");
        Reply again = TestApi.expect(200, api().post("/pay/wechat/" + reservation, ann.token(), null));
        assertThat(again.data().path("outTradeNo").asText()).isEqualTo(outTradeNo);
        assertThat(again.data().path("reused").asBoolean()).isTrue();

        assertThat(api().post("/pay/wechat/" + reservation, bob.token(), null).status())
                .isEqualTo(404);
        assertThat(api().post("/pay/wechat/mock-success/" + outTradeNo, ann.token(), null)
                        .status())
                .isEqualTo(403);

        Reply paid = TestApi.expect(200, api().post("/pay/wechat/mock-success/" + outTradeNo, ADMIN, null));
        assertThat(paid.data().path("outcome").asText()).isEqualTo("CONFIRMED");
        assertThat(paid.data().path("reservationStatus").asText()).isEqualTo("CONFIRMED");
        Reply repeated = TestApi.expect(200, api().post("/pay/wechat/mock-success/" + outTradeNo, ADMIN, null));
        assertThat(repeated.data().path("outcome").asText()).isEqualTo("ALREADY_PAID");
        Reply state = TestApi.expect(200, api().get("/pay/reservation/" + reservation, ann.token()));
        assertThat(state.data().path("payStatus").asText()).isEqualTo("SUCCESS");
        assertThat(state.data().path("reservationStatus").asText()).isEqualTo("CONFIRMED");

        assertThat(api().delete("/reserve/" + reservation, ann.token()).status())
                .as("a paid one is refunded, " + "not cancelled")
                .isEqualTo(409);
        assertThat(api().post("/pay/refund/" + reservation, bob.token(), null).status())
                .isEqualTo(404);
        assertThat(api().get("/pay/reservation/" + reservation, bob.token()).status())
                .isEqualTo(404);

        Reply refunded = TestApi.expect(
                200, api().post("/pay/refund/" + reservation, ann.token(), Map.of("reason", "plans changed")));
        assertThat(refunded.data().path("payStatus").asText()).isEqualTo("REFUNDED");
        assertThat(refunded.data().path("reservationStatus").asText()).isEqualTo("CANCELLED");
        assertThat(api().post("/pay/refund/" + reservation, ann.token(), null).status())
                .isEqualTo(409);
        assertThat(invariants().assertHold(opening.session())).isZero();
        assertThat(redisson()
                        .getBucket(RedisKeys.semaphore(opening.session(), slot))
                        .get())
                .isEqualTo("1");
        assertThat(audits("MARK_PAID", outTradeNo)).isEqualTo(1);
        assertThat(audits("REFUND", Long.toString(reservation))).isEqualTo(1);

        api().book(bob, opening.session(), slot);
        assertThat(invariants().assertHold(opening.session())).isEqualTo(1);
        assertNoMoneyLost(opening.session());
    }

    @Test
    default void studentsAndStaffCancelUnpaidReservationsOnly() {
        Opening opening = openSlots(3, 1);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        long first = api().book(ann, opening.session(), opening.slots().get(0));
        long second = api().book(ann, opening.session(), opening.slots().get(1));

        assertThat(api().delete("/reserve/" + first, students.get(1).token()).status())
                .isEqualTo(404);
        Reply cancelled = TestApi.expect(200, api().delete("/reserve/" + first, ann.token()));
        assertThat(cancelled.data().path("cancelReason").asText()).isEqualTo("USER");
        assertThat(api().delete("/reserve/" + first, ann.token()).status()).isEqualTo(409);

        assertThat(api().post("/admin/reservations/" + second + "/cancel", ADMIN, Map.of())
                        .status())
                .isEqualTo(400);
        assertThat(api().post("/admin/reservations/" + second + "/cancel", ann.token(), Map.of("reason", "x"))
                        .status())
                .isEqualTo(403);
        Reply byStaff = TestApi.expect(
                200,
                api().post("/admin/reservations/" + second + "/cancel", ADMIN, Map.of("reason", "court under repair")));
        assertThat(byStaff.data().path("cancelReason").asText()).isEqualTo("STAFF");
        assertThat(audits("CANCEL", Long.toString(second))).isEqualTo(1);
        assertThat(invariants().assertHold(opening.session())).isZero();
        // the quota is given back with the places: Ann may book twice again
        api().book(ann, opening.session(), opening.slots().get(2));
        assertThat(invariants().assertHold(opening.session())).isEqualTo(1);
    }

    @Test
    default void aPaymentForACancelledReservationIsRefundedAutomatically() {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        String outTradeNo = payOrder(ann, reservation);
        TestApi.expect(200, api().delete("/reserve/" + reservation, ann.token()));
        assertThat(jdbc().queryForObject(
                                "select status from pay_order where out_trade_no = ?", String.class, outTradeNo))
                .isEqualTo("CLOSED");

        Reply late = TestApi.expect(200, api().post("/pay/wechat/mock-success/" + outTradeNo, ADMIN, null));
        assertThat(late.data().path("outcome").asText()).isEqualTo("AUTO_REFUNDED");
        assertThat(late.data().path("payStatus").asText()).isEqualTo("REFUNDED");
        assertThat(late.body().path("message").asText()).contains("refunded");
        assertThat(jdbc().queryForObject(
                                "select count(*) from pay_order where out_trade_no = ? "
                                        + "and paid_time is not null and refund_time is not null",
                                Integer.class,
                                outTradeNo))
                .isEqualTo(1);
        assertThat(audits("AUTO_REFUND", outTradeNo)).isEqualTo(1);
        assertNoMoneyLost(opening.session());
        invariants().assertHold(opening.session());
    }

    @Test
    default void anExpiredOrderIsFailedAndReplaced() {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        String first = payOrder(ann, reservation);
        jdbc().update("update pay_order set expire_time = ? where out_trade_no = ?", now().minusMinutes(1), first);
        String second = payOrder(ann, reservation);
        assertThat(second).isNotEqualTo(first);
        assertThat(jdbc().queryForObject("select status from pay_order where out_trade_no = ?", String.class, first))
                .isEqualTo("FAILED");
        assertThat(jdbc().queryForObject(
                                "select count(*) from pay_order where reservation_id = ? " + "and status = 'PAYING'",
                                Integer.class,
                                reservation))
                .isEqualTo(1);
    }

    @Test
    default void manyConcurrentPayRequestsMakeOnePayingOrder() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        List<Reply> replies = race(20, i -> () -> api().post("/pay/wechat/" + reservation, ann.token(), null));
        assertThat(replies).allSatisfy(r -> assertThat(r.status()).as("%s", r).isEqualTo(200));
        assertThat(replies.stream()
                        .map(r -> r.data().path("outTradeNo").asText())
                        .distinct())
                .hasSize(1);
        assertThat(jdbc().queryForObject(
                                "select count(*) from pay_order where reservation_id = ?", Integer.class, reservation))
                .isEqualTo(1);
    }

    @Test
    default void cancelRacingPaymentNeverLosesMoney() throws Exception {
        int n = 12;
        Opening opening = openSlots(n, 1);
        List<Student> students = api().students(n);
        List<Long> reservations = new ArrayList<>();
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            reservations.add(api().book(
                            students.get(i), opening.session(), opening.slots().get(i)));
            orders.add(payOrder(students.get(i), reservations.get(i)));
        }
        List<Reply> replies = race(
                2 * n,
                i -> i % 2 == 0
                        ? () -> api().delete(
                                        "/reserve/" + reservations.get(i / 2),
                                        students.get(i / 2).token())
                        : () -> api().post("/pay/wechat/mock-success/" + orders.get(i / 2), ADMIN, null));
        for (int i = 0; i < n; i++) {
            Reply cancel = replies.get(2 * i);
            Reply payment = replies.get(2 * i + 1);
            assertThat(payment.status()).isEqualTo(200);
            String outcome = payment.data().path("outcome").asText();
            if (cancel.status() == 200) {
                assertThat(outcome).as("cancel won, so the payment is refunded").isEqualTo("AUTO_REFUNDED");
            } else {
                assertThat(cancel.status()).isEqualTo(409);
                assertThat(outcome).as("payment won, so the cancel is refused").isEqualTo("CONFIRMED");
            }
        }
        assertNoMoneyLost(opening.session());
        invariants().assertHold(opening.session());
    }

    @AtGymHours
    default void theTimeoutRacingPaymentNeverLosesMoney(LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        int n = 12;
        Opening opening = openSlots(n, 1);
        List<Student> students = api().students(n);
        List<Long> reservations = new ArrayList<>();
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            reservations.add(api().book(
                            students.get(i), opening.session(), opening.slots().get(i)));
            orders.add(payOrder(students.get(i), reservations.get(i)));
        }
        backdate(reservations);
        List<Reply> replies = race(
                n + 2,
                i -> i < n
                        ? () -> api().post("/pay/wechat/mock-success/" + orders.get(i), ADMIN, null)
                        : () -> {
                            bean(PaymentTimeout.class).cancelOverdue();
                            return null;
                        });
        for (int i = 0; i < n; i++) {
            assertThat(replies.get(i).data().path("outcome").asText()).isIn("CONFIRMED", "AUTO_REFUNDED");
            String reservationStatus = status(reservations.get(i));
            if (replies.get(i).data().path("outcome").asText().equals("CONFIRMED")) {
                assertThat(reservationStatus).isEqualTo("CONFIRMED");
            } else {
                assertThat(reservationStatus).isEqualTo("CANCELLED");
                assertThat(jdbc().queryForObject(
                                        "select cancel_reason from reservation where id = ?",
                                        String.class,
                                        reservations.get(i)))
                        .isEqualTo("TIMEOUT");
            }
        }
        assertNoMoneyLost(opening.session());
        invariants().assertHold(opening.session());
    }

    @Test
    default void concurrentRefundsRefundOnceAndGiveThePlaceBackOnce() throws Exception {
        Opening opening = openSlots(1, 2);
        long slot = opening.slots().get(0);
        List<Student> students = api().students(2);
        long reservation = api().book(students.get(0), opening.session(), slot);
        api().book(students.get(1), opening.session(), slot);
        String outTradeNo = payOrder(students.get(0), reservation);
        TestApi.expect(200, api().post("/pay/wechat/mock-success/" + outTradeNo, ADMIN, null));

        List<Reply> replies = race(
                6,
                i -> i % 2 == 0
                        ? () -> api().post(
                                        "/pay/refund/" + reservation,
                                        students.get(0).token(),
                                        Map.of("reason", "owner"))
                        : () -> api().post(
                                        "/admin/reservations/" + reservation + "/refund",
                                        ADMIN,
                                        Map.of("reason", "staff")));
        assertThat(replies.stream().filter(r -> r.status() == 200)).hasSize(1);
        assertThat(replies.stream().filter(r -> r.status() == 409)).hasSize(5);
        assertThat(audits("REFUND", Long.toString(reservation))).isEqualTo(1);
        assertThat(invariants().assertHold(opening.session())).isEqualTo(1);
        assertThat(redisson()
                        .getBucket(RedisKeys.semaphore(opening.session(), slot))
                        .get())
                .isEqualTo("1");
        assertNoMoneyLost(opening.session());
    }

    @Test
    default void cancelRacingTheTimeoutEndsEachReservationOnce() throws Exception {
        int n = 10;
        Opening opening = openSlots(n, 1);
        List<Student> students = api().students(n);
        List<Long> reservations = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            reservations.add(api().book(
                            students.get(i), opening.session(), opening.slots().get(i)));
        }
        backdate(reservations);
        List<Reply> replies = race(
                n + 2,
                i -> i < n
                        ? () -> api().delete(
                                        "/reserve/" + reservations.get(i),
                                        students.get(i).token())
                        : () -> {
                            bean(PaymentTimeout.class).cancelOverdue();
                            return null;
                        });
        for (int i = 0; i < n; i++) {
            String reason = jdbc().queryForObject(
                            "select cancel_reason from reservation where id = ?", String.class, reservations.get(i));
            assertThat(reason).isIn("USER", "TIMEOUT");
            assertThat(replies.get(i).status()).isEqualTo(reason.equals("USER") ? 200 : 409);
        }
        assertThat(invariants().assertHold(opening.session())).isZero();
        for (long slot : opening.slots()) {
            assertThat(redisson()
                            .getBucket(RedisKeys.semaphore(opening.session(), slot))
                            .get())
                    .as("released once")
                    .isEqualTo("1");
        }
    }

    /**
     * Issue 74: a booking keeps the pay deadline it was given when it was won. The payment timeout raised (15 → 30
     * minutes) after it was won moves neither its deadline — My bookings, its WeChat Pay order's expiry — nor its
     * "payment due" reminder, nor its timeout; lowered (→ 2 minutes), it cuts no booking short.
     */
    @Test
    default void aChangedPaymentTimeoutMovesNoDeadlineOfABookingAlreadyWon() {
        Opening opening = openSlots(2, 1);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        long annBooking = api().book(ann, opening.session(), opening.slots().get(0));
        long bobBooking =
                api().book(students.get(1), opening.session(), opening.slots().get(1));
        String before = bean(AppSettings.class).get(SettingKey.PAY_TIMEOUT_MINUTE);
        int minutes = Integer.parseInt(before);
        LocalDateTime given = payByKept(annBooking);
        assertThat(given)
                .as("the deadline kept with the booking")
                .isEqualTo(jdbc().queryForObject(
                                "select create_time from reservation where id = ?", LocalDateTime.class, annBooking)
                        .plusMinutes(minutes));
        try {
            setPayTimeout(minutes * 2);
            assertThat(LocalDateTime.parse(
                            myBooking(ann, annBooking).path("payBy").asText()))
                    .as("My bookings")
                    .isEqualTo(given);
            assertThat(LocalDateTime.parse(
                            TestApi.expect(200, api().post("/pay/wechat/" + annBooking, ann.token(), null))
                                    .data()
                                    .path("expireTime")
                                    .asText()))
                    .as("its order expires with it")
                    .isEqualTo(given);

            // due in 4 minutes by the deadline it was given (19 by the timeout set now): reminded of that deadline
            dueIn(annBooking, minutes, Duration.ofMinutes(4));
            bean(PaymentReminders.class).remind();
            assertThat(jdbc().queryForList(
                                    "select params from notice where kind = 'PAY_DUE' and reservation_id = ?",
                                    String.class,
                                    annBooking))
                    .singleElement()
                    .asString()
                    .contains(payByKept(annBooking).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")));

            // a minute past it (14 minutes left by the timeout set now): timed out, as given
            dueIn(annBooking, minutes, Duration.ofMinutes(-1));
            assertThat(timeOut(List.of(annBooking))).isEqualTo(1);
            assertThat(jdbc().queryForObject("select note from reservation where id = ?", String.class, annBooking))
                    .isEqualTo("not paid within " + minutes + " min");

            // lowered to 2 minutes: Bob, won 5 minutes ago, keeps the rest of his 15
            setPayTimeout(2);
            jdbc().update("update reservation set create_time = ? where id = ?", now().minusMinutes(5), bobBooking);
            assertThat(timeOut(List.of(bobBooking))).isZero();
            bean(PaymentReminders.class).remind();
            assertThat(jdbc().queryForObject(
                                    "select count(*) from notice where kind = 'PAY_DUE' and reservation_id = ?",
                                    Integer.class,
                                    bobBooking))
                    .isZero();
        } finally {
            setPayTimeout(minutes);
        }
        invariants().assertHold(opening.session());
    }

    /** The booking as the student's My bookings lists it. */
    default JsonNode myBooking(Student student, long reservation) {
        for (JsonNode mine : TestApi.expect(200, api().get("/reservations/mine", student.token()))
                .data()) {
            if (mine.path("reservationId").asLong() == reservation) {
                return mine;
            }
        }
        throw new AssertionError("booking " + reservation + " is not in " + student.studentId() + "'s list");
    }

    /** The deadline the booking keeps, as the database has it. */
    default LocalDateTime payByKept(long reservation) {
        return jdbc().queryForObject("select pay_by from reservation where id = ?", LocalDateTime.class, reservation);
    }

    /** Moves a booking in time: the deadline it was given, {@code minutes} after it was won, is {@code left} away. */
    default void dueIn(long reservation, int minutes, Duration left) {
        LocalDateTime due = now().plus(left);
        jdbc().update(
                        "update reservation set create_time = ?, pay_by = ? where id = ?",
                        due.minusMinutes(minutes),
                        due,
                        reservation);
    }

    /** Sets {@code PAY_TIMEOUT_MINUTE} as staff do. */
    default void setPayTimeout(int minutes) {
        TestApi.expect(
                200,
                api().put(
                                "/admin/settings",
                                ADMIN,
                                Map.of(
                                        "values",
                                        Map.of(SettingKey.PAY_TIMEOUT_MINUTE.name(), String.valueOf(minutes)))));
    }

    @Test
    default void refundsCloseAtTheCutoffUnlessStaffOverrideWithAReason() {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        TestApi.expect(200, api().post("/pay/wechat/mock-success/" + payOrder(ann, reservation), ADMIN, null));
        AppSettings settings = bean(AppSettings.class);
        settings.set(SettingKey.REFUND_CUTOFF_MINUTES, "100000");
        try {
            assertThat(api().post("/pay/refund/" + reservation, ann.token(), null)
                            .status())
                    .isEqualTo(409);
            assertThat(api().post(
                                    "/pay/refund/" + reservation,
                                    ann.token(),
                                    Map.of("reason", "please", "overrideCutoff", true))
                            .status())
                    .isEqualTo(400);
            assertThat(api().post("/admin/reservations/" + reservation + "/refund", ADMIN, Map.of("reason", "late"))
                            .status())
                    .isEqualTo(409);
            Reply overridden = TestApi.expect(
                    200,
                    api().post(
                                    "/admin/reservations/" + reservation + "/refund",
                                    ADMIN,
                                    Map.of("reason", "the hall flooded", "overrideCutoff", true)));
            assertThat(overridden.data().path("cutoffOverridden").asBoolean()).isTrue();
            AuditLog refund = bean(AuditTrail.class).forTarget("RESERVATION", reservation).stream()
                    .filter(entry -> entry.getAction().equals("REFUND"))
                    .findFirst()
                    .orElseThrow();
            assertThat(refund.detailIn(Locale.ENGLISH))
                    .contains("the hall flooded")
                    .contains("overridden");
            assertThat(refund.detailIn(Locale.SIMPLIFIED_CHINESE))
                    .contains("the hall flooded")
                    .contains("越过退款截止时间");
        } finally {
            settings.set(SettingKey.REFUND_CUTOFF_MINUTES, "0");
        }
        invariants().assertHold(opening.session());
    }

    /**
     * Once the desk checked a booking in, the game is being played: its student is refused a refund in their language
     * and told to ask at the desk, and My bookings offers none; staff refund it, with a reason only (issue 75).
     */
    @Test
    default void aCheckedInBookingIsRefundedAtTheDeskWithAReasonNeverByItsStudent() {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        TestApi.expect(200, api().post("/pay/wechat/mock-success/" + payOrder(ann, reservation), ADMIN, null));
        jdbc().update(
                        "update reservation set checked_in_time = ?, checked_in_by = 'staff:desk' where id = ?",
                        now().withNano(0),
                        reservation);
        TestApi.RawReply own = api().raw(
                        "POST",
                        "/pay/refund/" + reservation,
                        ann.token(),
                        Map.of("Accept-Language", "zh-CN", "Content-Type", "application/json"),
                        "{\"reason\":\"plans changed\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(own.status()).isEqualTo(409);
        assertThat(own.body())
                .contains("\"enumCode\":\"FAILED\"")
                .contains("签到")
                .contains("只能由前台退款");
        JsonNode mine = TestApi.expect(200, api().get("/reservations/mine", ann.token()))
                .data();
        assertThat(mine.findValues("refundOpen"))
                .extracting(JsonNode::asBoolean)
                .containsOnly(false);
        assertThat(api().post("/pay/refund/" + reservation, ADMIN, null).status())
                .as("staff without a reason")
                .isEqualTo(400);
        TestApi.expect(
                200,
                api().post(
                                "/admin/reservations/" + reservation + "/refund",
                                ADMIN,
                                Map.of("reason", "the lights failed")));
        assertThat(jdbc().queryForObject(
                                "select cancel_reason from reservation where id = ?", String.class, reservation))
                .isEqualTo("REFUND");
        invariants().assertHold(opening.session());
    }

    // --- helpers --------------------------------------------------------------------------------

    /** An open opening for tomorrow with {@code count} one-hour slots of one new court. */
    default Opening openSlots(int count, int capacity) {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        String end = String.format("%02d:00", 8 + count);
        return new Opening(session, api().generateSlots(session, List.of(court), "08:00", end, 60, capacity));
    }

    default String payOrder(Student student, long reservation) {
        return TestApi.expect(200, api().post("/pay/wechat/" + reservation, student.token(), null))
                .data()
                .path("outTradeNo")
                .asText();
    }

    /** Makes the reservations look won longer ago than the payment timeout: past the deadline they keep. */
    default void backdate(List<Long> reservations) {
        int minutes = bean(AppSettings.class).getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE);
        for (long id : reservations) {
            bookedAt(id, now().minusMinutes(minutes + 1));
        }
    }

    /**
     * Runs the payment timeout now; returns how many of these reservations it cancelled. Not its own count: the
     * stack is shared, and another scenario's unpaid booking whose slot has started by the hour this runs times out
     * in the same run.
     */
    default long timeOut(List<Long> reservations) {
        List<Long> pending = reservations.stream()
                .filter(id -> status(id).equals("PENDING_PAYMENT"))
                .toList();
        bean(PaymentTimeout.class).cancelOverdue();
        return pending.stream().filter(id -> status(id).equals("CANCELLED")).count();
    }

    default String status(long reservation) {
        return jdbc().queryForObject("select status from reservation where id = ?", String.class, reservation);
    }

    default int audits(String action, String target) {
        return jdbc().queryForObject(
                        "select count(*) from audit_log where action = ? and target_id = ?",
                        Integer.class,
                        action,
                        target);
    }

    /** I6: every SUCCESS order's reservation is CONFIRMED; every CONFIRMED reservation has one SUCCESS order. */
    default void assertNoMoneyLost(long session) {
        assertThat(jdbc().queryForObject(
                                "select count(*) from pay_order o join reservation r on r.id = o.reservation_id "
                                        + "where r.session_id = ? and o.status = 'SUCCESS' and r.status <> 'CONFIRMED'",
                                Integer.class,
                                session))
                .as("I6: paid orders of reservations that are not confirmed")
                .isZero();
        assertThat(jdbc().queryForObject(
                                "select count(*) from reservation r where r.session_id = ? "
                                        + "and r.status = 'CONFIRMED' and (select count(*) from pay_order o where o.reservation_id = r.id "
                                        + "and o.status = 'SUCCESS') <> 1",
                                Integer.class,
                                session))
                .as("confirmed reservations without exactly one successful payment")
                .isZero();
    }

    /** Runs the calls at once, released together; returns their answers in order. */
    default List<Reply> race(int count, java.util.function.IntFunction<Callable<Reply>> calls) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<Reply>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Callable<Reply> call = calls.apply(i);
                futures.add(pool.submit(() -> {
                    go.await();
                    return call.call();
                }));
            }
            go.countDown();
            List<Reply> replies = new ArrayList<>();
            for (Future<Reply> future : futures) {
                replies.add(future.get());
            }
            return replies;
        } finally {
            pool.shutdown();
        }
    }

    /** An opening and its slots. */
    record Opening(long session, List<Long> slots) {}
}
