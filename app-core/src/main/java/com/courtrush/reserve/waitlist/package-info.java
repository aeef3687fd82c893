/**
 * The waitlist (SPEC §16), the reserve engine's top part: a student refused OUT_OF_STOCK joins a slot's
 * line; a place that comes back is offered to the first in it (decided in Redis with the stock by every
 * release, {@code lua/release.lua}), taken with one tap ({@code decide.OfferAcceptance}), declined, or
 * passed on when it expires ({@link com.courtrush.reserve.waitlist.OfferSweep}).
 */
package com.courtrush.reserve.waitlist;
