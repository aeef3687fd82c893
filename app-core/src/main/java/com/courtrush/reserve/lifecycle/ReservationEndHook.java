package com.courtrush.reserve.lifecycle;

import com.courtrush.reserve.record.CancelReason;
import com.courtrush.reserve.record.Reservation;

/**
 * Called inside the transaction that ends a reservation, after its status changed. Lets other
 * features (payments) close what belongs to the reservation in the same transaction.
 */
public interface ReservationEndHook {

    void onEnded(Reservation reservation, CancelReason reason);
}
