package com.courtrush.core;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one answer to a student blocked by no-show strikes (SPEC §16), wherever the block is found — the reserve
 * script, an offer, a waitlist, a partner's acceptance: 409 BLOCKED with {@code data.until} (the gym's time) and
 * {@code data.reason}.
 */
public final class Blocked {

    /** {@code data.reason} of a BLOCKED answer. */
    public static final String REASON = "NO_SHOW_STRIKES";

    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private Blocked() {}

    /** Blocked until {@code until}, in the gym's time. */
    public static CourtRushException refusal(LocalDateTime until) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("until", until);
        data.put("reason", REASON);
        return new CourtRushException(Outcome.BLOCKED, "reserve.blocked", until.format(SHOWN)).withData(data);
    }
}
