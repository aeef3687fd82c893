package com.courtrush.infra.redis;

import com.courtrush.core.Futures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.redisson.Redisson;
import org.redisson.api.BatchOptions;
import org.redisson.api.BatchResult;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RScriptAsync;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisNoScriptException;
import org.redisson.client.RedisTimeoutException;
import org.redisson.connection.ConnectionManager;
import org.redisson.connection.MasterSlaveEntry;

/**
 * Runs one Lua script's typed calls ({@link RedisScript}) for many request threads, sending the calls
 * that arrive while a batch is on its way to Redis together, as the next pipelined batch (Redisson's
 * {@link RBatch}: one write, one read, one wake-up of the I/O thread for all of them). A lone call goes at once, so nothing waits
 * for company; under a crowd, each round trip carries every call that queued behind the previous
 * one. Each call stays its own {@code EVALSHA}, atomic on its own, and gets its own reply, settled
 * from its own answer. On a Redis Cluster the calls go as one batch per master, as one of them may
 * have lost its scripts (a failover, a restart) while the others ran theirs. The calls Redis
 * answered NOSCRIPT did not run: the script is loaded and those calls, and only those, are sent
 * again. A caller waits at most {@code deadline} (Redis slow, paused or cut off: a 503 within a
 * second, whatever Redisson's own timeout). A call still waiting to be sent by then is dropped unsent:
 * what is never sent is never decided. One sent and answered after its caller gave up is handed to
 * the caller's {@code answeredLate}, so a place granted to nobody is given back at once. A batch not
 * back by the deadline no longer holds the next one; but a master that has not answered its last batch
 * is sent nothing more until it does (a call for it fails unsent at once), so a paused Redis does not
 * pile up decisions to undo, and a Cluster master that died does not hold up the others, nor its
 * promoted replica. A reply is read into the script's reply type on the caller's thread; one that comes
 * after its caller gave up is read on the thread that brings it, for the caller's late-answer callback.
 *
 * @param <C> the script's call
 * @param <R> what its reply is read into
 */
public final class ScriptPipeline<C extends ScriptCall, R> {

    /** Calls per batch at most: a bound on one write, far above the request threads of a node. */
    static final int MAX_BATCH = 256;

    private static final Object ANY_MASTER = new Object();
    private static final long IDLE = Long.MIN_VALUE;
    /**
     * How long a batch sent to Redis waits for its answer: longer than a pause of the server (its callers
     * are answered at their deadline meanwhile; nothing else can be decided while it is paused).
     */
    static final Duration LATE_ANSWER = Duration.ofSeconds(30);

    private static final BatchOptions WAIT_FOR_LATE_ANSWERS = BatchOptions.defaults()
            .responseTimeout(LATE_ANSWER.toMillis(), TimeUnit.MILLISECONDS)
            .retryAttempts(0);

    private final RedissonClient redisson;
    private final RedisScript<C, R> script;
    private final Queue<Call> waiting = new ConcurrentLinkedQueue<>();
    /**
     * When the batch on its way was sent ({@link System#nanoTime}), or {@link #IDLE}. A batch not back
     * within the deadline no longer holds the next one: its callers have been answered, and a master
     * that died with it (a Cluster failover) must not hold the others' calls until its late-answer wait ends.
     */
    private final AtomicLong onItsWaySince = new AtomicLong(IDLE);
    /**
     * The masters (Redisson's client of each, which a failover replaces) with a batch sent and not yet
     * answered: no further batch goes to one of them until it answers.
     */
    private final Map<Object, Object> unanswered = new ConcurrentHashMap<>();
    /** Where Redisson routes a key (null for a client that is not Redisson's own). */
    private final ConnectionManager connections;

    private final long deadlineNanos;

    public ScriptPipeline(RedissonClient redisson, RedisScript<C, R> script, Duration deadline) {
        this.redisson = redisson;
        this.script = script;
        this.deadlineNanos = deadline.toNanos();
        this.connections =
                redisson instanceof Redisson own ? own.getCommandExecutor().getConnectionManager() : null;
    }

    /** Runs the call and waits for its reply. */
    public R call(C call) {
        return call(call, late -> {});
    }

