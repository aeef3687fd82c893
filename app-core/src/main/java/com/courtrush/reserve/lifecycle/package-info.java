/**
 * A reservation's life once recorded (the row itself is recording's,
 * {@link com.courtrush.reserve.data.Reservation}): its end by cancel, payment timeout or refund — always
 * through {@link com.courtrush.reserve.lifecycle.ReservationEnder}, which gives the place back once — and
 * the endpoints and queries of "my bookings" ({@code GET /reservations/mine}, {@code DELETE /reserve/{id}})
 * and of the staff's reservation screens.
 */
package com.courtrush.reserve.lifecycle;
