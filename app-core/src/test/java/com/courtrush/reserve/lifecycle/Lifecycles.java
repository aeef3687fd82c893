package com.courtrush.reserve.lifecycle;

import com.courtrush.audit.AuditTrail;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.recover.PlaceReturns;
import com.courtrush.setting.AppSettings;
import com.courtrush.slot.TimeSlotMapper;
import com.courtrush.venue.DeskVenues;
import com.courtrush.venue.api.DeskScope;
import java.time.Clock;
import java.util.List;
import org.mockito.Mockito;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The lifecycle's beans built by hand for other features' unit tests (their constructors are the package's), on
 * whatever fakes those tests hand them.
 */
public final class Lifecycles {

    private Lifecycles() {}

    public static ReservationAccess access(ReservationMapper reservations) {
        return new ReservationAccess(reservations, everyVenue());
    }

    /** Desks that work every venue: an installation's staff of no venue in particular. */
    public static DeskVenues everyVenue() {
        DeskVenues desks = Mockito.mock(DeskVenues.class);
        Mockito.when(desks.scope(Mockito.any())).thenReturn(DeskScope.ALL);
        Mockito.when(desks.scope(Mockito.any(), Mockito.any())).thenReturn(DeskScope.ALL);
        return desks;
    }

    public static ReservationDeadlines deadlines(AppSettings settings) {
        return new ReservationDeadlines(settings);
    }

    public static ReservationEnder ender(
            ReservationMapper reservations,
            TimeSlotMapper slots,
            PlaceReturns places,
            List<ReservationEndHook> hooks,
            Clock clock) {
        return new ReservationEnder(reservations, slots, places, hooks, clock);
    }

    public static ReservationCancellation cancellation(
            ReservationMapper reservations,
            ReservationEnder ender,
            TransactionTemplate transactions,
            AuditTrail audit) {
        return new ReservationCancellation(reservations, access(reservations), ender, transactions, audit);
    }
}
