package com.courtrush.reserve.desk;

import com.courtrush.account.api.Caller;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.api.ReconcilerReport;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationView;
import com.courtrush.reserve.lifecycle.ReservationCancellation;
import com.courtrush.reserve.lifecycle.ReservationQueries;
import com.courtrush.reserve.recover.DeadLetterActions;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.venue.DeskVenues;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with reservations and the grants behind them: find reservations, cancel
 * one, run the reconciler now, replay or compensate a dead letter.
 */
@Component
public class ReservationDesk {

    private final ReservationQueries queries;
    private final ReservationCancellation cancellation;
    private final Reconciler reconciler;
    private final DeadLetterActions deadLetters;
    private final DeskVenues desks;

    public ReservationDesk(
            ReservationQueries queries,
            ReservationCancellation cancellation,
            Reconciler reconciler,
            DeadLetterActions deadLetters,
            DeskVenues desks) {
        this.desks = desks;
        this.queries = queries;
        this.cancellation = cancellation;
        this.reconciler = reconciler;
        this.deadLetters = deadLetters;
    }

    /** See {@link ReservationQueries#find}: the reservations of the venues whose desk the staff member works. */
    public ReservationPage find(ReservationFilter filter, int page, int size, Caller staff) {
        return queries.find(filter, desks.scope(staff), page, size);
    }

    /** Staff cancel an unpaid reservation, with a reason. A paid one must be refunded instead. */
    public ReservationView cancelByStaff(long reservationId, String reason, Caller staff) {
        return cancellation.cancelByStaff(reservationId, reason, staff).view();
    }

    /**
     * One pass: settles every in-flight grant the database already has (safe at any time: what a
     * consumer recorded while Redis could not be told is read SUCCESS again within one interval),
     * then compensates every in-flight grant older than the horizon — unless consumers (of any node)
     * met an outage within the horizon: they are still recording what the broker kept. Audited as the caller's.
     */
    public ReconcilerReport reconcile(Caller caller) {
        return reconciler.reconcileFor(caller.actor());
    }

    /**
     * Publishes the message again, so the student gets the place after all — only while the trace is
     * neither recorded nor compensated.
     */
    public DeadLetterSettlement replay(String traceId, Caller caller) {
        return deadLetters.replay(traceId, caller.actor());
    }

    /** Compensates now (idempotent): the place goes back unless the database already has the trace. */
    public DeadLetterSettlement compensate(String traceId, Caller caller) {
        return deadLetters.compensate(traceId, caller.actor());
    }
}
