/**
 * The waitlist (SPEC §16) in one place, the reserve engine's top part: a student refused OUT_OF_STOCK joins a
 * slot's line ({@link com.courtrush.reserve.waitlist.Waitlists}, {@code lua/wait_join.lua}); a place that comes
 * back is offered to the first in it — decided in Redis with the stock by every release and re-sync
 * ({@code lua/release.lua}, {@code lua/resync.lua} with {@code lua/lib/offers.lua}), whose Java side is
 * {@link com.courtrush.reserve.waitlist.Offers}: the offer's terms and the database following it, reached by
 * recovery through the port it owns, {@code reserve.recover.PlaceOffers}; the offer is taken with one tap
 * ({@link com.courtrush.reserve.waitlist.OfferAcceptance}, {@code lua/offer_accept.lua}), declined
 * ({@code lua/offer_pass.lua}), or passed on when it expires ({@link com.courtrush.reserve.waitlist.OfferSweep},
 * {@code lua/offers_due.lua}). Its table is {@code waitlist_entry} ({@code WaitlistMapper}, {@code MyWaitMapper}).
 */
package com.courtrush.reserve.waitlist;
