package com.courtrush.pay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import com.courtrush.pay.api.PaidOutcome;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayScene;
import com.courtrush.reserve.api.ReservationStatus;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A live order whose booking ended is CLOSING until WeChat Pay closes it (issue 74): WeChat Pay out of reach does not
 * hold the booking nor its place, and does not make the order CLOSED; asked again, a close ends it CLOSED, a payment
 * found meanwhile is refunded and staff are told.
 */
class ClosingOrdersTest extends PayFixture {

    private static final String MCHID = "1900000109";

    private final AskBeforeTimeout ask = new AskBeforeTimeout(orders, settlement, PaymentGateways.only(gateway), clock);

    ClosingOrdersTest() {
        gateway.live(MCHID);
    }

    /** A live order of an unpaid booking, its payment time and WeChat Pay's patience both over. */
    private String overdue() {
        pending(1, STUDENT);
        String order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();
        clock.move(Duration.ofMinutes(15).plus(AskBeforeTimeout.PATIENCE).plusMinutes(1));
        return order;
    }

    private boolean timesOut() {
        return ask.mayTimeOut(1) && cancellation.timeOut(1, now(), 15);
    }

    @Test
    void aBookingWhoseOrderCannotBeClosedEndsAndItsOrderIsClosingUntilWechatPayClosesIt() {
        String order = overdue();
        gateway.unreachable(true);

        assertThat(timesOut()).isTrue();

        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(places.returned(SLOT)).as("its place back on sale").isEqualTo(1);
        assertThat(orders.findByOutTradeNo(order).getStatus())
                .as("not CLOSED: WeChat Pay never said so")
                .isEqualTo(PayOrderStatus.CLOSING);
        assertThat(closing.followUp()).isZero();
        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.CLOSING);

        gateway.unreachable(false);
        assertThat(closing.followUp()).isEqualTo(1);

        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.CLOSED);
        assertThat(closing.followUp()).as("nothing left closing").isZero();
        verify(alerts, never()).paidAfterEnd(anyString(), anyLong(), anyInt());
    }

    @Test
    void aPaymentFoundWhenWechatPayAnswersAgainIsRefundedAndStaffAreTold() {
        String order = overdue();
        gateway.unreachable(true);
        assertThat(timesOut()).isTrue();
        gateway.paidThere(order); // the student paid at WeChat Pay meanwhile; its notification was lost

        gateway.unreachable(false);
        assertThat(closing.followUp()).isEqualTo(1);

        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.REFUNDED);
        assertThat(gateway.refunded()).containsExactly(order);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CANCELLED);
        verify(alerts).paidAfterEnd(order, 1, 2000);
    }

    @Test
    void aLateNotificationOfAClosingOrderIsRefundedAndStaffAreTold() {
        String order = overdue();
        gateway.unreachable(true);
        assertThat(timesOut()).isTrue();
        gateway.paidThere(order);
        gateway.unreachable(false);

        assertThat(settlement
                        .onProviderPaid(order, gateway.query(orders.findByOutTradeNo(order)), "wechatpay:notify")
                        .outcome())
                .isEqualTo(PaidOutcome.AUTO_REFUNDED);

        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.REFUNDED);
        verify(alerts).paidAfterEnd(order, 1, 2000);
        assertThat(closing.followUp()).as("refunded: nothing left to close").isZero();
    }

    @Test
    void anOrderClosedAtOnceIsClosedWithItsBooking() {
        pending(1, STUDENT);
        String order = payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();

        cancellation.cancelByOwner(1, student(STUDENT));

        assertThat(gateway.closeAsked()).containsExactly(order);
        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.CLOSED);
    }
}
