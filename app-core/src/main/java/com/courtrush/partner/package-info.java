/**
 * Partners on a booking (SPEC §17): the booker names fellow players by student id; each is told and accepts or
 * declines; the booker sees "invited" until then and the partner's name once accepted; the desk's check-in shows
 * the names. A student appears on {@code BOOKINGS_PER_DAY} bookings a day at most, as booker or accepted partner.
 * No transfer or resale: the booking stays the booker's. Reads bookings by SQL only: no booking feature depends
 * the other way round on it but "my bookings", which shows the partners.
 */
package com.courtrush.partner;
