/**
 * A student's calendar (SPEC §17): an iCal feed of their bookings read with a feed key of its own (never
 * the sign-in token), revocable by making a new one, and an .ics file per booking, in the gym's zone.
 */
package com.courtrush.calendar;
