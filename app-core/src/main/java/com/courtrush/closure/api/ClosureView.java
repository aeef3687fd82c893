package com.courtrush.closure.api;

import java.time.LocalDateTime;

/**
 * A closure as staff see it, with what it did when it was made.
 *
 * @param slotsClosed slots taken off sale
 * @param cancelled   unpaid bookings cancelled
 * @param refunded    paid bookings refunded
 * @param actor       who closed
 */
public record ClosureView(
        long id,
        Long courtId,
        Long venueId,
        String sport,
        LocalDateTime from,
        LocalDateTime until,
        String reason,
        String actor,
        int slotsClosed,
        int cancelled,
        int refunded) {}
