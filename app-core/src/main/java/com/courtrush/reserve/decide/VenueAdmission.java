package com.courtrush.reserve.decide;

import com.courtrush.account.api.Category;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.venue.Prices;
import org.springframework.stereotype.Component;

/**
 * Whether a student may book an opening's venue at all (SPEC §21): each venue admits some booking categories. Read
 * from memory — the cached catalog and prices — before anything reaches Redis.
 */
@Component
public class VenueAdmission {

    private final SlotCatalog catalog;
    private final Prices prices;

    VenueAdmission(SlotCatalog catalog, Prices prices) {
        this.catalog = catalog;
        this.prices = prices;
    }

    /** Refuses (403) a member of a category the opening's venue does not admit; an unknown opening is left to others. */
    public void require(long sessionId, Category category) {
        catalog.session(sessionId)
                .ifPresent(opening -> prices.requireAdmitted(opening.session().getVenueId(), category));
    }
}
