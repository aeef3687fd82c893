/**
 * A reservation's data, the reserve engine's lowest part: the row ({@link com.courtrush.reserve.data.Reservation}),
 * its mapper ({@link com.courtrush.reserve.data.ReservationMapper}), its status and why it was cancelled
 * ({@link com.courtrush.reserve.data.ReservationStatus}, {@link com.courtrush.reserve.data.CancelReason}). Every part
 * of the engine (and the features around it) may read and write it; it uses none of them.
 */
package com.courtrush.reserve.data;
