package com.courtrush.pay;

import static com.courtrush.support.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import com.courtrush.core.Outcome;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayScene;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.lifecycle.Lifecycles;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A payment whose WeChat Pay notification was lost (issue 74), on fakes: WeChat Pay is asked when the student comes
 * back from paying — at most once per few seconds per order, however often the page polls —, on its ORDERPAID answer
 * to a second "pay", and before a "payment due" reminder; what it says is paid is settled (confirmed), never left
 * to the timeout nor refunded.
 */
class AskWechatPayTest extends PayFixture {

    static final String MERCHANT = "1900000109";

    final AskWechatPay wechatPay = new AskWechatPay(
            Lifecycles.access(reservations), reservations, orders, settlement, new FakeAskTurns(clock), clock);

    @BeforeEach
    void live() {
        gateway.live(MERCHANT);
    }

    /** A student's live order of booking {@code id}, paid at WeChat Pay, whose notification never came. */
    String paidWithoutWord(long id) {
        pending(id, STUDENT);
        String order = payments.createOrder(id, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();
        gateway.paidThere(order);
        return order;
    }

    @Test
    void backFromPayingWechatPayIsAskedAndItsPaymentConfirmsTheBooking() {
        String order = paidWithoutWord(1);

        AskWechatPay.Checked checked = wechatPay.check(1, student(STUDENT));

        assertThat(checked.wechatPay()).isEqualTo(AskWechatPay.Said.PAID);
        assertThat(checked.askedAt()).isEqualTo(now());
        assertThat(checked.reservationStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(checked.payStatus()).isEqualTo(PayOrderStatus.SUCCESS);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(orders.findByOutTradeNo(order).getTransactionId()).isEqualTo("tx-" + order);
        verify(notices).paid(STUDENT, 1, SLOT, order);
        assertThat(wechatPay.check(1, student(STUDENT)).wechatPay())
                .as("confirmed: nothing more to ask")
                .isEqualTo(AskWechatPay.Said.NOTHING_TO_ASK);
        assertThat(gateway.queried()).containsExactly(order);
    }

    @Test
    void aPagePollingEveryFewSecondsAsksWechatPayAtMostOncePerTurn() {
        pending(1, STUDENT);
        String order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();

        assertThat(wechatPay.check(1, student(STUDENT)).wechatPay()).isEqualTo(AskWechatPay.Said.NOT_PAID);
        clock.move(AskWechatPay.EVERY.minusMillis(1));
        AskWechatPay.Checked soon = wechatPay.check(1, student(STUDENT));
        assertThat(soon.wechatPay()).isEqualTo(AskWechatPay.Said.ASKED_A_MOMENT_AGO);
        assertThat(soon.askedAt()).isNull();
        assertThat(soon.reservationStatus()).isEqualTo(ReservationStatus.PENDING_PAYMENT);
        assertThat(gateway.queried()).as("asked once").containsExactly(order);

        gateway.paidThere(order);
        clock.move(Duration.ofMillis(1));
        assertThat(wechatPay.check(1, student(STUDENT)).wechatPay()).isEqualTo(AskWechatPay.Said.PAID);
        assertThat(gateway.queried()).containsExactly(order, order);
    }

    @Test
    void wechatPayNotAnsweringIsSaidAndNothingChanges() {
        paidWithoutWord(1);
        gateway.unreachable(true);

        AskWechatPay.Checked checked = wechatPay.check(1, student(STUDENT));

        assertThat(checked.wechatPay()).isEqualTo(AskWechatPay.Said.UNREACHABLE);
        assertThat(checked.reservationStatus()).isEqualTo(ReservationStatus.PENDING_PAYMENT);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.PENDING_PAYMENT);
    }

    @Test
    void nothingIsAskedOfABookingWithoutALiveOrderNorOfAnotherStudentsBooking() {
        pending(1, STUDENT);
        assertThat(wechatPay.check(1, student(STUDENT)).wechatPay())
                .as("no order yet")
                .isEqualTo(AskWechatPay.Said.NOTHING_TO_ASK);
        gateway.live(null);
        payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1");
        assertThat(wechatPay.check(1, student(STUDENT)).wechatPay())
                .as("simulated: staff report its payment")
                .isEqualTo(AskWechatPay.Said.NOTHING_TO_ASK);
        assertThat(gateway.queried()).isEmpty();

        refused(() -> wechatPay.check(1, student(STUDENT + 1)), Outcome.NOT_FOUND, "reservation.notFound");
    }

    @Test
    void payAgainForAnOrderWechatPaySaysIsPaidSettlesItInsteadOfRefusing() {
        String order = paidWithoutWord(1);

        PaymentService.OrderView again = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1");

        assertThat(again.status()).as("ORDERPAID: settled, not a 409").isEqualTo(PayOrderStatus.SUCCESS);
        assertThat(again.outTradeNo()).isEqualTo(order);
        assertThat(again.h5Url()).as("nothing to open").isNull();
        assertThat(again.codeUrl()).isNull();
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(orders.of(1)).extracting(PayOrder::getStatus).containsExactly(PayOrderStatus.SUCCESS);
        assertThat(gateway.refunded()).isEmpty();
    }

    @Test
    void anOrderPaidOnThePhoneAndAskedForOnAComputerIsSettledNotReplacedAndRefunded() {
        String order = paidWithoutWord(1);

        PaymentService.OrderView computer = payments.createOrder(1, student(STUDENT), PayScene.NATIVE, "127.0.0.1");

        assertThat(computer.status()).isEqualTo(PayOrderStatus.SUCCESS);
        assertThat(computer.outTradeNo()).isEqualTo(order);
        assertThat(orders.of(1)).as("no second order").hasSize(1);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(gateway.refunded())
                .as("the student's money kept for the booking")
                .isEmpty();
        assertThat(places.returned(SLOT)).isZero();
    }

    @Test
    void theReminderAsksWechatPayFirstAndAStudentWhoPaidIsSettledNotReminded() {
        String order = paidWithoutWord(1);
        pending(2, STUDENT + 1);
        payments.createOrder(2, student(STUDENT + 1), PayScene.H5, "127.0.0.1");
        pending(3, STUDENT + 2);

        assertThat(wechatPay.stillUnpaid(1)).as("paid at WeChat Pay").isFalse();
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(wechatPay.stillUnpaid(2)).as("not paid there").isTrue();
        assertThat(wechatPay.stillUnpaid(3)).as("no order: nothing to ask").isTrue();
        gateway.unreachable(true);
        assertThat(wechatPay.stillUnpaid(2))
                .as("WeChat Pay not answering: its deadline is real")
                .isTrue();
        verify(notices).paid(STUDENT, 1, SLOT, order);
        verify(notices, never()).paid(anyLong(), eq(2L), anyLong(), anyString());
    }
}
