package com.courtrush.monitor.api;

import com.courtrush.reserve.api.DeadLetter;
import com.courtrush.reserve.api.QueueHistory;
import com.courtrush.reserve.api.ReserveTotals;
import java.util.List;
import java.util.Map;

/**
 * The reserve pipeline's queues as the dashboard shows them.
 *
 * @param totals    this node's running totals
 * @param inFlight  grants not yet recorded (all nodes); {@code pending} lists the oldest
 * @param history   the queues' last minutes second by second and today's totals, all nodes together
 * @param sampledAt epoch ms of this snapshot
 */
public record QueuesView(
        QueueStats reserveQueue,
        QueueStats deadLetterQueue,
        ReserveTotals totals,
        int inFlight,
        List<PendingGrant> pending,
        ReconcilerRun reconciler,
        List<DeadLetter> deadLetters,
        Map<Long, String> studentIds,
        QueueHistory history,
        long sampledAt) {}
