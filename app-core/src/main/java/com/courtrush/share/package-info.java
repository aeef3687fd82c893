/**
 * A student's fair share (SPEC §16): at most {@code BOOKINGS_PER_DAY} bookings a play date, at most
 * {@code BOOKINGS_PER_WEEK} a calendar week, one place at a time — booker and accepted partner alike. Decided in
 * Redis by the scripts that grant a place (each opening keeps its own copy of the shares that concern it, in its
 * hash slot: decision 26), guarded by the database, told to every opening when a booking elsewhere takes or frees
 * one. Depends on no other feature, so the reserve engine and partners may both use it.
 */
package com.courtrush.share;
