package com.courtrush.monitor.api;

import com.courtrush.core.Outcome;
import java.util.Map;

/**
 * What the rush came to.
 *
 * @param soldOutAfterMs  from the opening time to the grant that left no place on sale; null if
 *                        places were never all taken
 * @param students        students who tried, counted once each
 * @param refusals        answers other than a granted place, by outcome
 * @param lagMeanMs       mean time from a grant to its committed reservation; null when none recorded
 * @param lagMaxMs        the longest of those; null when none
 * @param released        places given back after being granted (cancels, payment timeouts, refunds)
 * @param paymentTimeouts reservations cancelled because payment did not come in time
 * @param draw            the opening's fair draw; null for an opening without one
 * @param shareRefusals   the SHARE_USED refusals by the rule broken (DAY, WEEK, SAME_TIME)
 */
public record RushSummary(
        Long soldOutAfterMs,
        long attempts,
        long students,
        long grants,
        Map<Outcome, Long> refusals,
        Long lagMeanMs,
        Long lagMaxMs,
        long released,
        long paymentTimeouts,
        RushDraw draw,
        Map<String, Long> shareRefusals) {}
