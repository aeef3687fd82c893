package com.courtrush.court.desk;

import com.courtrush.account.api.Caller;
import com.courtrush.court.Court;
import com.courtrush.court.CourtService;
import com.courtrush.court.api.CourtView;
import com.courtrush.venue.DeskVenues;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * What the staff console and the API do with courts: list, create, rename, take out of or back into service; each
 * change audited in the name of the {@link Caller} who made it.
 */
@Component
public class CourtDesk {

    private final CourtService courts;
    private final DeskVenues desks;

    public CourtDesk(CourtService courts, DeskVenues desks) {
        this.courts = courts;
        this.desks = desks;
    }

    /** See {@link CourtService#list}. */
    public List<CourtView> list() {
        return courts.list().stream().map(Court::view).toList();
    }

    /** The courts of the caller's desk (SPEC §21): every court for a manager, a desk worker's venues' only. */
    public List<CourtView> list(Caller caller) {
        return desks.scope(caller).within(list(), CourtView::venueId);
    }

    /** See {@link CourtService#get}. */
    public CourtView get(long id) {
        return courts.get(id).view();
    }

    /** See {@link CourtService#create(String, long, String, String)}. */
    public CourtView create(String name, long venueId, String sport, Caller caller) {
        desks.requireVenue(caller, venueId); // a desk worker's own venues' courts only (SPEC §21)
        return courts.create(name, venueId, sport, caller.actor()).view();
    }

    /** See {@link CourtService#move}. */
    public CourtView move(long id, Long venueId, String sport, Caller caller) {
        desks.requireCourt(caller, id);
        if (venueId != null) {
            desks.requireVenue(caller, venueId);
        }
        return courts.move(id, venueId, sport, caller.actor()).view();
    }

    /** See {@link CourtService#rename}. */
    public CourtView rename(long id, String name, Caller caller) {
        desks.requireCourt(caller, id);
        return courts.rename(id, name, caller.actor()).view();
    }

    /** See {@link CourtService#setActive}. */
    public CourtView setActive(long id, boolean active, Caller caller) {
        desks.requireCourt(caller, id);
        return courts.setActive(id, active, caller.actor()).view();
    }
}
