package com.courtrush.desktop.openings;

import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.api.SessionState;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * An opening as the table shows it.
 *
 * @param venue        the venue it sells, by name (SPEC §21)
 * @param drawWindowMs the fair draw's window; 0 without one
 */
public record OpeningRow(
        long id,
        LocalDate sessionDate,
        LocalDateTime flashTime,
        SessionState state,
        int perUserLimit,
        int warmupLeadMinutes,
        boolean bookingPass,
        int drawWindowMs,
        String venue) {
    static OpeningRow of(OpeningView s, String venue) {
        return new OpeningRow(
                s.id(),
                s.sessionDate(),
                s.flashTime(),
                s.state(),
                s.perUserLimit(),
                s.warmupLeadMinutes(),
                s.bookingPass(),
                s.fairDraw() ? s.drawWindowMs() : 0,
                venue);
    }
}
