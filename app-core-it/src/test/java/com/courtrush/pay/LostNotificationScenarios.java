package com.courtrush.pay;

import static com.courtrush.support.Times.now;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.notice.PaymentReminders;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * WeChat Pay's notification lost on its way (SPEC §19, issue 74): only WeChat Pay's word confirms a live order, so
 * the engine asks for it — when the student comes back from paying (at most once per few seconds per order, however
 * often the page polls), when WeChat Pay answers a second "pay" with ORDERPAID, before a "payment due" reminder, and
 * before the booking times out — and settles what it says is paid, as the notification would have. On the simulator,
 * as {@link LivePaymentScenarios}.
 */
public interface LostNotificationScenarios extends LivePaymentScenarios {

    @Test
    default void aLostNotificationIsCaughtByTheQueryBeforeTheBookingTimesOut() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = payOrder(ann, reservation);
            sim().dropNextNotifications(1);
            sim().pay(outTradeNo);
            assertThat(status(reservation)).as("WeChat Pay's word never came").isEqualTo("PENDING_PAYMENT");

            backdate(List.of(reservation));
            assertThat(timeOut(List.of(reservation))).isZero();

            assertThat(status(reservation)).isEqualTo("CONFIRMED");
            assertThat(audits("PAID_WECHAT", outTradeNo)).isEqualTo(1);
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * Issue 74: WeChat Pay's notification lost, the student back on the page asks (through the engine) whether it is
     * paid: WeChat Pay is asked at most once per few seconds per order however often the page polls — on every node,
     * through Redis — and its "paid" confirms the booking at once, as its notification would have.
     */
    @Test
    default void backFromPayingThePageAsksWechatPayAtMostOncePerFewSecondsAndItsPaymentConfirms() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = payOrder(ann, reservation);
            JsonNode unpaid = check(ann, reservation);
            assertThat(unpaid.path("wechatPay").asText()).isEqualTo("NOT_PAID");
            assertThat(unpaid.path("askedAt").asText()).isNotBlank();
            assertThat(check(ann, reservation).path("wechatPay").asText())
                    .as("asked a moment ago: not asked again yet")
                    .isEqualTo("ASKED_A_MOMENT_AGO");
            sim().dropNextNotifications(1);
            sim().pay(outTradeNo);
            assertThat(status(reservation)).as("WeChat Pay's word never came").isEqualTo("PENDING_PAYMENT");

            await().atMost(Times.SETTLE)
                    .pollInterval(Duration.ofSeconds(1))
                    .until(() -> check(ann, reservation)
                            .path("reservationStatus")
                            .asText()
                            .equals("CONFIRMED"));
            assertThat(audits("PAID_WECHAT", outTradeNo)).isEqualTo(1);
            assertThat(delivered(outTradeNo, "TRANSACTION.SUCCESS"))
                    .as("its notification never came")
                    .isEmpty();
            assertThat(check(ann, reservation).path("wechatPay").asText()).isEqualTo("NOTHING_TO_ASK");
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * Issue 74: WeChat Pay's notification lost, the student taps "pay" again: WeChat Pay answers the prepay ORDERPAID
     * and the engine settles the payment — the booking confirmed — instead of a 409 dead end. On a computer (another
     * way of paying) the phone's paid order is settled too, never closed, replaced and refunded.
     */
    @Test
    default void payAgainAfterALostNotificationConfirmsTheBookingInsteadOfA409() throws Exception {
        Opening opening = openSlots(2, 1);
        List<Student> students = api().students(2);
        long phone =
                api().book(students.get(0), opening.session(), opening.slots().get(0));
        long computer =
                api().book(students.get(1), opening.session(), opening.slots().get(1));
        live(() -> {
            String first = payOrder(students.get(0), phone);
            String second = payOrder(students.get(1), computer);
            sim().dropNextNotifications(2);
            sim().pay(first);
            sim().pay(second);

            Reply again = TestApi.expect(
                    200, api().post("/pay/wechat/" + phone, students.get(0).token(), Map.of("scene", "H5")));
            assertThat(again.data().path("status").asText()).isEqualTo("SUCCESS");
            assertThat(again.data().path("outTradeNo").asText()).isEqualTo(first);
            assertThat(again.data().path("h5Url").isNull())
                    .as("nothing to open")
                    .isTrue();
            assertThat(status(phone)).isEqualTo("CONFIRMED");

            Reply elsewhere = TestApi.expect(
                    200, api().post("/pay/wechat/" + computer, students.get(1).token(), Map.of("scene", "NATIVE")));
            assertThat(elsewhere.data().path("status").asText()).isEqualTo("SUCCESS");
            assertThat(elsewhere.data().path("outTradeNo").asText()).isEqualTo(second);
            assertThat(status(computer)).isEqualTo("CONFIRMED");
            assertThat(sim().refunds(second))
                    .as("the student's money kept for the booking")
                    .isEmpty();
            assertThat(audits("PAID_WECHAT", first)).isEqualTo(1);
            assertThat(audits("PAID_WECHAT", second)).isEqualTo(1);
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * Issue 74: "payment due soon — or the place goes to others" is not sent to a student WeChat Pay says has paid:
     * asked first, the payment is settled and the booking confirmed instead; a student who has not paid is reminded.
     */
    @Test
    default void thePayDueReminderAsksWechatPayFirstAndSparesAStudentWhoHasPaid() throws Exception {
        Opening opening = openSlots(2, 1);
        List<Student> students = api().students(2);
        long paid =
                api().book(students.get(0), opening.session(), opening.slots().get(0));
        long unpaid =
                api().book(students.get(1), opening.session(), opening.slots().get(1));
        live(() -> {
            String outTradeNo = payOrder(students.get(0), paid);
            payOrder(students.get(1), unpaid);
            sim().dropNextNotifications(1);
            sim().pay(outTradeNo);
            int minutes = bean(AppSettings.class).getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE);
            for (long booking : List.of(paid, unpaid)) {
                bookedAt(booking, now().minusMinutes(minutes - 4)); // both due in 4 minutes
            }

            bean(PaymentReminders.class).remind();

            assertThat(status(paid)).isEqualTo("CONFIRMED");
            assertThat(audits("PAID_WECHAT", outTradeNo)).isEqualTo(1);
            assertThat(payDueNotices(paid))
                    .as("no reminder to the student who has paid")
                    .isZero();
            assertThat(payDueNotices(unpaid)).isEqualTo(1);
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /** {@code POST /pay/reservation/{id}/check}, as the student's page asks it; its data. */
    default JsonNode check(Student student, long reservation) {
        return TestApi.expect(200, api().post("/pay/reservation/" + reservation + "/check", student.token(), null))
                .data();
    }

    default int payDueNotices(long reservation) {
        return jdbc().queryForObject(
                        "select count(*) from notice where kind = 'PAY_DUE' and reservation_id = ?",
                        Integer.class,
                        reservation);
    }
}
