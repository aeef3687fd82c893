/**
 * The grant path of {@code POST /reserve/}: {@link com.courtrush.reserve.grant.ReserveController} and
 * {@link com.courtrush.reserve.grant.ReserveService} decide in one Redis script
 * ({@link com.courtrush.reserve.grant.ReserveScript}, {@code lua/reserve.lua}), answer a known sold-out
 * slot from {@link com.courtrush.reserve.grant.SoldOutFlags}, publish the winner with a confirm
 * ({@link com.courtrush.reserve.grant.ReservePublisher}); {@link com.courtrush.reserve.grant.ReserveConsumer}
 * and {@link com.courtrush.reserve.grant.ReservationWriter} record it under the database guards;
 * {@link com.courtrush.reserve.grant.ReserveResults} answers where a trace stands.
 */
package com.courtrush.reserve.grant;
