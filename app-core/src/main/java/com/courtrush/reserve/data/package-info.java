/**
 * A reservation's data, the reserve engine's lowest part: the row ({@link com.courtrush.reserve.data.Reservation}),
 * its mapper ({@link com.courtrush.reserve.data.ReservationMapper}); its status and why it was cancelled are values
 * of the desk's package ({@link com.courtrush.reserve.api.ReservationStatus},
 * {@link com.courtrush.reserve.api.CancelReason}), leaves it may use. Every part
 * of the engine (and the features around it) may read and write it; it uses none of them.
 */
package com.courtrush.reserve.data;
