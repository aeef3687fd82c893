package com.courtrush.attendance;

import java.time.LocalDateTime;
import java.util.List;

/**
 * When no-show strikes block a student (SPEC §16): {@code strikesToBlock} strikes not forgiven within
 * {@code windowDays} days block new bookings for {@code blockDays} days from the latest of them. Decided from the
 * strikes themselves, never from "now": recomputed later (a forgiveness, a rule changed by a manager), a block a
 * window of strikes made stays until it ends, though its first strike has since left the window.
 */
record BlockRule(int strikesToBlock, int windowDays, int blockDays) {

    /** How far back strikes can still matter at {@code now}: a window before a block that has not ended. */
    LocalDateTime relevantSince(LocalDateTime now) {
        return now.minusDays((long) windowDays + blockDays);
    }

    /**
     * The end of the latest block these strikes (not forgiven, any order) make; null when they make none. It may
     * lie in the past: the caller decides what has ended.
     */
    LocalDateTime until(List<LocalDateTime> strikes) {
        if (blockDays <= 0 || strikes.size() < strikesToBlock) {
            return null;
        }
        List<LocalDateTime> ordered = strikes.stream().sorted().toList();
        LocalDateTime until = null;
        for (int last = strikesToBlock - 1; last < ordered.size(); last++) {
            LocalDateTime first = ordered.get(last - strikesToBlock + 1);
            LocalDateTime latest = ordered.get(last);
            if (first.isAfter(latest.minusDays(windowDays))) {
                until = latest.plusDays(blockDays);
            }
        }
        return until;
    }
}
