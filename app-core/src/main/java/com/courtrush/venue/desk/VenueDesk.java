package com.courtrush.venue.desk;

import com.courtrush.account.ManagerOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.venue.DeskVenues;
import com.courtrush.venue.Prices;
import com.courtrush.venue.Venues;
import com.courtrush.venue.api.DeskScope;
import com.courtrush.venue.api.SportForm;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueForm;
import com.courtrush.venue.api.VenuePrices;
import com.courtrush.venue.api.VenueView;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * What the staff console and the API do with venues and sports (SPEC §21): anyone of the staff lists them; managers
 * make and change them, each change audited in their name.
 */
@Component
public class VenueDesk {

    private final Venues venues;
    private final Prices prices;
    private final DeskVenues desks;

    public VenueDesk(Venues venues, Prices prices, DeskVenues desks) {
        this.venues = venues;
        this.prices = prices;
        this.desks = desks;
    }

    /** See {@link Venues#list}. */
    public List<VenueView> list() {
        return venues.list();
    }

    /** See {@link Venues#open}. */
    public List<VenueView> open() {
        return venues.open();
    }

    /** See {@link Venues#create}. */
    @ManagerOnly
    public VenueView create(Caller manager, VenueForm form) {
        return venues.create(form, manager);
    }

    /** See {@link Venues#update}. */
    @ManagerOnly
    public VenueView update(Caller manager, long id, VenueForm form) {
        return venues.update(id, form, manager);
    }

    /** See {@link Venues#sports}. */
    public List<SportView> sports() {
        return venues.sports();
    }

    /** See {@link Venues#saveSport}. */
    @ManagerOnly
    public SportView saveSport(Caller manager, String code, SportForm form) {
        return venues.saveSport(code, form, manager);
    }

    /** See {@link Prices#of}. */
    public VenuePrices prices(long venueId) {
        return prices.of(venueId);
    }

    /** See {@link Prices#set}. */
    @ManagerOnly
    public VenuePrices setPrices(Caller manager, long venueId, VenuePrices set) {
        return prices.set(venueId, set, manager);
    }

    /** See {@link DeskVenues#assignments}. */
    public Map<Long, List<Long>> staffVenues() {
        return desks.assignments();
    }

    /** See {@link DeskVenues#assign}. */
    @ManagerOnly
    public List<Long> assignStaff(Caller manager, long userId, List<Long> venueIds) {
        return desks.assign(userId, venueIds, manager);
    }

    /** The venues whose desk the caller works (SPEC §21): what the console offers them to pick. */
    public DeskScope deskScope(Caller caller) {
        return desks.scope(caller);
    }
}
