package com.courtrush.reserve.api;

import java.util.List;

/**
 * A page of the reservations staff looked for, and how many match in all: exact, or — {@code totalCapped} — the
 * count reached before it stopped (there are more; see {@link com.courtrush.infra.config.CappedCount}).
 */
public record ReservationPage(List<ReservationRow> records, long total, boolean totalCapped) {

    public static ReservationPage none() {
        return new ReservationPage(List.of(), 0, false);
    }
}
