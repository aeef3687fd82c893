package com.courtrush.infra.config;

import javax.sql.DataSource;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.TransactionDefinition;

/**
 * The engine's transaction manager: Spring's JDBC one, which also tells {@link AfterTransaction} when a transaction
 * has got its connection and when it has given it back.
 */
final class ConnectionReturningTransactionManager extends JdbcTransactionManager {

    ConnectionReturningTransactionManager(DataSource dataSource) {
        super(dataSource);
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        super.doBegin(transaction, definition);
        AfterTransaction.opened(); // only once it holds a connection: a failed begin is never cleaned up
    }

    @Override
    protected void doCleanupAfterCompletion(Object transaction) {
        try {
            super.doCleanupAfterCompletion(transaction);
        } finally {
            AfterTransaction.closed();
        }
    }
}
