package com.courtrush.retention;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The waits and offers of slots played before a day, removed once nothing is left to do with them (not waiting, not
 * offered): what the reports count of them — the offers taken, declined and expired, by play date and court — is
 * added to {@code waitlist_offer_day} in the same transaction, which the reports read beside the waits still kept,
 * so that a report of a past month says what it said before.
 */
@Component
class WaitsRolledUp {

    /** How an offer ended, as the reports count it. */
    static final Set<String> OFFERS = Set.of("TAKEN", "DECLINED", "EXPIRED");

    private final RetentionMapper mapper;
    private final TransactionTemplate transactions;
    private final Clock clock;

    WaitsRolledUp(RetentionMapper mapper, TransactionTemplate transactions, Clock clock) {
        this.mapper = mapper;
        this.transactions = transactions;
        this.clock = clock;
    }

    /** Rolls up, then removes, the ended waits of slots played before {@code before}, oldest first, batch by batch. */
    HistoryRetention.Swept rollUpAndRemove(LocalDate before, int batch, int mostBatches) {
        long after = 0;
        long removed = 0;
        for (int round = 0; round < mostBatches; round++) {
            List<RetentionMapper.Wait> rows = mapper.waits(after, batch);
            List<RetentionMapper.Wait> ended = new ArrayList<>();
            boolean reachedKept = false;
            for (RetentionMapper.Wait wait : rows) {
                if (!wait.slotDate().isBefore(before)) {
                    reachedKept = true;
                    break;
                }
                after = wait.id();
                if (!wait.live()) {
                    ended.add(wait);
                }
            }
            if (!ended.isEmpty()) {
                removed += transactions.execute(status -> rollUp(ended));
            }
            if (reachedKept || rows.size() < batch) {
                return new HistoryRetention.Swept(removed, false);
            }
            HistoryRetention.pause();
        }
        return new HistoryRetention.Swept(removed, true);
    }

    private int rollUp(List<RetentionMapper.Wait> ended) {
        Map<String, Integer> offers = new TreeMap<>();
        Map<String, RetentionMapper.Wait> sample = new TreeMap<>();
        for (RetentionMapper.Wait wait : ended) {
            if (OFFERS.contains(wait.status())) {
                String key = wait.slotDate() + " " + wait.courtId() + " " + wait.status();
                offers.merge(key, 1, Integer::sum);
                sample.putIfAbsent(key, wait);
            }
        }
        LocalDateTime now = LocalDateTime.now(clock);
        offers.forEach((key, count) -> {
            RetentionMapper.Wait wait = sample.get(key);
            mapper.addOffers(wait.slotDate(), wait.courtId(), wait.status(), count, now);
        });
        List<Long> ids = ended.stream().map(RetentionMapper.Wait::id).toList();
        return ids.isEmpty() ? 0 : mapper.removeWaits(Collections.min(ids), Collections.max(ids), ids);
    }
}
