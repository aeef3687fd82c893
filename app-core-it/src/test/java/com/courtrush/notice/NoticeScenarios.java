package com.courtrush.notice;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.reserve.lifecycle.PaymentTimeout;
import com.courtrush.reserve.record.ReservationWriter;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** A student's notices (SPEC §17): each event's notice once, in the student's language, with real parallel requests. */
public interface NoticeScenarios extends StackAccess {

    @Test
    default void whatHappensToABookingReachesTheStudentsInboxOnceInTheirLanguage() throws Exception {
        String admin = TestApi.ADMIN_TOKEN;
        String courtName = TestApi.unique("Notice court ");
        long court = api().createCourt(courtName);
        long session = api().createSession(tomorrow(), now(), 3);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "12:00", 60, 1);
        List<Student> students = api().students(5);
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student cy = students.get(2);

        // five students rush two slots at once: each winner is told once, nobody else
        List<Callable<Reply>> rush = new ArrayList<>();
        for (int i = 0; i < students.size(); i++) {
            Student student = students.get(i);
            long slot = slots.get(i % 2);
            rush.add(() -> api().reserve(student, session, slot));
        }
        List<Reply> answers = all(rush);
        for (int i = 0; i < answers.size(); i++) {
            if (answers.get(i).status() == 202) {
                TestApi.expect(
                        200,
                        api().awaitResult(
                                        students.get(i),
                                        answers.get(i).data().path("traceId").asText(),
                                        Duration.ofSeconds(15)));
            }
        }
        List<Map<String, Object>> won = jdbc().queryForList(
                        "select n.user_id, n.reservation_id from notice n join reservation r on r.id = n.reservation_id "
                                + "where n.kind = 'WON' and r.session_id = ?",
                        session);
        assertThat(won).hasSize(2);
        assertThat(jdbc().queryForObject(
                                "select count(*) from reservation where session_id = ? and status = 'PENDING_PAYMENT'",
                                Integer.class,
                                session))
                .isEqualTo(2);

        // a grant delivered again (the broker's redelivery) records nothing and tells nobody twice
        Map<String, Object> first = jdbc().queryForMap(
                        "select trace_id, user_id, slot_id, session_id from reservation where id = ?",
                        won.get(0).get("RESERVATION_ID"));
        ReserveMessage again = new ReserveMessage(
                first.get("TRACE_ID").toString(),
                ((Number) first.get("USER_ID")).longValue(),
                ((Number) first.get("SLOT_ID")).longValue(),
                session,
                System.currentTimeMillis());
        assertThat(bean(ReservationWriter.class).record(again)).isEqualTo(ReservationWriter.Result.DUPLICATE);
        assertThat(jdbc().queryForObject(
                                "select count(*) from notice where reservation_id = ? and kind = 'WON'",
                                Integer.class,
                                won.get(0).get("RESERVATION_ID")))
                .isEqualTo(1);

        // the rest of the morning, on the slots left free
        long annBooking = api().book(ann, session, slots.get(2));
        long bobBooking = api().book(bob, session, slots.get(3));
        String annOrder = api().pay(ann, annBooking);

        // staff cancel Bob's with a reason; Ann's paid one is refunded by staff, with theirs
        TestApi.expect(
                200,
                api().post(
                                "/admin/reservations/" + bobBooking + "/cancel",
                                admin,
                                Map.of("reason", "court under repair")));
        TestApi.expect(
                200,
                api().post(
                                "/admin/reservations/" + annBooking + "/refund",
                                admin,
                                Map.of("reason", "floor being waxed")));

