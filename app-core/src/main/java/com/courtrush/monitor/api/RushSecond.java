package com.courtrush.monitor.api;

import com.courtrush.core.Outcome;
import java.util.Map;

/**
 * One second of the rush, all nodes together.
 *
 * @param epochSecond  the second (epoch seconds)
 * @param refusals     the answers other than a granted place, by outcome
 * @param placesLeft   places left on sale at the end of the second; null when not sampled
 * @param lastGrantMs  epoch ms of the second's last grant (Redis clock), 0 when none
 * @param recorded     grants committed to the database in this second
 * @param lagged       those of them whose grant time is known (the lag is theirs)
 * @param lagMaxMs     the longest of their persistence lags (from the decision), -1 when none
 * @param released     places given back in this second (cancel, payment timeout, refund, staff)
 * @param entered      requests that entered the fair draw in this second (counted in attempts)
 * @param drawn        places the fair draw gave in this second (counted in grants)
 * @param shareRefusals the SHARE_USED refusals of {@code refusals} by the rule broken (DAY, WEEK, SAME_TIME)
 */
public record RushSecond(
        long epochSecond,
        long attempts,
        long grants,
        Map<Outcome, Long> refusals,
        Integer placesLeft,
        long lastGrantMs,
        long recorded,
        long lagged,
        long lagSumMs,
        long lagMaxMs,
        long released,
        long entered,
        long drawn,
        Map<String, Long> shareRefusals) {}
