/**
 * The decision of {@code POST /reserve/}: {@link com.courtrush.reserve.decide.ReserveController} and
 * {@link com.courtrush.reserve.decide.ReserveService} decide in one Redis script
 * ({@link com.courtrush.reserve.decide.ReserveScript}, {@code lua/reserve.lua}), answer a known sold-out
 * slot from the stock's flags, enter a fair draw ({@link com.courtrush.reserve.decide.FairDraw}), hand the
 * winner to recording with a confirm ({@link com.courtrush.reserve.decide.GrantDispatch});
 * {@link com.courtrush.reserve.decide.ReserveResults} answers where a trace stands.
 */
package com.courtrush.reserve.decide;
