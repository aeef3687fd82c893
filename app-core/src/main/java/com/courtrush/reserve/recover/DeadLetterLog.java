package com.courtrush.reserve.recover;

import com.alibaba.fastjson2.JSON;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.api.DeadLetter;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.record.ReserveMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.redisson.api.RBatch;
import org.redisson.api.RMap;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What the queues dashboard shows of dead letters: each message the consumer gave up on, the error
 * that made it give up, and how it was settled. Kept in Redis (the last {@value #KEEP}), shared by
 * all nodes. The dead-letter queue itself is drained and compensated at once.
 */
@Component
public class DeadLetterLog {

    static final int KEEP = 500;
    private static final Logger log = LoggerFactory.getLogger(DeadLetterLog.class);

    private final RedissonClient redisson;
    private final RMap<String, String> entries;
    private final RScoredSortedSet<String> index;

    DeadLetterLog(RedissonClient redisson) {
        this.redisson = redisson;
        this.entries = redisson.getMap(RedisKeys.DEAD_LETTERS);
        this.index = redisson.getScoredSortedSet(RedisKeys.DEAD_LETTERS_INDEX);
    }

    /** The consumer gave up on {@code grant} because of {@code error}. */
    public void failed(ReserveMessage grant, Throwable error) {
        String reason = error.getClass().getSimpleName() + ": " + String.valueOf(error.getMessage());
        save(new DeadLetter(
                grant.traceId(),
                grant.userId(),
                grant.slotId(),
                grant.sessionId(),
                grant.time(),
                Instant.now().toEpochMilli(),
                reason.length() > 500 ? reason.substring(0, 500) : reason,
                DeadLetterSettlement.WAITING));
    }

    /** How the dead letter was settled (compensated, already in the database, or replayed). */
    void settled(String traceId, DeadLetterSettlement settlement) {
        String json = entries.get(traceId);
        if (json != null) {
            DeadLetter entry = JSON.parseObject(json, DeadLetter.class);
            save(new DeadLetter(
                    entry.traceId(),
                    entry.userId(),
                    entry.slotId(),
                    entry.sessionId(),
                    entry.grantedAt(),
                    entry.failedAt(),
                    entry.error(),
                    settlement));
        }
    }

    public List<DeadLetter> recent(int limit) {
        Collection<String> ids = index.valueRangeReversed(0, limit - 1);
        List<DeadLetter> recent = new ArrayList<>();
        Map<String, String> found = entries.getAll(new java.util.HashSet<>(ids));
        for (String id : ids) {
            String json = found.get(id);
            if (json != null) {
                recent.add(JSON.parseObject(json, DeadLetter.class));
            }
        }
        return recent;
    }

    public DeadLetter get(String traceId) {
        String json = entries.get(traceId);
        return json == null ? null : JSON.parseObject(json, DeadLetter.class);
    }

    private void save(DeadLetter entry) {
        try {
            RBatch batch = redisson.createBatch();
            batch.getMap(RedisKeys.DEAD_LETTERS).fastPutAsync(entry.traceId(), JSON.toJSONString(entry));
            batch.getScoredSortedSet(RedisKeys.DEAD_LETTERS_INDEX).addAsync(entry.failedAt(), entry.traceId());
            batch.execute();
            int extra = index.size() - KEEP;
            if (extra > 0) {
                for (String old : index.pollFirst(extra)) {
                    entries.fastRemove(old);
                }
            }
        } catch (RuntimeException e) {
            log.warn("Cannot record dead letter {} for the dashboard", entry.traceId(), e);
        }
    }

    /** The grant a dead letter carried, to compensate or publish again. */
    static ReserveMessage grantOf(DeadLetter entry) {
        return new ReserveMessage(
                entry.traceId(), entry.userId(), entry.slotId(), entry.sessionId(), entry.grantedAt());
    }
}
