package com.courtrush.opening.desk;

import com.courtrush.account.api.Caller;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.api.WarmupReport;
import com.courtrush.venue.DeskVenues;
import java.time.LocalDate;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with openings: list a play date's, create one, warm up, open now,
 * close, re-sync — a desk worker those of their venues only (SPEC §21).
 */
@Component
public class OpeningDesk {

    private final OpeningService openings;
    private final DeskVenues desks;

    public OpeningDesk(OpeningService openings, DeskVenues desks) {
        this.openings = openings;
        this.desks = desks;
    }

    /** See {@link OpeningService#listByDate}. */
    public List<OpeningView> listByDate(LocalDate date) {
        return openings.listByDate(date).stream().map(ReserveSession::view).toList();
    }

    /** A play date's openings of the caller's desk (SPEC §21): every venue's for a manager. */
    public List<OpeningView> listByDate(LocalDate date, Caller caller) {
        return desks.scope(caller).within(listByDate(date), OpeningView::venueId);
    }

    /** See {@link OpeningService#get}. */
    public OpeningView get(long id) {
        return openings.get(id).view();
    }

    /** Creates an opening; one whose warm-up time has come is warmed up at once. */
    public OpeningView create(NewOpening request, Caller caller) {
        desks.requireVenue(caller, request.venueId()); // a desk worker's own venues' openings only (SPEC §21)
        return openings.create(request, caller.actor()).view();
    }

    /** Warm-up now (staff) or at flash time − lead (the clock). Idempotent; also a re-sync. */
    public WarmupReport warmUp(long id, Caller caller) {
        desks.requireOpening(caller, id);
        return openings.warmUp(id, caller.actor());
    }

    /** Opens the gate now, warming up first if needed. */
    public OpeningView openNow(long id, Caller caller) {
        desks.requireOpening(caller, id);
        return openings.openNow(id, caller.actor()).view();
    }

    /** See {@link OpeningService#close}. */
    public OpeningView close(long id, Caller caller) {
        desks.requireOpening(caller, id);
        return openings.close(id, caller.actor()).view();
    }

    /** Recomputes the opening's Redis state from the database, without changing its life state. */
    public WarmupReport resync(long id, Caller caller) {
        desks.requireOpening(caller, id);
        return openings.resync(id, caller.actor());
    }
}
