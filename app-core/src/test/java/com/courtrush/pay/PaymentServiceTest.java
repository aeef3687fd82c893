package com.courtrush.pay;

import static com.courtrush.support.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.pay.api.PaidOutcome;
import com.courtrush.pay.api.PaidView;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayScene;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.api.SettingKey;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Pay orders and payment success on fakes (SPEC §7, I6): an order made once and reused while unexpired, under
 * the reservation's lock; every refusal; success confirming the booking once; a payment that arrives after the
 * payment timeout ended the booking refunded at once, never lost.
 */
class PaymentServiceTest extends PayFixture {

    @Test
    void anOrderIsMadeAtTheSlotsPriceAndExpiresWithTheBooking() {
        pending(1, STUDENT);
        slots.price(SLOT, 3500);

        PaymentService.OrderView order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1");

        assertThat(order.status()).isEqualTo(PayOrderStatus.PAYING);
        assertThat(order.amountCents()).isEqualTo(3500);
        assertThat(order.reused()).isFalse();
        // booked a minute ago, to be paid within 15: the order lasts the 14 left, never past the booking
        assertThat(order.expireTime()).isEqualTo(now().plusMinutes(14));
        assertThat(order.secondsToExpire()).isEqualTo(840);
        assertThat(order.gateway()).isEqualTo("WECHAT (simulated)");
        assertThat(gateway.prepaid()).containsExactly(order.outTradeNo());
        assertThat(locks.taken()).isEqualTo(1);
        assertThat(locks.held(1)).as("the lock is let go").isFalse();
    }

    @Test
    void aSlotWithoutAPriceOfItsOwnCostsTheDefaultPrice() {
        pending(1, STUDENT);
        settings.with(SettingKey.DEFAULT_PRICE_CENTS, "1800");

        assertThat(payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                        .amountCents())
                .isEqualTo(1800);
    }

    @Test
    void anUnexpiredOrderIsReusedAnExpiredOneReplacedAndNoneMadeOnceTheBookingIsDue() {
        pending(1, STUDENT);
        String first = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();

        clock.move(Duration.ofMinutes(5));
        PaymentService.OrderView again = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1");
        assertThat(again.reused()).isTrue();
        assertThat(again.outTradeNo()).isEqualTo(first);
        assertThat(again.secondsToExpire()).isEqualTo(540);

        // an order that expired before its booking is due (its slot was moved later since): replaced
        orders.change(first, order -> order.setExpireTime(now().minusSeconds(1)));
        PaymentService.OrderView fresh = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1");
        assertThat(fresh.reused()).isFalse();
        assertThat(fresh.outTradeNo()).isNotEqualTo(first);
        assertThat(fresh.secondsToExpire()).as("what the booking has left").isEqualTo(540);
        assertThat(orders.of(1))
                .extracting(PayOrder::getStatus)
                .containsExactly(PayOrderStatus.FAILED, PayOrderStatus.PAYING);
        // the reused order is asked of the provider again: WeChat Pay's H5 page address lasts five minutes
        assertThat(gateway.prepaid()).containsExactly(first, first, fresh.outTradeNo());

        // the booking's time is over (the timeout job ends it within the minute): no order outlives it
        clock.move(Duration.ofMinutes(10));
        refused(
                () -> payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1"),
                Outcome.FAILED,
                "pay.overdue");
        assertThat(orders.of(1)).hasSize(2);
    }

    @Test
    void aGatewayThatAnswersLateLeavesTheStudentTheTimeActuallyLeft() {
        pending(1, STUDENT);
        gateway.answerPrepayAfter(Duration.ofSeconds(90));

        PaymentService.OrderView order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1");

        assertThat(order.secondsToExpire()).isEqualTo(840 - 90);
    }

    @Test
    void onlyTheOwnerMakesAnOrder() {
        pending(1, STUDENT);

        refused(
                () -> payments.createOrder(1, student(STUDENT + 1), PayScene.H5, "127.0.0.1"),
                Outcome.NOT_FOUND,
                "reservation.notFound");
        refused(
                () -> payments.createOrder(1, staff(), PayScene.H5, "127.0.0.1"),
                Outcome.NOT_FOUND,
                "reservation.notFound");
        refused(
                () -> payments.createOrder(99, student(STUDENT), PayScene.H5, "127.0.0.1"),
                Outcome.NOT_FOUND,
                "reservation.notFound");
        assertThat(orders.of(1)).isEmpty();
    }

