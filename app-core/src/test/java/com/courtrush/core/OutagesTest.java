package com.courtrush.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.sql.SQLTransientConnectionException;
import org.apache.ibatis.exceptions.PersistenceException;
import org.junit.jupiter.api.Test;
import org.mybatis.spring.MyBatisSystemException;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisOutOfMemoryException;
import org.redisson.client.RedisResponseTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

/** Which failures are an outage (503), and which of those are worth waiting out (the consumer). */
class OutagesTest {

    @Test
    void aServiceThatCannotBeReachedIsWaitedOutWhereverTheFailureIsWrapped() {
        Exception wrapped = new MyBatisSystemException(new PersistenceException(new CannotGetJdbcConnectionException(
                "Failed to obtain JDBC Connection", new SQLTransientConnectionException("timed out"))));
        assertThat(Outages.isOutage(wrapped)).isTrue();
        assertThat(Outages.isUnreachable(wrapped)).isTrue();
        assertThat(Outages.isUnreachable(new RedisConnectionException("refused", new ConnectException())))
                .isTrue();
        assertThat(Outages.isUnreachable(new RedisResponseTimeoutException("no answer")))
                .isTrue();
        // a connection closed under a call, as Redisson completes it while a redis-server restarts
        assertThat(Outages.isUnreachable(
                        new java.util.concurrent.CompletionException(new java.nio.channels.ClosedChannelException())))
                .isTrue();
    }

    @Test
    void aFailureTheServiceReportsWhileUpIsNotWaitedFor() {
        // a script error, Redis out of memory, a disk full reported by the database: waiting would block the queue
        assertThat(Outages.isUnreachable(new RedisException("ERR Error running script")))
                .isFalse();
        assertThat(Outages.isUnreachable(new RedisOutOfMemoryException("OOM command not allowed")))
                .isFalse();
        assertThat(Outages.isUnreachable(new TransientDataAccessResourceException("disk full")))
                .isFalse();
        assertThat(Outages.isOutage(new TransientDataAccessResourceException("disk full")))
                .isTrue();
    }
}
