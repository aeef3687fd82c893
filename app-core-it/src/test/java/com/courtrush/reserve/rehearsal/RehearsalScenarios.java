package com.courtrush.reserve.rehearsal;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.RecentStudents;
import com.courtrush.infra.amqp.PublisherChannels;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.api.ReserveTotals;
import com.courtrush.reserve.statistics.ReserveMetrics;
import com.courtrush.support.StackAccess;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.redisson.client.codec.StringCodec;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * The engine's rehearsal of its rush (decision 28), on a real stack: it runs the whole winner path — a crowd over
 * the node's own connector, grants published with their confirms, read by its consumers, written with the rush's
 * statements — and leaves nothing behind: no row, no Redis key, no queue, nothing counted where the rush is
 * counted.
 */
public interface RehearsalScenarios extends StackAccess {

    /** Any opening id of fifteen digits: the rehearsal's ({@code Rehearsal.FIRST_ID} is 2^47), never a real one. */
    String REHEARSAL_KEYS = "bf:{s:???????????????}:*";

    @Test
    default void aRehearsalRunsTheWinnerPathAndLeavesNothingBehind() {
        RushRehearsal rehearsal = bean(RushRehearsal.class);
        ReserveMetrics metrics = bean(ReserveMetrics.class);
        MeterRegistry meters = bean(MeterRegistry.class);
        RecentStudents recent = bean(RecentStudents.class);
        ReserveTotals before = metrics.totals();
        double soldOutLocalBefore =
                meters.counter("courtrush.reserve.sold-out-local").count();
        long lagsBefore = meters.timer("courtrush.reserve.persist-lag").count();
        long recentBefore = recent.count();
        long auditBefore = rehearsalLikeAudit();

        RushRehearsal.Summary summary = rehearsal.rehearse();

        // the winner path, all of it: every place of each round granted over HTTP, published, consumed and written
        assertThat(summary.rounds()).hasSize(RushRehearsal.ROUNDS);
        for (RushRehearsal.Round round : summary.rounds()) {
            assertThat(round.answers().byStatus()).as("round %s", round).containsKeys(202, 409);
            assertThat(round.answers().granted())
                    .as("round %s sold out", round)
                    .isEqualTo((long) RushRehearsal.SLOTS * RushRehearsal.CAPACITY);
            assertThat(round.recorded())
                    .as("round %s: every grant written", round)
                    .isEqualTo(round.answers().granted());
            assertThat(round.failed()).as("round %s", round).isZero();
            assertThat(bean(AmqpAdmin.class).getQueueProperties(round.queue()))
                    .as("its queue, gone")
                    .isNull();
        }
        assertThat(summary.channels())
                .as("publishing channels left ready for a crowd larger than the rehearsal's")
                .isEqualTo(publishing().getChannelCacheSize());
        // ... and nothing of it kept: the database
        for (String table : List.of("court", "reserve_session", "time_slot", "user_account", "reservation", "notice")) {
            assertThat(jdbc().queryForObject("select count(*) from " + table + " where id < 0", Long.class))
                    .as("%s rows of the rehearsal (their ids below zero)", table)
                    .isZero();
        }
        assertThat(jdbc().queryForObject(
                                "select count(*) from reservation where user_id < 0 or slot_id < 0 or session_id < 0 "
                                        + "or user_id >= ? or session_id >= ?",
                                Long.class,
                                com.courtrush.core.Rehearsal.FIRST_ID,
                                com.courtrush.core.Rehearsal.FIRST_ID))
                .isZero();
        assertThat(jdbc().queryForObject("select count(*) from notice where user_id < 0", Long.class))
                .isZero();
        assertThat(rehearsalLikeAudit())
                .as("audit entries that could be the rehearsal's (earlier scenarios may have made some)")
                .isEqualTo(auditBefore);
        // Redis: no key of its openings (their series included), no record of it begun
        assertThat(redisson().getKeys().getKeysByPattern(REHEARSAL_KEYS))
                .as("Redis keys of the rehearsal's openings")
                .isEmpty();
        assertThat(redisson()
                        .getScoredSortedSet(RedisKeys.REHEARSALS, StringCodec.INSTANCE)
                        .size())
                .isZero();
        // nothing counted where the rush is: some ten thousand requests and hundreds of grants would show
        ReserveTotals after = metrics.totals();
        assertThat(after.attempts() - before.attempts())
                .as("reserve requests counted")
                .isLessThan(20);
        assertThat(after.published() - before.published())
                .as("grants published, counted")
                .isLessThan(5);
        assertThat(after.consumed() - before.consumed())
                .as("grants consumed, counted")
                .isLessThan(5);
        assertThat(meters.counter("courtrush.reserve.sold-out-local").count() - soldOutLocalBefore)
                .isLessThan(20);
        assertThat(meters.timer("courtrush.reserve.persist-lag").count() - lagsBefore)
                .isLessThan(5);
        assertThat(recent.count()).as("students seen lately").isLessThanOrEqualTo(recentBefore);
    }

