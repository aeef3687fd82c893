package com.courtrush.share;

import com.courtrush.share.api.Holding;
import com.courtrush.share.api.SharePlace;
import com.courtrush.share.api.ShareRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fair-share rules applied to a student's holdings — the database's side of the decision
 * {@code lua/lib/share.lua} makes in Redis, in the same order: one place at a time (every sport), then the day, then
 * the week (the place's sport).
 */
public final class ShareCheck {

    private ShareCheck() {}

    /** The rule a booking of {@code place} would break given {@code held} (the student's other bookings), if any. */
    public static Optional<Refusal> refusal(List<Holding> held, SharePlace place, ShareRules rules) {
        List<Holding> same = new ArrayList<>();
        List<Holding> onDay = new ArrayList<>();
        List<Holding> inWeek = new ArrayList<>();
        for (Holding holding : held) {
            SharePlace other = holding.place();
            if (rules.oneAtATime() && other.overlaps(place)) {
                same.add(holding);
            }
            boolean sameSport = other.sport().equals(place.sport());
            if (sameSport && other.date().equals(place.date())) {
                onDay.add(holding);
            }
            if (sameSport && other.week().equals(place.week())) {
                inWeek.add(holding);
            }
        }
        ShareRules.SportShare share = rules.of(place.sport());
        if (!same.isEmpty()) {
            return Optional.of(new Refusal(Rule.SAME_TIME, same));
        }
        if (onDay.size() >= share.perDay()) {
            return Optional.of(new Refusal(Rule.DAY, onDay));
        }
        if (share.perWeek() > 0 && inWeek.size() >= share.perWeek()) {
            return Optional.of(new Refusal(Rule.WEEK, inWeek));
        }
        return Optional.empty();
    }

    /** The rule broken, as {@code data.rule} of a SHARE_USED answer names it. */
    public enum Rule {
        DAY,
        WEEK,
        SAME_TIME
    }

    /** @param holding the bookings that count against the rule */
    public record Refusal(Rule rule, List<Holding> holding) {}
}