    /**
     * The same, waiting at most the deadline from now: a call sent to a Redis that has not answered
     * by then fails with a {@link RedisTimeoutException}, as one never sent does, and should Redis
     * run it after all (a paused server resumed), {@code answeredLate} is given its reply, so that
     * what it decided can be undone at once.
     */
    public R call(C typed, Consumer<R> answeredLate) {
        Call call = new Call(typed.keys(), typed.args(), new CompletableFuture<>(), System.nanoTime());
        waiting.add(call);
        sendWaiting();
        Object raw;
        try {
            raw = call.reply.get(deadlineNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException late) {
            call.reply.thenAccept(lateRaw -> answeredLate.accept(script.read(lateRaw)));
            throw new RedisTimeoutException("Redis gave no answer within "
                    + Duration.ofNanos(deadlineNanos).toMillis() + " ms");
        } catch (ExecutionException e) {
            if (Futures.cause(e.getCause()) instanceof RuntimeException cause) {
                throw cause;
            }
            throw new IllegalStateException("The script call failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            call.reply.thenAccept(lateRaw -> answeredLate.accept(script.read(lateRaw)));
            throw new RedisTimeoutException("Interrupted while waiting for Redis");
        }
        return script.read(raw);
    }

    /**
     * Sends what is waiting unless a batch is already on its way (and not overdue); its completion sends
     * the rest.
     */
    private void sendWaiting() {
        while (!waiting.isEmpty()) {
            long since = onItsWaySince.get();
            long now = System.nanoTime();
            if (since != IDLE && now - since <= deadlineNanos) {
                return;
            }
            long sent = now == IDLE ? now + 1 : now;
            if (!onItsWaySince.compareAndSet(since, sent)) {
                continue;
            }
            List<Call> batch = new ArrayList<>();
            Call call;
            while (batch.size() < MAX_BATCH && (call = waiting.poll()) != null) {
                if (now - call.arrivedNanos > deadlineNanos) {
                    call.reply.completeExceptionally(new RedisTimeoutException("Not sent to Redis within "
                            + Duration.ofNanos(deadlineNanos).toMillis() + " ms of arriving; dropped unsent"));
                } else {
                    batch.add(call);
                }
            }
            if (batch.isEmpty()) {
                onItsWaySince.compareAndSet(sent, IDLE);
            } else {
                sendToEachMaster(batch, sent);
            }
        }
    }

    /**
     * One pipelined batch per Redis master the calls go to (one, but on a Cluster): a master that has
     * lost its scripts then answers NOSCRIPT for its own batch only, and Redisson settles each batch
     * apart, so what another master ran is never sent again. The next batch goes when all are back, or
     * once the deadline has passed without them.
     */
    private void sendToEachMaster(List<Call> batch, long sent) {
        Map<Object, List<Call>> byMaster =
                batch.stream().collect(Collectors.groupingBy(this::masterOf, LinkedHashMap::new, Collectors.toList()));
        AtomicInteger left = new AtomicInteger(byMaster.size());
        Runnable back = () -> {
            // a batch overtaken by the next one (it was overdue) leaves the next one's mark alone
            if (left.decrementAndGet() == 0 && onItsWaySince.compareAndSet(sent, IDLE)) {
                sendWaiting();
            }
        };
        byMaster.forEach((master, calls) -> {
            if (unanswered.containsKey(master)) {
                // its last batch is still unanswered (paused, cut off, dead): more calls would only pile up there,
                // to be decided when it resumes and undone; what is never sent decides nothing
                calls.forEach(call -> call.reply.completeExceptionally(
                        new RedisTimeoutException("Not sent: Redis has not answered the calls sent to it before")));
                back.run();
            } else {
                send(master, calls, true, back);
            }
        });
    }

    /** The master of a call's first key, as Redisson routes it (without asking Redis); one key for any other. */
    private Object masterOf(Call call) {
        MasterSlaveEntry entry = connections == null || call.keys.isEmpty()
                ? null
                : connections.getEntry(call.keys.get(0).toString());
        // the entry's client, not the entry: a failover keeps the entry and gives it the promoted master's client
        Object master = entry == null ? null : entry.getClient();
        return master == null ? ANY_MASTER : master;
    }

    private void send(Object master, List<Call> batch, boolean reloadIfUnknown, Runnable back) {
        // this batch's own mark: a late batch answering never clears the mark of a newer one to the same master
        Object mark = new Object();
        unanswered.put(master, mark);
        // a paused Redis answers what it was sent when it resumes: the batch waits for that answer (its callers
        // gave up at their deadline), so that what Redis decided reaches answeredLate and can be undone
        List<CompletableFuture<Object>> answers = new ArrayList<>(batch.size());
        RFuture<BatchResult<?>> sent;
        try {
            RBatch pipeline = redisson.createBatch(WAIT_FOR_LATE_ANSWERS);
            RScriptAsync calls = pipeline.getScript();
            for (Call call : batch) {
                answers.add(calls.<Object>evalShaAsync(
                                script.mode(), script.lua().sha1(), script.returnType(), call.keys, call.args)
                        .toCompletableFuture());
            }
            sent = pipeline.executeAsync();
        } catch (RuntimeException e) {
            // not sent (Redisson shutting down, say): nothing was decided
            unanswered.remove(master, mark);
            batch.forEach(call -> call.reply.completeExceptionally(e));
            back.run();
            return;
        }
        sent.whenComplete((replies, error) -> {
            unanswered.remove(master, mark);
            List<Call> unknown = new ArrayList<>();
            try {
                for (int i = 0; i < batch.size(); i++) {
                    Call call = batch.get(i);
                    CompletableFuture<Object> answer = answers.get(i);
                    if (answer.isDone() && !answer.isCompletedExceptionally()) {
                        call.reply.complete(answer.join());
                        continue;
                    }
                    // a call's own error; the batch's when the call got no answer of its own
                    Throwable cause = answer.isDone()
                            ? Futures.cause(answer.handle((ok, e) -> e).join())
                            : Futures.cause(
                                    error == null
                                            ? new IllegalStateException("Redis gave this call of the batch no answer")
                                            : error);
                    if (reloadIfUnknown && cause instanceof RedisNoScriptException) {
                        unknown.add(call);
                    } else {
                        call.reply.completeExceptionally(cause);
                    }
                }
            } finally {
                if (unknown.isEmpty()) {
                    back.run();
                }
            }
            if (!unknown.isEmpty()) {
                redisson.getScript().scriptLoadAsync(script.lua().source()).whenComplete((sha1, loadError) -> {
                    if (loadError != null) {
                        unknown.forEach(call -> call.reply.completeExceptionally(Futures.cause(loadError)));
                        back.run();
                    } else {
                        send(master, unknown, false, back);
                    }
                });
            }
        });
    }

    private record Call(List<Object> keys, Object[] args, CompletableFuture<Object> reply, long arrivedNanos) {}
}
