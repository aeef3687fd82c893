package com.courtrush.opening;

import com.courtrush.account.RushHours;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.opening.api.SessionState;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * An opening's rush, by its flash time: from {@link RushHours#BEFORE} before it to
 * {@code courtrush.auth.sign-in-hold} after it, for the openings the calendar knows (kept a second,
 * dropped on any node's change, so "open now" moves the rush with the flash time).
 */
@Component
class OpeningRushHours implements RushHours {

    private static final Logger log = LoggerFactory.getLogger(OpeningRushHours.class);

    private final OpeningCalendar calendar;
    private final Duration after;
    private final Clock clock;

    OpeningRushHours(OpeningCalendar calendar, CourtRushProperties properties, Clock clock) {
        this.calendar = calendar;
        this.after = properties.auth().signInHold();
        this.clock = clock;
    }

    @Override
    public Duration left() {
        if (after.isZero()) {
            return Duration.ZERO;
        }
        LocalDateTime now = LocalDateTime.now(clock);
        try {
            return calendar.upcoming(now.toLocalDate()).stream()
                    .filter(opening -> opening.state() != SessionState.CLOSED)
                    .filter(opening -> !now.isBefore(opening.flashTime().minus(BEFORE)))
                    .map(opening -> Duration.between(now, opening.flashTime().plus(after)))
                    .filter(left -> left.compareTo(Duration.ZERO) > 0)
                    .max(Duration::compareTo)
                    .orElse(Duration.ZERO);
        } catch (RuntimeException unreadable) {
            // the database is away: sign-ins are not held for a rush nobody can see
            log.debug("Openings could not be read for the rush hours: {}", unreadable.toString());
            return Duration.ZERO;
        }
    }
}