        JsonNode annInbox = inbox(ann, "en");
        List<String> annKinds = annInbox.path("notices").findValuesAsText("kind");
        assertThat(annKinds.subList(0, 3)).containsExactly("REFUNDED", "PAID", "WON");
        JsonNode refunded = annInbox.path("notices").get(0);
        assertThat(refunded.path("text").asText())
                .contains(courtName)
                .contains(tomorrow().toString())
                .contains("10:00–11:00")
                .contains("¥20.00")
                .contains("floor being waxed");
        assertThat(refunded.path("read").asBoolean()).isFalse();
        assertThat(annInbox.path("notices").get(1).path("text").asText()).contains(annOrder);
        assertThat(annInbox.path("notices").get(2).path("text").asText())
                .as("the deadline is told with its date")
                .containsPattern("Pay by \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}");

        JsonNode bobInbox = inbox(bob, "zh-CN");
        JsonNode cancelled = bobInbox.path("notices").get(0);
        assertThat(cancelled.path("kind").asText()).isEqualTo("CANCELLED_BY_STAFF");
        assertThat(cancelled.path("title").asText()).isEqualTo("场馆取消了预约");
        assertThat(cancelled.path("text").asText())
                .startsWith("场馆取消了 " + courtName)
                .endsWith("：court under repair");