    /**
     * The first winners of a rush after a quiet spell publish on channels already open, and their confirms are waited
     * for by threads already started: before, most of them opened a channel (two round trips to the broker) and
     * started a thread, on the request's thread, in the first second of the bench's cold crowd.
     */
    @Test
    default void grantsPublishedAtOnceFindTheirChannelsAndConfirmWaitersReady() throws Exception {
        PublisherChannels channels = bean(PublisherChannels.class);
        CachingConnectionFactory publishing = publishing();
        int crowd = publishing.getChannelCacheSize() / 2;
        assertThat(channels.fill()).isEqualTo(publishing.getChannelCacheSize());
        AtomicBoolean counting = new AtomicBoolean(true);
        AtomicInteger opened = new AtomicInteger();
        publishing.addChannelListener((channel, transactional) -> {
            if (counting.get()) {
                opened.incrementAndGet();
            }
        });
        long waitersBefore = confirmWaiters();
        AmqpAdmin admin = bean(AmqpAdmin.class);
        String queue = admin.declareQueue().getName(); // exclusive, nobody reads it
        RabbitTemplate template = bean(RabbitTemplate.class);
        ExecutorService senders = Executors.newFixedThreadPool(crowd);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<CorrelationData.Confirm>> confirms = new ArrayList<>();
            for (int i = 0; i < crowd; i++) {
                String id = "ready-" + i;
                confirms.add(senders.submit(() -> {
                    start.await();
                    CorrelationData correlation = new CorrelationData(id);
                    template.send(
                            "", queue, MessageBuilder.withBody(id.getBytes()).build(), correlation);
                    return correlation.getFuture().get(10, TimeUnit.SECONDS);
                }));
            }
            start.countDown();
            for (Future<CorrelationData.Confirm> confirm : confirms) {
                assertThat(confirm.get(15, TimeUnit.SECONDS).isAck()).isTrue();
            }
        } finally {
            counting.set(false);
            senders.shutdownNow();
            admin.deleteQueue(queue);
        }
        assertThat(opened)
                .as("channels opened by %d grants published at once", crowd)
                .hasValue(0);
        assertThat(confirmWaiters())
                .as("threads waiting for confirms: none started")
                .isLessThanOrEqualTo(waitersBefore);
        assertThat(waitersBefore).isGreaterThanOrEqualTo(publishing.getChannelCacheSize());
    }

    private CachingConnectionFactory publishing() {
        return (CachingConnectionFactory) bean(CachingConnectionFactory.class).getPublisherConnectionFactory();
    }

    private static long confirmWaiters() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("confirm-wait-"))
                .count();
    }

    /** Audit entries naming a rehearsal, or a record below zero. */
    private long rehearsalLikeAudit() {
        return jdbc().queryForObject(
                        "select count(*) from audit_log where actor like '%rehearsal%' or target_id like '-%' "
                                + "or detail like '%rehearsal%'",
                        Long.class);
    }
}
