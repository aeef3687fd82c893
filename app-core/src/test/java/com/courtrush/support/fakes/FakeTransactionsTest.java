package com.courtrush.support.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.UnexpectedRollbackException;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/** The fake transactions behave as a database's do where the services' unit tests rely on it. */
class FakeTransactionsTest {

    /** A store of one number, put back on rollback. */
    private static final class Counter implements FakeTransactions.Undoable {
        final AtomicInteger value = new AtomicInteger();

        @Override
        public Runnable checkpoint() {
            int was = value.get();
            return () -> value.set(was);
        }
    }

    private final Counter counter = new Counter();
    private final FakeTransactions transactions = new FakeTransactions(counter);
    private final List<String> afterCommit = new ArrayList<>();

    private void onCommit(String what) {
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                afterCommit.add(what);
            }
        });
    }

    @Test
    void aTransactionInsideAnotherJoinsItAndCommitsOnceAtItsEnd() {
        transactions.inTransaction(() -> {
            counter.value.incrementAndGet();
            transactions.inTransaction(() -> {
                counter.value.incrementAndGet();
                onCommit("inner");
                return null;
            });
            assertThat(afterCommit)
                    .as("nothing is committed before the outer transaction ends")
                    .isEmpty();
            return null;
        });

        assertThat(transactions.commits()).isEqualTo(1);
        assertThat(afterCommit).containsExactly("inner");
        assertThat(counter.value).hasValue(2);
    }

    @Test
    void aRollbackInsideRollsTheWholeBack() {
        assertThatThrownBy(() -> transactions.inTransaction(() -> {
                    counter.value.incrementAndGet();
                    transactions.template().executeWithoutResult(inner -> {
                        counter.value.incrementAndGet();
                        onCommit("inner");
                        inner.setRollbackOnly();
                    });
                    return null;
                }))
                .isInstanceOf(UnexpectedRollbackException.class);

        assertThat(counter.value).hasValue(0);
        assertThat(afterCommit).isEmpty();
        assertThat(transactions.commits()).isZero();
    }

    @Test
    void aTransactionOfItsOwnCommitsAloneAndSurvivesTheOuterRollback() {
        TransactionTemplate own = transactions.template();
        own.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);

        assertThatThrownBy(() -> transactions.inTransaction(() -> {
                    own.executeWithoutResult(inner -> onCommit("own"));
                    assertThat(afterCommit).containsExactly("own");
                    throw new IllegalStateException("the outer work fails");
                }))
                .hasMessage("the outer work fails");

        assertThat(transactions.commits()).isEqualTo(1);
        assertThat(transactions.rollbacks()).isEqualTo(1);
    }
}
