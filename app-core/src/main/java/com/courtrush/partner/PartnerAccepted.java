package com.courtrush.partner;

/**
 * A student accepted being a partner on a booking: published in the acceptance's transaction, heard after it
 * commits (the waitlist takes them off that slot's line: they play it already).
 */
public record PartnerAccepted(long userId, long reservationId, long slotId) {}
