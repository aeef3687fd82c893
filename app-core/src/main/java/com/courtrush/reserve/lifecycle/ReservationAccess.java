package com.courtrush.reserve.lifecycle;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.venue.DeskVenues;
import com.courtrush.venue.api.DeskScope;
import org.springframework.stereotype.Component;

/**
 * Finds a reservation for a caller, the one place that decides whose it is: staff (of its venue's desk) and its owner
 * see it, only its owner acts on it as a student does (cancel, pay, show the check-in code); to anyone else it does not
 * exist.
 */
@Component
public class ReservationAccess {

    private final ReservationMapper reservations;
    private final DeskVenues desks;

    ReservationAccess(ReservationMapper reservations, DeskVenues desks) {
        this.reservations = reservations;
        this.desks = desks;
    }

    /**
     * The reservation, for its owner or staff — a desk worker of some venues only if it is one of theirs (SPEC §21): to
     * anyone else it does not exist.
     */
    public Reservation visibleTo(long reservationId, Caller caller) {
        Reservation reservation = reservations.selectById(reservationId);
        if (reservation == null || reservation.compensated() || !caller.maySee(reservation.getUserId())) {
            throw CourtRushException.notFound("reservation.notFound", reservationId);
        }
        if (caller.isStaff() && !caller.owns(reservation.getUserId())) {
            DeskScope scope = desks.scope(caller);
            if (!scope.all() && !scope.covers(reservations.venueOf(reservationId))) {
                throw CourtRushException.notFound("reservation.notFound", reservationId);
            }
        }
        return reservation;
    }

    /** A reservation its owner acts on; to anyone else, staff included, it does not exist. */
    public Reservation ownedBy(long reservationId, Caller caller) {
        Reservation reservation = visibleTo(reservationId, caller);
        if (!caller.owns(reservation.getUserId())) {
            throw CourtRushException.notFound("reservation.notFound", reservationId);
        }
        return reservation;
    }
}