    @Test
    void aReservationWhoseLockIsHeldElsewhereIsBusy() {
        pending(1, STUDENT);
        locks.heldElsewhere(1);

        refused(() -> payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1"), Outcome.FAILED, "pay.busy");
        assertThat(orders.of(1)).isEmpty();
    }

    @Test
    void aWaitForTheLockThatIsInterruptedSaysSoAndKeepsTheInterrupt() {
        pending(1, STUDENT);
        locks.interruptNextWait();

        try {
            refused(
                    () -> payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1"),
                    Outcome.FAILED,
                    "pay.interrupted");
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void noOrderForAPaidACancelledOrAStartedBooking() {
        paid(1, STUDENT);
        refused(
                () -> payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1"),
                Outcome.FAILED,
                "pay.alreadyPaid");

        pending(2, STUDENT + 1);
        cancellation.cancelByOwner(2, student(STUDENT + 1));
        refused(
                () -> payments.createOrder(2, student(STUDENT + 1), PayScene.H5, "127.0.0.1"),
                Outcome.FAILED,
                "pay.cancelled");

        pending(3, STUDENT + 2);
        clock.move(Duration.ofHours(8));
        refused(
                () -> payments.createOrder(3, student(STUDENT + 2), PayScene.H5, "127.0.0.1"),
                Outcome.FAILED,
                "pay.slotStarted");
        assertThat(orders.of(3)).isEmpty();
        assertThat(locks.held(3)).isFalse();
    }

    @Test
    void aPaymentConfirmsTheBookingOnceHoweverOftenItIsReported() {
        pending(1, STUDENT);
        String order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();

        PaidView paid = settlement.onPaid(order, "staff:t900");
        PaidView again = settlement.onPaid(order, "staff:t900");

        assertThat(paid.outcome()).isEqualTo(PaidOutcome.CONFIRMED);
        assertThat(paid.payStatus()).isEqualTo(PayOrderStatus.SUCCESS);
        assertThat(again.outcome()).isEqualTo(PaidOutcome.ALREADY_PAID);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(orders.findByOutTradeNo(order).getPaidTime()).isEqualTo(now());
        verify(notices, times(1)).paid(STUDENT, 1, SLOT, order);
        verify(audit, times(1))
                .record(
                        eq("staff:t900"),
                        eq(AuditAction.MARK_PAID),
                        any(AuditTarget.class),
                        eq(order),
                        any(EngineText.class));
    }

    @Test
    void aPaymentAfterThePaymentTimeoutIsRefundedAtOnce() {
        pending(1, STUDENT);
        String order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();
        clock.move(Duration.ofMinutes(16));
        assertThat(cancellation.timeOut(1, now(), 15)).isTrue();
        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.CLOSED);

        PaidView late = settlement.onPaid(order, "staff:t900");

        assertThat(late.outcome()).isEqualTo(PaidOutcome.AUTO_REFUNDED);
        assertThat(late.reservationStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.REFUNDED);
        assertThat(gateway.refunded()).containsExactly(order);
        assertThat(reservations.row(1).getCancelReason()).isEqualTo(CancelReason.TIMEOUT);
        assertThat(places.returned(SLOT))
                .as("the place went back once, with the timeout")
                .isEqualTo(1);
        verify(notices).refunded(STUDENT, 1, SLOT, order + "R1", 2000, null);
        verify(notices, never()).paid(anyLong(), anyLong(), anyLong(), anyString());

        assertThat(settlement.onPaid(order, "staff:t900").outcome()).isEqualTo(PaidOutcome.ALREADY_REFUNDED);
        assertThat(gateway.refunded()).hasSize(1);
    }

    @Test
    void aLatePaymentTheGatewayWillNotRefundIsLeftAsItWas() {
        pending(1, STUDENT);
        String order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();
        cancellation.cancelByOwner(1, student(STUDENT));
        gateway.refuseRefunds();

        assertThatThrownBy(() -> settlement.onPaid(order, "staff:t900")).isInstanceOf(IllegalStateException.class);

        assertThat(orders.findByOutTradeNo(order).getStatus())
                .as("rolled back: not marked refunded while the money is not")
                .isEqualTo(PayOrderStatus.CLOSED);
        assertThat(transactions.rollbacks()).isEqualTo(1);
    }

    @Test
    void anUnknownOrderIsRefused() {
        pending(1, STUDENT);

        refused(() -> settlement.onPaid("nope", "staff:t900"), Outcome.NOT_FOUND, "pay.orderNotFound");
    }

    @Test
    void staffMarkTheOpenOrderPaid() {
        pending(1, STUDENT);
        String order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();

        assertThat(settlement.onPaid(order, "staff:t900").outTradeNo()).isEqualTo(order);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
    }

    @Test
    void theDeskTakesTheMoneyClosingTheOrderOnThePhone() {
        pending(1, STUDENT);
        String phone = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();
        clock.move(Duration.ofHours(8).plusMinutes(10)); // the slot has started: the student is at the desk

        PaidView atDesk = desk.payAtDesk(1, 2000, null, staff());

        assertThat(atDesk.outcome()).isEqualTo(PaidOutcome.CONFIRMED);
        assertThat(orders.findByOutTradeNo(atDesk.outTradeNo()).getChannel()).isEqualTo(PaymentService.DESK_CHANNEL);
        assertThat(orders.findByOutTradeNo(phone).getStatus()).isEqualTo(PayOrderStatus.CLOSED);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);

        assertThat(settlement.onPaid(phone, "staff:t900").outcome())
                .as("the phone's payment arriving too is given back")
                .isEqualTo(PaidOutcome.AUTO_REFUNDED);
    }

    @Test
    void theDeskTakesNoMoneyOnceTheSlotHasEnded() {
        pending(1, STUDENT);
        clock.move(Duration.ofHours(9));

        refused(() -> desk.payAtDesk(1, 2000, null, staff()), Outcome.FAILED, "pay.slotEnded");
        assertThat(orders.of(1)).isEmpty();
    }

    @Test
    void theStateSaysTheLatestOrderOrThePriceToPay() {
        pending(1, STUDENT);
        assertThat(payments.state(1, student(STUDENT)).amountCents()).isEqualTo(2000);
        assertThat(payments.state(1, student(STUDENT)).payStatus()).isNull();

        String order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();
        PaymentService.PaymentState state = payments.state(1, student(STUDENT));

        assertThat(state.outTradeNo()).isEqualTo(order);
        assertThat(state.payStatus()).isEqualTo(PayOrderStatus.PAYING);
        assertThat(state.simulated()).isTrue();
    }
}
