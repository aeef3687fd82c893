package com.courtrush.closure.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;

/**
 * A class or team block as staff see it, with what holding its court did when it was made.
 *
 * @param weekday   ISO day of the week, Monday 1 to Sunday 7
 * @param skips     the dates it does not hold: that week's slot is on sale
 * @param slotsHeld slots it holds (made held, or taken off sale when it was made)
 * @param cancelled unpaid bookings it cancelled when it was made; refunded: paid ones refunded
 */
public record BlockView(
        long id,
        long courtId,
        int weekday,
        @JsonFormat(pattern = "HH:mm") LocalTime starts,
        @JsonFormat(pattern = "HH:mm") LocalTime ends,
        LocalDate firstDay,
        LocalDate lastDay,
        String label,
        String actor,
        List<LocalDate> skips,
        int slotsHeld,
        int cancelled,
        int refunded) {}
