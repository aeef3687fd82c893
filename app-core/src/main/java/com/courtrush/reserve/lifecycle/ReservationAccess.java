package com.courtrush.reserve.lifecycle;

import com.courtrush.account.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import org.springframework.stereotype.Component;

/** Finds a reservation for a caller: its owner or staff; to anyone else it does not exist. */
@Component
public class ReservationAccess {

    private final ReservationMapper reservations;

    ReservationAccess(ReservationMapper reservations) {
        this.reservations = reservations;
    }

    public Reservation visibleTo(long reservationId, Caller caller) {
        Reservation reservation = reservations.selectById(reservationId);
        if (reservation == null
                || reservation.compensated()
                || (!caller.isStaff() && !reservation.getUserId().equals(caller.userId()))) {
            throw CourtRushException.notFound("reservation.notFound", reservationId);
        }
        return reservation;
    }
}
