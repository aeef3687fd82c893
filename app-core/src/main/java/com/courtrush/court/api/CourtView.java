package com.courtrush.court.api;

import com.courtrush.court.Court;

/**
 * A court as the API and the console see it.
 *
 * @param courtName its name, unique
 * @param active    whether new slots may be made on it
 */
public record CourtView(long id, String courtName, boolean active) {

    static CourtView of(Court court) {
        return new CourtView(court.getId(), court.getName(), Boolean.TRUE.equals(court.getActive()));
    }
}
