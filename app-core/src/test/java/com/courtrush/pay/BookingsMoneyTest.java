package com.courtrush.pay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import com.courtrush.pay.api.RefundStatus;
import com.courtrush.reserve.lifecycle.BookingMoney;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.scheduling.TaskScheduler;

/**
 * What "my bookings" says of each booking's money (issue 74): ¥5 of ¥20 given back is ¥5 refunded and ¥15 left, not
 * ¥20; money on its way is not yet refunded, money that never came is not refunded at all; what is left to refund
 * counts neither again.
 */
class BookingsMoneyTest extends PayFixture {

    final BookingsMoney money = new BookingsMoney(orders, refundRows);

    @Test
    void aPartBackIsRefundedAndTheRestIsWhatIsLeft() {
        paid(1, STUDENT);
        refunds.refundPart(1, 500, "lights out", staff());

        assertThat(money.of(List.of(1L))).containsEntry(1L, new BookingMoney(2000, 500, 0, 0, 1500));
    }

    @Test
    void moneyOnItsWayIsNotRefundedUntilItArrivesAndMoneyThatNeverCameNever() {
        paid(1, STUDENT);
        refunds.refundPart(1, 500, "lights out", staff());
        gateway.payRefundsBackLater(RefundStatus.ABNORMAL);
        refunds.refundPart(1, 300, "heating off", staff());

        assertThat(money.of(List.of(1L)).get(1L)).isEqualTo(new BookingMoney(2000, 500, 300, 0, 1200));

        new RefundFollowUp(
                        refundRows,
                        orders,
                        PaymentGateways.only(gateway),
                        giving,
                        mock(TaskScheduler.class),
                        null,
                        clock)
                .followUp();

        assertThat(money.of(List.of(1L)).get(1L))
                .as("the gym gives the ¥3 back by hand: not offered again")
                .isEqualTo(new BookingMoney(2000, 500, 0, 300, 1200));
    }

    @Test
    void aWholeRefundLeavesNothingAndAnUnpaidBookingHasNoMoneyToTell() {
        paid(1, STUDENT);
        refunds.refundOwn(1, student(STUDENT), null);
        pending(2, STUDENT + 1);

        assertThat(money.of(List.of(1L, 2L)))
                .containsOnlyKeys(1L)
                .containsEntry(1L, new BookingMoney(2000, 2000, 0, 0, 0));
        assertThat(money.of(List.of())).isEmpty();
    }
}
