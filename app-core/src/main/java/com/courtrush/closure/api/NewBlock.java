package com.courtrush.closure.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalTime;

/**
 * A class or team block to make: a court held every week at an hour for a term (SPEC §21).
 *
 * @param weekday  ISO day of the week, Monday 1 to Sunday 7
 * @param starts   its first minute held, ends its first minute free again (the gym's wall time)
 * @param firstDay the first date of the term, lastDay its last (both included)
 * @param label    what the board and the page show (a class, a team: 1 to 100 characters)
 */
public record NewBlock(
        Long courtId,
        Integer weekday,
        @JsonFormat(pattern = "HH:mm") LocalTime starts,
        @JsonFormat(pattern = "HH:mm") LocalTime ends,
        LocalDate firstDay,
        LocalDate lastDay,
        String label) {}