        // an unpaid booking: reminded once five minutes before its timeout (two nodes' runs at once), then timed out
        long cyBooking = api().book(cy, session, slots.get(2));
        int timeout = bean(AppSettings.class).getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE);
        bookedAt(cyBooking, now().minusMinutes(timeout - 3));
        PaymentReminders reminders = bean(PaymentReminders.class);
        List<Callable<Integer>> runs = List.of(reminders::remind, reminders::remind);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (Future<Integer> run : pool.invokeAll(runs)) {
                run.get();
            }
        } finally {
            pool.shutdownNow();
        }
        reminders.remind();
        assertThat(jdbc().queryForObject(
                                "select count(*) from notice where reservation_id = ? and kind = 'PAY_DUE'",
                                Integer.class,
                                cyBooking))
                .isEqualTo(1);
        bookedAt(cyBooking, now().minusMinutes(timeout + 1));
        bean(PaymentTimeout.class).cancelOverdue();
        List<String> cyKinds = inbox(cy, "en").path("notices").findValuesAsText("kind");
        assertThat(cyKinds.subList(0, 3)).containsExactly("TIMED_OUT", "PAY_DUE", "WON");

        // read one, then all; another student's notice is not theirs to read
        int unread = annInbox.path("unread").asInt();
        assertThat(unread).isGreaterThanOrEqualTo(3);
        long refundedId = refunded.path("id").asLong();
        assertThat(api().post("/notices/" + refundedId + "/read", bob.token(), null)
                        .status())
                .isEqualTo(404);
        assertThat(TestApi.expect(200, api().post("/notices/" + refundedId + "/read", ann.token(), null))
                        .data()
                        .path("unread")
                        .asInt())
                .isEqualTo(unread - 1);
        assertThat(TestApi.expect(200, api().get("/notices/unread", ann.token()))
                        .data()
                        .path("unread")
                        .asInt())
                .isEqualTo(unread - 1);
        TestApi.expect(200, api().post("/notices/read-all", ann.token(), null));
        assertThat(inbox(ann, "en").path("unread").asInt()).isZero();
        assertThat(inbox(ann, "en").path("notices").get(0).path("read").asBoolean())
                .isTrue();
        // staff have no inbox of their own here, and nobody reads one signed out
        assertThat(api().get("/notices", admin).status()).isEqualTo(403);
        assertThat(api().get("/notices", null).status()).isEqualTo(401);
    }

    @AtGymHours
    default void aBookingDueByItsStartIsRemindedBeforeTheStartAndItsOrderExpiresThen(LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(api().createCourt()), "08:00", "10:00", 60, 1);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        Student bob = students.get(1);
        long annBooking = api().book(ann, session, slots.get(0));
        long bobBooking = api().book(bob, session, slots.get(1));
        int timeout = bean(AppSettings.class).getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE);
        assertThat(timeout)
                .as("the default payment timeout outlasts the start moved below")
                .isGreaterThan(8);

        // both slots now start in 4 minutes: Ann booked 6 minutes ago (due by the start, more than 5 minutes after
        // she booked: reminded now, with the start as her deadline); Bob a moment ago (his won notice said it)
        LocalDateTime start = now().plusMinutes(4).withNano(0);
        for (long slot : slots) {
            timeSlotAt(slot, start, Duration.ofMinutes(30));
        }
        jdbc().update(
                        "update reservation set slot_date = ? where id in (?, ?)",
                        start.toLocalDate(),
                        annBooking,
                        bobBooking);
        bookedAt(annBooking, now().minusMinutes(6));
        bookedAt(bobBooking, now().minusSeconds(30));

        bean(PaymentReminders.class).remind();
        bean(PaymentReminders.class).remind();
        assertThat(jdbc().queryForList(
                                "select reservation_id, params from notice where kind = 'PAY_DUE' and reservation_id in (?, ?)",
                                annBooking,
                                bobBooking))
                .singleElement()
                .satisfies(row -> {
                    assertThat(((Number) row.get("RESERVATION_ID")).longValue()).isEqualTo(annBooking);
                    assertThat(row.get("PARAMS").toString())
                            .as("due by the start, to the second")
                            .contains(start.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")));
                });

        // the WeChat Pay order Bob opens now expires at the start, not a whole payment timeout later
        TestApi.expect(200, api().post("/pay/wechat/" + bobBooking, bob.token(), null));
        assertThat(jdbc().queryForObject(
                                "select expire_time from pay_order where reservation_id = ? and status = 'PAYING'",
                                LocalDateTime.class,
                                bobBooking))
                .isEqualTo(start);
    }

    @AtGymHours
    default void aStudentWhoAskedIsRemindedOnceTenMinutesBeforeAnOpeningsFlashTime(LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        LocalDate day = tomorrow(); // read once: a run across midnight would name the day after
        long session = api().createSession(day, now().plusMinutes(30).withNano(0), 2);
        api().generateSlots(session, List.of(api().createCourt()), "19:00", "20:00", 60, 1);
        long opened = api().createSession(day, now().withNano(0), 2);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        Student bob = students.get(1);
        TestApi.expect(200, api().put("/notices/reminders/" + session, ann.token(), null));
        assertThat(TestApi.expect(200, api().get("/notices/reminders", ann.token()))
                        .data()
                        .toString())
                .contains(Long.toString(session));
        TestApi.expect(200, api().put("/notices/reminders/" + session, bob.token(), null));
        TestApi.expect(200, api().delete("/notices/reminders/" + session, bob.token()));
        assertThat(api().put("/notices/reminders/" + opened, ann.token(), null).status())
                .as("an opening already open has nothing to remind of")
                .isEqualTo(409);
        assertThat(api().put("/notices/reminders/999999999", ann.token(), null).status())
                .isEqualTo(404);

        // 30 minutes before: nothing yet; 5 minutes before, two nodes' runs at once: Ann is told once, Bob not
        FlashReminders reminders = bean(FlashReminders.class);
        reminders.remind();
        assertThat(kinds(ann)).doesNotContain("OPENING_SOON");
        java.time.LocalDateTime flash = now().plusMinutes(5).withSecond(0).withNano(0);
        jdbc().update("update reserve_session set flash_time = ? where id = ?", flash, session);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (Future<Integer> run :
                    pool.invokeAll(List.<Callable<Integer>>of(reminders::remind, reminders::remind))) {
                run.get();
            }
        } finally {
            pool.shutdownNow();
        }
        reminders.remind();
        JsonNode told = inbox(ann, "en").path("notices").get(0);
        assertThat(told.path("kind").asText()).isEqualTo("OPENING_SOON");
        assertThat(told.path("text").asText())
                .contains("The opening for " + day)
                .contains(flash.toLocalDate() + " " + flash.toLocalTime());
        assertThat(kinds(ann).stream().filter("OPENING_SOON"::equals)).hasSize(1);
        assertThat(kinds(bob)).doesNotContain("OPENING_SOON");
        assertThat(TestApi.expect(200, api().get("/notices/reminders", ann.token()))
                        .data()
                        .toString())
                .contains(Long.toString(session));
    }

    @AtGymHours
    default void aPaidBookingStartingSoonIsRemindedOnceWithItsLinkAndAnUnpaidOneIsDueAtItsStart(LocalTime hour)
            throws Exception {
        TestClock.GYM.at(hour);
        String courtName = TestApi.unique("Reminded court ");
        long court = api().createCourt(courtName);
        long session = api().createSession(tomorrow(), now(), 3);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
        Student ann = api().students(1).get(0);
        long paid = api().book(ann, session, slots.get(0));
        api().pay(ann, paid);
        long unpaid = api().book(ann, session, slots.get(1));

        // the paid one's slot starts in 30 minutes, the unpaid one's in 2 (to the whole minute: the slots' times)
        java.time.LocalDateTime soon = now().withSecond(0).withNano(0).plusMinutes(30);
        java.time.LocalDateTime sooner = now().withSecond(0).withNano(0).plusMinutes(2);
        moveSlot(slots.get(0), soon);
        moveSlot(slots.get(1), sooner);

        // reminded once, on as many runs as there are nodes
        bean(BookingReminders.class).remind();
        bean(BookingReminders.class).remind();
        assertThat(jdbc().queryForObject(
                                "select count(*) from notice where kind = 'BOOKING_SOON' and reservation_id = ?",
                                Integer.class,
                                paid))
                .isEqualTo(1);
        JsonNode reminder = inbox(ann, "en").path("notices").get(0);
        assertThat(reminder.path("kind").asText()).isEqualTo("BOOKING_SOON");
        assertThat(reminder.path("link").asText()).isEqualTo("#/mine/booking/" + paid);
        int grace = bean(AppSettings.class).getInt(SettingKey.NO_SHOW_GRACE_MINUTES, 0);
        assertThat(reminder.path("text").asText())
                .contains(courtName)
                .contains("by " + soon.plusMinutes(grace).toLocalTime())
                .contains("strike");
        assertThat(jdbc().queryForObject(
                                "select count(*) from notice where kind = 'BOOKING_SOON' and reservation_id = ?",
                                Integer.class,
                                unpaid))
                .as("an unpaid booking is not reminded of its court")
                .isZero();

        // the unpaid one must be paid by its start, not the payment timeout's end; past its start it is cancelled
        JsonNode mine = TestApi.expect(200, api().get("/reservations/mine", ann.token()))
                .data();
        String payBy = null;
        for (JsonNode r : mine) {
            if (r.path("reservationId").asLong() == unpaid) {
                payBy = r.path("payBy").asText();
            }
        }
        assertThat(payBy).as("pay by the start").isEqualTo(sooner + ":00");
        moveSlot(slots.get(1), now().withSecond(0).withNano(0).minusMinutes(1));
        bean(PaymentTimeout.class).cancelOverdue();
        assertThat(jdbc().queryForMap("select status, cancel_reason from reservation where id = ?", unpaid))
                .containsEntry("STATUS", "CANCELLED")
                .containsEntry("CANCEL_REASON", "TIMEOUT");
    }

    private void moveSlot(long slotId, java.time.LocalDateTime start) {
        timeSlotAt(slotId, start, Duration.ofMinutes(59));
    }

    private List<String> kinds(Student student) throws Exception {
        return inbox(student, "en").path("notices").findValuesAsText("kind");
    }

    private JsonNode inbox(Student student, String language) throws Exception {
        TestApi.RawReply reply =
                api().raw("GET", "/notices?size=50", student.token(), Map.of("Accept-Language", language), null);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        return new ObjectMapper()
                .readTree(reply.body().getBytes(StandardCharsets.UTF_8))
                .path("data");
    }

    private static <T> List<T> all(List<Callable<T>> calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        try {
            List<T> results = new ArrayList<>();
            for (Future<T> future : pool.invokeAll(calls)) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
