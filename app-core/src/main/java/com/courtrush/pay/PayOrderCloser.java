package com.courtrush.pay;

import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.lifecycle.ReservationEndHook;
import java.time.Clock;
import java.time.LocalDateTime;
import org.springframework.stereotype.Component;

/** When a reservation ends, its PAYING order is CLOSED in the same transaction. */
@Component
class PayOrderCloser implements ReservationEndHook {

    private final PayOrderMapper orders;
    private final Clock clock;

    PayOrderCloser(PayOrderMapper orders, Clock clock) {
        this.orders = orders;
        this.clock = clock;
    }

    @Override
    public void onEnded(Reservation reservation, CancelReason reason, String note) {
        orders.closePaying(reservation.getId(), LocalDateTime.now(clock));
    }
}
