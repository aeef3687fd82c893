package com.courtrush.share.api;

import java.time.LocalDate;
import java.util.List;

/**
 * A student's fair share this week (SPEC §16), as the desk sees it: the rules in force and the bookings that count
 * against them in the calendar week of {@code weekOf}.
 *
 * @param weekOf   the Monday the week begins
 * @param rules    the rules in force
 * @param holdings the bookings of the week that count (booker or accepted partner, active or a no-show), by date
 */
public record ShareStanding(LocalDate weekOf, ShareRules rules, List<Holding> holdings) {}
