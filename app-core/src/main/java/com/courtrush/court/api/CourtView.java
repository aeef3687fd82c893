package com.courtrush.court.api;

/**
 * A court as the API and the console see it.
 *
 * @param courtName its name, unique
 * @param active    whether new slots may be made on it
 */
public record CourtView(long id, String courtName, boolean active) {}
