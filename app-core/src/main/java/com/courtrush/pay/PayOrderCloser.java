package com.courtrush.pay;

import com.courtrush.infra.config.AfterTransaction;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.lifecycle.ReservationEndHook;
import java.time.Clock;
import java.time.LocalDateTime;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * When a reservation ends, its PAYING order is CLOSED in the same transaction — and, made at the live WeChat Pay,
 * closed there too once that transaction has committed, so nobody can pay for a booking that is gone (a payment
 * that slips in before is refunded when reported).
 */
@Component
class PayOrderCloser implements ReservationEndHook {

    private final PayOrderMapper orders;
    private final PaymentService payments;
    private final Clock clock;

    PayOrderCloser(PayOrderMapper orders, PaymentService payments, Clock clock) {
        this.orders = orders;
        this.payments = payments;
        this.clock = clock;
    }

    @Override
    public void onEnded(Reservation reservation, CancelReason reason, String note) {
        PayOrder paying = orders.findPaying(reservation.getId());
        if (paying == null) {
            return;
        }
        orders.closePaying(reservation.getId(), LocalDateTime.now(clock));
        if (paying.live() && TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    AfterTransaction.run(() -> payments.closeAtProvider(paying));
                }
            });
        }
    }
}
