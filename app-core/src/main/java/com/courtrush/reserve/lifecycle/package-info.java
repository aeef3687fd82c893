/**
 * A reservation's life once recorded: the {@link com.courtrush.reserve.lifecycle.Reservation} row and
 * its mapper, its end by cancel, payment timeout or refund — always through
 * {@link com.courtrush.reserve.lifecycle.ReservationEnder}, which gives the place back once — and the
 * queries behind "my bookings" and the staff's reservation screens.
 */
package com.courtrush.reserve.lifecycle;
