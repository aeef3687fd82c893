package com.courtrush.reserve.recover;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.ReserveSessionMapper;
import com.courtrush.opening.api.SessionState;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.stock.StockKeys;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.redisson.api.RBatch;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RScoredSortedSetAsync;
import org.redisson.api.RedissonClient;
import org.redisson.client.protocol.ScoredEntry;
import org.springframework.stereotype.Component;

/**
 * The grants in flight — decided in Redis, not yet in the database — of every opening. Each opening
 * keeps its own set ({@link RedisKeys#inflight}), in its hash slot with the rest of its keys, so the
 * scripts that grant, record and give back places touch one slot; readers of all of them (the
 * reconciler, the Queues screen) ask this for the openings that may have some.
 */
@Component
public class InflightGrants {

    /**
     * How many days back an opening's set may still hold grants: its keys expire six hours after its
     * day ({@link StockKeys}), so no grant is made later than that, and each grant leaves within the
     * reconciler's horizon; two days keep a node stopped over a night in reach.
     */
    private static final int DAYS_BACK = 2;

    private final RedissonClient redisson;
    private final ReserveSessionMapper sessions;
    private final Clock clock;

    InflightGrants(RedissonClient redisson, ReserveSessionMapper sessions, Clock clock) {
        this.redisson = redisson;
        this.sessions = sessions;
        this.clock = clock;
    }

    /** The openings whose set may hold grants: warmed up or later, of the last two days onwards. */
    public List<Long> openings() {
        return sessions
                .selectList(new LambdaQueryWrapper<ReserveSession>()
                        .select(ReserveSession::getId)
                        .ne(ReserveSession::getState, SessionState.SCHEDULED)
                        .ge(ReserveSession::getSessionDate, LocalDate.now(clock).minusDays(DAYS_BACK))
                        .orderByAsc(ReserveSession::getId))
                .stream()
                .map(ReserveSession::getId)
                .toList();
    }

    /** One opening's set: member "traceId|userId|slotId|sessionId", score the grant's Redis time (ms). */
    public RScoredSortedSet<String> of(long sessionId) {
        return redisson.getScoredSortedSet(RedisKeys.inflight(sessionId));
    }

    /** How many grants are in flight, all openings together (one batched read). */
    public int count() {
        return count(openings());
    }

    /** How many grants the sets of these openings hold together (one batched read). */
    public int count(List<Long> openings) {
        return read(openings, 0).count();
    }

    /** How many grants are in flight and the {@code limit} oldest, all openings together, in one batched read. */
    public InFlight read(int limit) {
        return read(openings(), limit);
    }

    private InFlight read(List<Long> openings, int limit) {
        if (openings.isEmpty()) {
            return new InFlight(0, List.of());
        }
        RBatch batch = redisson.createBatch();
        List<CompletionStage<Integer>> sizes = new ArrayList<>(openings.size());
        List<CompletionStage<Collection<ScoredEntry<String>>>> oldest = new ArrayList<>(openings.size());
        for (long sessionId : openings) {
            RScoredSortedSetAsync<String> set = batch.getScoredSortedSet(RedisKeys.inflight(sessionId));
            sizes.add(set.sizeAsync());
            if (limit > 0) {
                oldest.add(set.entryRangeAsync(0, limit - 1));
            }
        }
        batch.execute();
        int count = sizes.stream()
                .mapToInt(size -> size.toCompletableFuture().join())
                .sum();
        return new InFlight(
                count,
                oldest.stream()
                        .flatMap(read -> read.toCompletableFuture().join().stream())
                        .map(entry -> ReserveMessage.fromInflight(
                                entry.getValue(), entry.getScore().longValue()))
                        .sorted(Comparator.comparingLong(ReserveMessage::time))
                        .limit(limit)
                        .toList());
    }

    /** Grants in flight, all openings together, and the oldest of them, oldest first. */
    public record InFlight(int count, List<ReserveMessage> oldest) {}
}
