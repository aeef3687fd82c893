package com.courtrush.reserve.lifecycle;

import com.courtrush.notice.Notices;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import org.springframework.stereotype.Component;

/**
 * Tells the student, in the transaction that ends their booking, when someone else ended it: staff (with
 * their reason), the payment timeout or the no-show sweep. Their own cancel needs no notice; a refund's is
 * posted where the amount is known, and a block where the strike makes it.
 */
@Component
class EndNotices implements ReservationEndHook {

    private final Notices notices;
    private final AppSettings settings;

    EndNotices(Notices notices, AppSettings settings) {
        this.notices = notices;
        this.settings = settings;
    }

    @Override
    public void onEnded(Reservation reservation, CancelReason reason, String note) {
        switch (reason) {
            case STAFF ->
                notices.cancelledByStaff(reservation.getUserId(), reservation.getId(), reservation.getSlotId(), note);
            case TIMEOUT -> notices.timedOut(reservation.getUserId(), reservation.getId(), reservation.getSlotId());
            // the no-show sweep refunds it in this transaction when the setting says so: the notice says which
            case NO_SHOW ->
                notices.noShow(
                        reservation.getUserId(),
                        reservation.getId(),
                        reservation.getSlotId(),
                        settings.getInt(SettingKey.NO_SHOW_REFUND, 0) == 1);
            default -> {}
        }
    }
}
