package com.courtrush.reserve.statistics;

import static com.courtrush.reserve.statistics.RushSeries.DRAWN;
import static com.courtrush.reserve.statistics.RushSeries.ENTERED;
import static com.courtrush.reserve.statistics.RushSeries.LAGGED;
import static com.courtrush.reserve.statistics.RushSeries.LAG_MAX_MS;
import static com.courtrush.reserve.statistics.RushSeries.LAG_SUM_MS;
import static com.courtrush.reserve.statistics.RushSeries.LAST_GRANT_MS;
import static com.courtrush.reserve.statistics.RushSeries.RECORDED;
import static com.courtrush.reserve.statistics.RushSeries.RELEASED;
import static com.courtrush.reserve.statistics.RushSeries.SHARE_PREFIX;

import com.courtrush.core.Outcome;
import com.courtrush.share.ShareCheck;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** This node's running counts of one second of one opening, counted into by many threads at once. */
final class LiveCounts {

    private static final Outcome[] OUTCOMES = Outcome.values();
    private static final ShareCheck.Rule[] RULES = ShareCheck.Rule.values();

    final LongAdder[] outcomes = new LongAdder[OUTCOMES.length];
    final LongAdder[] shareRules = new LongAdder[RULES.length];
    final Set<Long> students = ConcurrentHashMap.newKeySet();
    final AtomicLong lastGrantMs = new AtomicLong();
    final LongAdder recorded = new LongAdder();
    final LongAdder lagged = new LongAdder();
    final LongAdder lagSumMs = new LongAdder();
    final AtomicLong lagMaxMs = new AtomicLong(-1);
    final LongAdder released = new LongAdder();
    final LongAdder entered = new LongAdder();
    final LongAdder drawn = new LongAdder();
    /** Counted into since the last write; set after each count, cleared before a write reads the values. */
    volatile boolean dirty;

    LiveCounts() {
        for (int i = 0; i < outcomes.length; i++) {
            outcomes[i] = new LongAdder();
        }
        for (int i = 0; i < shareRules.length; i++) {
            shareRules[i] = new LongAdder();
        }
    }

    Snapshot snapshot() {
        Snapshot copy = new Snapshot();
        for (Outcome outcome : OUTCOMES) {
            long n = outcomes[outcome.ordinal()].sum();
            if (n > 0) {
                copy.outcomes.put(outcome, n);
            }
        }
        for (ShareCheck.Rule rule : RULES) {
            long n = shareRules[rule.ordinal()].sum();
            if (n > 0) {
                copy.shareRules.put(rule, n);
            }
        }
        copy.students.addAll(students);
        copy.lastGrantMs = lastGrantMs.get();
        copy.recorded = recorded.sum();
        copy.lagged = lagged.sum();
        copy.lagSumMs = lagSumMs.sum();
        copy.lagMaxMs = lagMaxMs.get();
        copy.released = released.sum();
        copy.entered = entered.sum();
        copy.drawn = drawn.sum();
        return copy;
    }

    /** One second's values as they are written. */
    static final class Snapshot {
        final Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        final Map<ShareCheck.Rule, Long> shareRules = new EnumMap<>(ShareCheck.Rule.class);
        final Set<Long> students = new HashSet<>();
        long lastGrantMs;
        long recorded;
        long lagged;
        long lagSumMs;
        long lagMaxMs = -1;
        long released;
        long entered;
        long drawn;

        /** This second's values as this node's fields ({@code "<second>:<FIELD>:<node>"}). */
        void fields(long second, String node, Map<String, String> fields) {
            outcomes.forEach((outcome, n) -> put(fields, second, outcome.name(), node, n));
            shareRules.forEach((rule, n) -> put(fields, second, SHARE_PREFIX + rule.name(), node, n));
            if (lastGrantMs > 0) {
                put(fields, second, LAST_GRANT_MS, node, lastGrantMs);
            }
            if (recorded > 0) {
                put(fields, second, RECORDED, node, recorded);
            }
            if (lagged > 0) {
                put(fields, second, LAGGED, node, lagged);
                put(fields, second, LAG_SUM_MS, node, lagSumMs);
            }
            if (lagMaxMs >= 0) {
                put(fields, second, LAG_MAX_MS, node, lagMaxMs);
            }
            if (released > 0) {
                put(fields, second, RELEASED, node, released);
            }
            if (entered > 0) {
                put(fields, second, ENTERED, node, entered);
            }
            if (drawn > 0) {
                put(fields, second, DRAWN, node, drawn);
            }
        }

        private static void put(Map<String, String> fields, long second, String field, String node, long value) {
            fields.put(second + ":" + field + ":" + node, Long.toString(value));
        }
    }
}
