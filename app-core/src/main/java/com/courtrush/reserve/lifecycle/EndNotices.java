package com.courtrush.reserve.lifecycle;

import com.courtrush.notice.Notices;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import org.springframework.stereotype.Component;

/**
 * Tells the student, in the transaction that ends their booking, when someone else ended it: staff (with
 * their reason), the payment timeout or the no-show sweep. Their own cancel needs no notice; a refund's is
 * posted where the amount is known, and a block where the strike makes it.
 */
@Component
class EndNotices implements ReservationEndHook {

    private final Notices notices;

    EndNotices(Notices notices) {
        this.notices = notices;
    }

    @Override
    public void onEnded(Reservation reservation, CancelReason reason, String note) {
        switch (reason) {
            case STAFF ->
                notices.cancelledByStaff(reservation.getUserId(), reservation.getId(), reservation.getSlotId(), note);
            case TIMEOUT -> notices.timedOut(reservation.getUserId(), reservation.getId(), reservation.getSlotId());
            case NO_SHOW -> notices.noShow(reservation.getUserId(), reservation.getId(), reservation.getSlotId());
            default -> {}
        }
    }
}
