package com.courtrush.monitor;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.UserAccount;
import com.courtrush.account.UserAccountMapper;
import com.courtrush.infra.amqp.Queues;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.monitor.api.PendingGrant;
import com.courtrush.monitor.api.QueueStats;
import com.courtrush.monitor.api.QueuesView;
import com.courtrush.monitor.api.ReconcilerRun;
import com.courtrush.reserve.api.DeadLetter;
import com.courtrush.reserve.recover.DeadLetterLog;
import com.courtrush.reserve.recover.InflightGrants;
import com.courtrush.reserve.statistics.QueueSeries;
import com.courtrush.reserve.statistics.ReserveMetrics;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.redisson.api.RedissonClient;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.rabbit.core.RabbitAdmin;
import org.springframework.stereotype.Service;

/**
 * The queues of the reserve pipeline: depth and consumers of {@code reserve.queue} and
 * {@code reserve.dlq} (from the broker), what this node holds unacknowledged, publish totals, the
 * grants still in flight (oldest first), the reconciler's last run, and recent dead letters.
 */
@Service
public class QueueMonitor {

    private static final int PENDING_SHOWN = 50;
    private static final int DEAD_LETTERS_SHOWN = 100;

    private final AmqpAdmin amqp;
    private final RedissonClient redisson;
    private final InflightGrants grants;
    private final ReserveMetrics metrics;
    private final DeadLetterLog deadLetters;
    private final UserAccountMapper accounts;
    private final QueueSeries series;
    private final Clock clock;

    QueueMonitor(
            AmqpAdmin amqp,
            RedissonClient redisson,
            InflightGrants grants,
            ReserveMetrics metrics,
            DeadLetterLog deadLetters,
            UserAccountMapper accounts,
            QueueSeries series,
            Clock clock) {
        this.grants = grants;
        this.series = series;
        this.amqp = amqp;
        this.redisson = redisson;
        this.metrics = metrics;
        this.deadLetters = deadLetters;
        this.accounts = accounts;
        this.clock = clock;
    }

    /** Grants in flight: in Redis, not yet in the database (all nodes). */
    long inFlight() {
        return grants.count();
    }

    /** The reconciler's last run (any node), or null before its first. */
    ReconcilerRun lastReconcilerRun() {
        Map<String, String> last =
                redisson.<String, String>getMap(RedisKeys.RECONCILER_LAST_RUN).readAllMap();
        return last.isEmpty()
                ? null
                : new ReconcilerRun(
                        Long.parseLong(last.get("time")),
                        Integer.parseInt(last.get("compensated")),
                        Integer.parseInt(last.get("settled")));
    }

    public QueuesView queues() {
        long now = clock.millis();
        InflightGrants.InFlight inFlight = grants.read(PENDING_SHOWN);
        List<PendingGrant> pending = inFlight.oldest().stream()
                .map(grant -> new PendingGrant(
                        grant.traceId(),
                        grant.userId(),
                        grant.slotId(),
                        grant.sessionId(),
                        Math.max(0, now - grant.time())))
                .toList();
        ReconcilerRun reconciler = lastReconcilerRun();
        List<DeadLetter> dead = deadLetters.recent(DEAD_LETTERS_SHOWN);
        List<Long> userIds = java.util.stream.Stream.concat(
                        pending.stream().map(PendingGrant::userId),
                        dead.stream().map(DeadLetter::userId))
                .distinct()
                .toList();
        return new QueuesView(
                stats(Queues.RESERVE_QUEUE),
                stats(Queues.DEAD_LETTER_QUEUE),
                metrics.totals(),
                inFlight.count(),
                pending,
                reconciler,
                dead,
                studentIds(userIds),
                series.read(),
                now);
    }

    private Map<Long, String> studentIds(List<Long> userIds) {
        if (userIds.isEmpty()) {
            return Map.of();
        }
        return accounts
                .selectList(new LambdaQueryWrapper<UserAccount>()
                        .select(UserAccount::getId, UserAccount::getStudentId)
                        .in(UserAccount::getId, userIds))
                .stream()
                .collect(java.util.stream.Collectors.toMap(UserAccount::getId, UserAccount::getStudentId));
    }

    QueueStats stats(String queue) {
        Properties info = amqp.getQueueProperties(queue);
        if (info == null) {
            return new QueueStats(queue, false, 0, 0);
        }
        return new QueueStats(
                queue,
                true,
                ((Number) info.get(RabbitAdmin.QUEUE_MESSAGE_COUNT)).longValue(),
                ((Number) info.get(RabbitAdmin.QUEUE_CONSUMER_COUNT)).intValue());
    }
}
