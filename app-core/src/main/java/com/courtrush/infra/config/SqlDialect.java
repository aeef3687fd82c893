package com.courtrush.infra.config;

import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * What differs between the engine's two databases where a query's plan depends on it. The SQL stays one (SPEC §2);
 * only the order a page is asked in may differ, so that each reads a page, not every match (SPEC §20), and how a list
 * of students' bookings is read ({@link #joinsListedStudents}):
 *
 * <ul>
 *   <li>H2 reads an index in order only when the ORDER BY names its columns from the first, those the filter fixes
 *       too ({@code where status = ? order by status desc, id desc});
 *   <li>MariaDB sorts every match when the ORDER BY names a text column the filter fixes (its collation is
 *       case-insensitive: equal is not one value), and reads the index in order for {@code order by id desc}.
 * </ul>
 */
@Component
public class SqlDialect {

    /**
     * The upper bound of a range on a mostly-null date-time column ({@code col > ? and col < }this): H2 keeps nulls at
     * an index's end ({@code DEFAULT_NULL_ORDERING=HIGH}), so a range open above reads every null row there.
     */
    public static final String BEFORE_NULLS = "'9999-01-01'";

    private final boolean h2;

    SqlDialect(Environment environment) {
        this.h2 = environment.getProperty("spring.datasource.url", "").startsWith("jdbc:h2:");
    }

    /**
     * Text to look for inside a LIKE pattern, as typed: its {@code %}, {@code _} and the escape character itself
     * (backslash, the default of both databases) match only themselves.
     */
    public static String likeText(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** Whether a page's ORDER BY names the index's leading columns that the filter fixes (H2), or not (MariaDB). */
    public boolean ordersByFixedColumns() {
        return h2;
    }

    /**
     * Whether the bookings of some dates of a list of students are read with the students joined to them (H2), or by
     * the list alone ({@code user_id in (…) and slot_date between …}, MariaDB). H2 looks a list up in an index value by
     * value from each value's first entry, the index's next column unused: every booking of each student, whatever
     * the dates; joined, it looks each student up with the dates. MariaDB reads the list as ranges of the index, each
     * student's dates only; given the join, it started from the students and read every booking of each when its
     * statistics said a student has few (issue 77).
     */
    public boolean joinsListedStudents() {
        return h2;
    }
}
