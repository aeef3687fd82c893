package com.courtrush.pay;

import com.courtrush.core.CourtRushException;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.setting.AppSettings;
import com.courtrush.slot.TimeSlot;
import java.time.Clock;
import java.time.LocalDateTime;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * What making a pay order takes, online ({@link PaymentService}) or at the desk ({@link DeskPayments}): the booking
 * still unpaid, its price, a number of its own and its row.
 */
@Component
class NewPayOrders {

    private final PayOrderMapper orders;
    private final AppSettings settings;
    private final Clock clock;

    NewPayOrders(PayOrderMapper orders, AppSettings settings, Clock clock) {
        this.orders = orders;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * What a booking costs: the price it was granted at (SPEC §21); a booking an older engine recorded without one,
     * its slot's own price now, or the default.
     */
    int priceOf(Reservation reservation, TimeSlot slot) {
        if (reservation.getPriceCents() != null) {
            return reservation.getPriceCents();
        }
        return settings.priceCents(slot == null ? null : slot.getPriceCents());
    }

    static PayOrder newOrder(Reservation reservation, String channel, int amountCents, LocalDateTime now) {
        PayOrder order = new PayOrder();
        order.setReservationId(reservation.getId());
        order.setChannel(channel);
        order.setAmountCents(amountCents);
        order.setOutTradeNo(OutTradeNumbers.next(reservation.getUserId(), now));
        return order;
    }

    /** Inserts the order under a fresh order number if its own was taken a moment ago (the number has a random part). */
    PayOrder insert(PayOrder order, Reservation reservation) {
        LocalDateTime now = LocalDateTime.now(clock);
        for (int attempt = 1; ; attempt++) {
            if (attempt > 1) {
                order.setOutTradeNo(OutTradeNumbers.next(reservation.getUserId(), now));
            }
            try {
                orders.insert(order);
                return order;
            } catch (DuplicateKeyException e) {
                if (order.getStatus() == PayOrderStatus.PAYING && orders.findPaying(reservation.getId()) != null
                        || attempt == 3) {
                    throw CourtRushException.conflict("pay.busy");
                }
            }
        }
    }

    /** Refuses a booking that is paid or over. */
    static void requireUnpaid(Reservation reservation) {
        switch (reservation.getStatus()) {
            case PENDING_PAYMENT -> {}
            case CONFIRMED -> throw CourtRushException.conflict("pay.alreadyPaid", reservation.getId());
            default ->
                throw CourtRushException.conflict("pay.cancelled", reservation.getId(), reservation.getCancelReason());
        }
    }
}
