package com.courtrush.reserve.lifecycle;

import com.courtrush.infra.config.SqlDialect;
import com.courtrush.reserve.data.ReservationMapper;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The bookings a text the desk was told names — a student id, a part of a name, an order number's last characters —
 * among the bookings of some play dates. The students it names are found first (every account read: no index finds
 * a part of a name, and a campus has tens of thousands, never a year of bookings), then their bookings of those dates
 * through idx_reservation_user_date ({@link SqlDialect#joinsListedStudents} says how), whatever the bookings of
 * other students or dates. Joined to the bookings in one statement, the search read on a campus's year every booking
 * in id order, or every booking of each student with every pay order (issue 77): plans MariaDB chose by its
 * estimates once the dates spanned weeks.
 *
 * <p>An order number is letters and digits (ours {@code CR…}, WeChat Pay's rule): a text with a Chinese character
 * ends none, and its search reads no booking of the dates but its students'. Any other text is also looked for at
 * the end of the dates' bookings' order numbers, each booking's orders read by their index.
 */
@Component
class TextSearch {

    /**
     * Students whose bookings one part of the search reads: as many as MariaDB counts in its index before it chooses
     * ({@code eq_range_index_dive_limit}, 200; past them it guesses from its statistics, and chose to read a day's
     * every booking for 500 students), far fewer than it turns into a table to join (1,000: it read every booking).
     */
    static final int GROUP = 200;

    private final ReservationMapper reservations;
    private final SqlDialect dialect;

    TextSearch(ReservationMapper reservations, SqlDialect dialect) {
        this.reservations = reservations;
        this.dialect = dialect;
    }

    /** The ids of the bookings played from {@code from} to {@code until} that {@code text} names, newest first. */
    List<Long> newest(LocalDate from, LocalDate until, String text, int limit) {
        String like = SqlDialect.likeText(text);
        List<List<Long>> groups = groups(reservations.accountsNamed(text, like));
        String orderEnding = mayEndAnOrderNumber(text) ? like : null;
        if (groups.isEmpty() && orderEnding == null) {
            return List.of();
        }
        return reservations.matching(from, until, groups, dialect.joinsListedStudents(), orderEnding, limit);
    }

    /** Whether {@code text} may be the end of an order number: it has no Chinese character. */
    static boolean mayEndAnOrderNumber(String text) {
        return text.codePoints().noneMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN);
    }

    static List<List<Long>> groups(List<Long> students) {
        List<List<Long>> groups = new ArrayList<>();
        for (int start = 0; start < students.size(); start += GROUP) {
            groups.add(students.subList(start, Math.min(students.size(), start + GROUP)));
        }
        return groups;
    }
}
