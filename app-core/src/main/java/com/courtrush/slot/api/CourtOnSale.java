package com.courtrush.slot.api;

/** A court's active slots from a date on, with their free and booked places. */
public record CourtOnSale(long courtId, int slots, int freePlaces, int bookedPlaces) {}
