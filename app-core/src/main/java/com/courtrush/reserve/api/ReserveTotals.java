package com.courtrush.reserve.api;

import com.courtrush.core.Outcome;
import java.util.Map;

/**
 * The reserve pipeline's totals since this node started. {@code refused} = NACKed + returned + send errors.
 *
 * @param handling messages this node holds unacknowledged right now
 */
public record ReserveTotals(
        Map<Outcome, Long> requests,
        long confirmed,
        long refused,
        long confirmTimeouts,
        long published,
        long consumed,
        long deadLettered,
        int handling) {

    public long attempts() {
        return requests.values().stream().mapToLong(Long::longValue).sum();
    }

    public long accepted() {
        return requests.getOrDefault(Outcome.SUCCESS, 0L);
    }
}
