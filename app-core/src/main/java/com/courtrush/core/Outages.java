package com.courtrush.core;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import org.redisson.client.RedisBusyException;
import org.redisson.client.RedisClusterDownException;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisLoadingException;
import org.redisson.client.RedisMasterDownException;
import org.redisson.client.RedisReadonlyException;
import org.redisson.client.RedisReconnectedException;
import org.redisson.client.RedisTimeoutException;
import org.redisson.client.RedisTryAgainException;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

/**
 * Whether a failure means Redis, the broker or the database cannot be reached — answered 503 with
 * Retry-After, not 500. Judged by the whole cause chain: MyBatis, Spring and the drivers each wrap
 * (a {@code MyBatisSystemException} around a {@code CannotGetJdbcConnectionException} was a 500).
 */
public final class Outages {

    /** How long a client should wait before trying again. */
    public static final Duration RETRY_AFTER = Duration.ofSeconds(5);

    private static final int MAX_DEPTH = 16;

    private Outages() {}

    /** The failure and its causes, one line: what an operator needs to tell which service is down. */
    public static String describe(Throwable failure) {
        StringBuilder line = new StringBuilder();
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++) {
            line.append(depth == 0 ? "" : " <- ")
                    .append(cause.getClass().getSimpleName())
                    .append(": ")
                    .append(cause.getMessage());
            cause = cause.getCause() == cause ? null : cause.getCause();
        }
        return line.toString();
    }

    /**
     * Narrower than {@link #isOutage}: the service cannot be reached at all (refused, timed out,
     * connection lost, loading, failing over) — worth waiting for. A failure the service reports
     * while up (disk full, out of memory, a script error, a constraint) is not.
     */
    public static boolean isUnreachable(Throwable failure) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++) {
            if (cause instanceof RedisConnectionException
                    || cause instanceof RedisTimeoutException
                    || cause instanceof RedisLoadingException
                    || cause instanceof RedisMasterDownException
                    || cause instanceof RedisReconnectedException
                    || cause instanceof RedisTryAgainException
                    || cause instanceof RedisClusterDownException
                    || cause instanceof RedisReadonlyException
                    || cause instanceof RedisBusyException
                    || cause instanceof AmqpConnectException
                    || cause instanceof DataAccessResourceFailureException
                    || cause instanceof RecoverableDataAccessException
                    || cause instanceof QueryTimeoutException
                    || cause instanceof CannotGetJdbcConnectionException
                    || cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLRecoverableException
                    || cause instanceof SQLNonTransientConnectionException
                    || cause instanceof ConnectException
                    || cause instanceof ClosedChannelException
                    || cause instanceof SocketTimeoutException) {
                return true;
            }
            cause = cause.getCause() == cause ? null : cause.getCause();
        }
        return false;
    }

    /** The back-end part an outage is of, as a person is told it. */
    public enum Part {
        DATABASE,
        REDIS,
        BROKER,
        /** A connection refused or timed out, the part not named by its cause. */
        NETWORK
    }

    /** Which part {@code failure} is an outage of ({@link #isOutage}), or null when it is not an outage. */
    public static Part partOf(Throwable failure) {
        if (!isOutage(failure)) {
            return null;
        }
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++) {
            if (cause instanceof RedisException) {
                return Part.REDIS;
            }
            if (cause instanceof AmqpConnectException) {
                return Part.BROKER;
            }
            if (cause instanceof DataAccessResourceFailureException
                    || cause instanceof TransientDataAccessException
                    || cause instanceof CannotGetJdbcConnectionException
                    || cause instanceof java.sql.SQLException) {
                return Part.DATABASE;
            }
            cause = cause.getCause() == cause ? null : cause.getCause();
        }
        return Part.NETWORK;
    }

    public static boolean isOutage(Throwable failure) {
        Throwable cause = failure;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++) {
            if (cause instanceof RedisException
                    || cause instanceof AmqpConnectException
                    || cause instanceof DataAccessResourceFailureException
                    || cause instanceof TransientDataAccessException
                    || cause instanceof CannotGetJdbcConnectionException
                    || cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLRecoverableException
                    || cause instanceof ConnectException
                    || cause instanceof ClosedChannelException
                    || cause instanceof SocketTimeoutException) {
                return true;
            }
            cause = cause.getCause() == cause ? null : cause.getCause();
        }
        return false;
    }
}
