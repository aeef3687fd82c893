package com.courtrush.pay;

import com.courtrush.pay.api.RefundStatus;
import com.courtrush.reserve.lifecycle.BookingMoney;
import com.courtrush.reserve.lifecycle.MoneyOfBookings;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * What "my bookings" says of each booking's money (issue 74): what its orders took, and what went back by where it is
 * — with the student (SUCCESS), on its way (REFUNDING), not come (ABNORMAL, CLOSED) — and what is left to refund. A
 * refund is "refunded" only once it is back: what an order counts as given back ({@code refunded_cents}) includes
 * what is still on its way or failed.
 */
@Component
class BookingsMoney implements MoneyOfBookings {

    private final PayOrderMapper orders;
    private final PayRefundMapper refunds;

    BookingsMoney(PayOrderMapper orders, PayRefundMapper refunds) {
        this.orders = orders;
        this.refunds = refunds;
    }

    @Override
    public Map<Long, BookingMoney> of(Collection<Long> reservationIds) {
        if (reservationIds.isEmpty()) {
            return Map.of();
        }
        List<PayOrder> paid = orders.paidOf(reservationIds);
        if (paid.isEmpty()) {
            return Map.of();
        }
        Map<Long, int[]> back = new HashMap<>(); // reservation → {on its way, not come}
        for (PayRefund refund : refunds.ofReservations(reservationIds)) {
            int[] sums = back.computeIfAbsent(refund.getReservationId(), id -> new int[2]);
            if (refund.getStatus() == RefundStatus.REFUNDING) {
                sums[0] += refund.getAmountCents();
            } else if (refund.getStatus() != RefundStatus.SUCCESS) {
                sums[1] += refund.getAmountCents();
            }
        }
        Map<Long, int[]> took = new HashMap<>(); // reservation → {paid, given back in all}
        for (PayOrder order : paid) {
            int[] sums = took.computeIfAbsent(order.getReservationId(), id -> new int[2]);
            sums[0] += order.getAmountCents();
            sums[1] += order.getAmountCents() - order.refundable();
        }
        Map<Long, BookingMoney> money = new HashMap<>();
        took.forEach((reservationId, sums) -> {
            int[] notBack = back.getOrDefault(reservationId, new int[2]);
            money.put(
                    reservationId,
                    new BookingMoney(
                            sums[0],
                            sums[1] - notBack[0] - notBack[1], // an order refunded before refunds had rows: back
                            notBack[0],
                            notBack[1],
                            sums[0] - sums[1]));
        });
        return money;
    }
}
