package com.courtrush.support.fakes;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.SmartTransactionObject;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Transactions without a database: Spring's own machinery, so code inside one sees an actual transaction and its
 * {@code afterCommit} callbacks run after a commit and never after a rollback. The fake stores registered here are
 * put back as they were when a transaction rolls back, as the database would — whole: a rollback while another
 * thread's transaction changes the same store is not modelled (the tests that race threads commit or refuse
 * before writing). As with a database, a transaction started inside another on the same thread joins it
 * ({@code REQUIRED}: one commit, at the end of the outer one; a rollback inside marks the whole for rollback) and
 * one that asks for its own ({@code REQUIRES_NEW}) suspends it and commits alone. {@code NESTED} is refused, as
 * by a manager without savepoints: the engine does not use it.
 */
public final class FakeTransactions extends AbstractPlatformTransactionManager {

    /** A fake store that can be put back as it was at the start of a transaction. */
    public interface Undoable {

        /** What the store holds now; running it puts that back. */
        Runnable checkpoint();
    }

    private final List<Undoable> stores = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Tx> current = new ThreadLocal<>();
    private final AtomicInteger commits = new AtomicInteger();
    private final AtomicInteger rollbacks = new AtomicInteger();

    public FakeTransactions(Undoable... stores) {
        this.stores.addAll(List.of(stores));
    }

    public TransactionTemplate template() {
        return new TransactionTemplate(this);
    }

    /** Runs {@code work} in a transaction of its own. */
    public <T> T inTransaction(Supplier<T> work) {
        return template().execute(status -> work.get());
    }

    public int commits() {
        return commits.get();
    }

    public int rollbacks() {
        return rollbacks.get();
    }

    @Override
    protected Object doGetTransaction() {
        return new Handle(current.get());
    }

    @Override
    protected boolean isExistingTransaction(Object transaction) {
        return ((Handle) transaction).tx != null;
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        Tx tx = new Tx();
        for (Undoable store : stores) {
            tx.undo.add(0, store.checkpoint());
        }
        ((Handle) transaction).tx = tx;
        current.set(tx);
    }

    @Override
    protected Object doSuspend(Object transaction) {
        ((Handle) transaction).tx = null;
        Tx suspended = current.get();
        current.remove();
        return suspended;
    }

    @Override
    protected void doResume(Object transaction, Object suspendedResources) {
        current.set((Tx) suspendedResources);
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
        commits.incrementAndGet();
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
        rollbacks.incrementAndGet();
        ((Handle) status.getTransaction()).tx.undo.forEach(Runnable::run);
    }

    @Override
    protected void doSetRollbackOnly(DefaultTransactionStatus status) {
        ((Handle) status.getTransaction()).tx.rollbackOnly = true;
    }

    @Override
    protected void doCleanupAfterCompletion(Object transaction) {
        current.remove();
    }

    /** A transaction in progress: how to put the stores back, and whether a part of it asked for a rollback. */
    private static final class Tx {
        final List<Runnable> undo = new CopyOnWriteArrayList<>();
        volatile boolean rollbackOnly;
    }

    /** What Spring holds for one use of a transaction: the thread's transaction it joins or began, if any. */
    private static final class Handle implements SmartTransactionObject {
        Tx tx;

        Handle(Tx tx) {
            this.tx = tx;
        }

        @Override
        public boolean isRollbackOnly() {
            return tx != null && tx.rollbackOnly;
        }

        @Override
        public void flush() {
            // nothing is buffered: the fake stores change at once
        }
    }
}
