package com.courtrush.support.fakes;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Transactions without a database: Spring's own machinery, so code inside one sees an actual transaction and its
 * {@code afterCommit} callbacks run after a commit and never after a rollback. The fake stores registered here are
 * put back as they were when a transaction rolls back, as the database would — whole: a rollback while another
 * thread's transaction changes the same store is not modelled (the tests that race threads commit or refuse
 * before writing).
 */
public final class FakeTransactions extends AbstractPlatformTransactionManager {

    /** A fake store that can be put back as it was at the start of a transaction. */
    public interface Undoable {

        /** What the store holds now; running it puts that back. */
        Runnable checkpoint();
    }

    private final List<Undoable> stores = new CopyOnWriteArrayList<>();
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
        return new Tx();
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        Tx tx = (Tx) transaction;
        for (Undoable store : stores) {
            tx.undo.add(0, store.checkpoint());
        }
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
        commits.incrementAndGet();
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
        rollbacks.incrementAndGet();
        ((Tx) status.getTransaction()).undo.forEach(Runnable::run);
    }

    private static final class Tx {
        final List<Runnable> undo = new CopyOnWriteArrayList<>();
    }
}
