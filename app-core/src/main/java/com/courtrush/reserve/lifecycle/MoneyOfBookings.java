package com.courtrush.reserve.lifecycle;

import java.util.Collection;
import java.util.Map;

/**
 * What became of the money of a student's bookings, for "my bookings" (issue 74): a port the payments fill, since the
 * booking's packages know nothing of orders and refunds.
 */
public interface MoneyOfBookings {

    /** The money of each of the bookings something was paid for, by booking id, in one read for them all. */
    Map<Long, BookingMoney> of(Collection<Long> reservationIds);
}
