package com.courtrush.court.api;

/**
 * A court as the API and the console see it.
 *
 * @param courtName its name, unique among active courts of the whole centre
 * @param active    whether new slots may be made on it
 * @param venueId   the venue it is in (SPEC §21)
 * @param sport     the sport played on it: a sport's code (BADMINTON, TABLE_TENNIS, …)
 */
public record CourtView(long id, String courtName, boolean active, long venueId, String sport) {

    /** The venue of an installation from before venues, and the sport of its courts. */
    public static final long FIRST_VENUE = 1;

    public static final String FIRST_SPORT = "BADMINTON";

    /** A badminton court of the first venue: every court of an installation from before venues. */
    public CourtView(long id, String courtName, boolean active) {
        this(id, courtName, active, FIRST_VENUE, FIRST_SPORT);
    }
}
