package com.courtrush.pay;

import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.lifecycle.ReservationEndHook;
import org.springframework.stereotype.Component;

/**
 * When a reservation ends, its PAYING order ends in the same transaction: CLOSED when no WeChat Pay has it (the
 * simulated gateway), else CLOSING — and closed at WeChat Pay once that transaction has committed, so nobody can pay
 * for a booking that is gone; CLOSED only when WeChat Pay says so ({@link ClosingOrders}, which asks again while it
 * does not answer; a payment that slips in before is refunded).
 */
@Component
class PayOrderCloser implements ReservationEndHook {

    private final ClosingOrders closing;

    PayOrderCloser(ClosingOrders closing) {
        this.closing = closing;
    }

    @Override
    public void onEnded(Reservation reservation, CancelReason reason, String note) {
        closing.endPaying(reservation.getId());
    }
}
