package com.courtrush.reserve.lifecycle;

import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;

/**
 * Called inside the transaction that ends a reservation, after its status changed. Lets other
 * features (payments) close what belongs to the reservation in the same transaction.
 */
public interface ReservationEndHook {

    /** @param note why it ended, as the reservation keeps it (staff's reason); may be null */
    void onEnded(Reservation reservation, CancelReason reason, String note);
}
