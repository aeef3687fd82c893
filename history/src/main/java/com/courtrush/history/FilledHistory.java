package com.courtrush.history;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What a fill wrote: rows per table, its busiest students, a typical one (the median of those who booked: a campus has
 * a few heavy players and many light ones), and how long it took.
 */
public record FilledHistory(
        HistoryPlan plan, Map<String, Long> rows, List<Regular> regulars, Regular typical, Duration took) {

    /**
     * Parts of a name the desk searches for, each found among a filled history's students ({@link Names}): a surname of
     * about one in eighty, the commonest surname, a character of many given names.
     */
    public static final List<String> NAME_FRAGMENTS =
            List.of("马", Names.COMMONEST_SURNAME, Names.A_GIVEN_NAME_CHARACTER);

    /** A student who booked often, and how often (their "my bookings" is the longest). */
    public record Regular(String studentId, int bookings) {}

    public long totalRows() {
        return rows.values().stream().mapToLong(Long::longValue).sum();
    }

    public long rowsOf(String table) {
        return rows.getOrDefault(table, 0L);
    }

    /** One line: the plan, the rows of the tables that grow, the time. */
    public String summary() {
        return String.format(
                "%d days, %d courts, %,d students: %,d slots, %,d reservations, %,d pay orders, %,d notices, "
                        + "%,d audit rows, %,d waits, %,d partners, %,d strikes — %,d rows in %.1f s",
                plan.days(),
                plan.courts(),
                plan.students(),
                rowsOf("time_slot"),
                rowsOf("reservation"),
                rowsOf("pay_order"),
                rowsOf("notice"),
                rowsOf("audit_log"),
                rowsOf("waitlist_entry"),
                rowsOf("booking_partner"),
                rowsOf("no_show_strike"),
                totalRows(),
                took.toMillis() / 1000.0);
    }
}
