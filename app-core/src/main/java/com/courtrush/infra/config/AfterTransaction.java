package com.courtrush.infra.config;

import java.util.ArrayDeque;
import java.util.Deque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Work that needs the database after a commit, run once this thread holds no connection: when the outermost
 * transaction has committed and given its connection back to the pool, still on the same thread and before the
 * caller's transaction returns. Work that opened a transaction of its own from a commit's {@code afterCommit} held
 * the committed transaction's connection while waiting for a second one: as many such threads at once as the pool
 * has connections each held one and waited for another, and every transaction on the node waited with them until
 * the pool's timeout (a cancel racing the payment timeout found it). {@link ConnectionReturningTransactionManager}
 * counts the transactions open on each thread and runs what waits here when the count comes back to none.
 */
public final class AfterTransaction {

    private static final Logger log = LoggerFactory.getLogger(AfterTransaction.class);
    private static final ThreadLocal<int[]> OPEN = ThreadLocal.withInitial(() -> new int[1]);
    private static final ThreadLocal<Deque<Runnable>> WAITING = ThreadLocal.withInitial(ArrayDeque::new);

    private AfterTransaction() {}

    /** Runs {@code work} now if this thread holds no transaction's connection, else when its last one is returned. */
    public static void run(Runnable work) {
        if (OPEN.get()[0] == 0) {
            work.run();
        } else {
            WAITING.get().addLast(work);
        }
    }

    /** A transaction got its connection on this thread. */
    static void opened() {
        OPEN.get()[0]++;
    }

    /** A transaction gave its connection back: with none left open, what waits runs, in order. */
    static void closed() {
        int[] open = OPEN.get();
        open[0] = Math.max(0, open[0] - 1);
        if (open[0] > 0) {
            return;
        }
        // taken off the thread first: work it leaves for after its own transactions waits anew, and nothing is left
        // behind for an unrelated transaction of this pooled thread should an error end the run
        Deque<Runnable> waiting = WAITING.get();
        WAITING.remove();
        for (Runnable work = waiting.pollFirst(); work != null; work = waiting.pollFirst()) {
            try {
                work.run();
            } catch (RuntimeException e) {
                // the transaction it followed has committed: its caller is not failed for what came after
                log.error("Work after a committed transaction failed", e);
            }
        }
    }
}
