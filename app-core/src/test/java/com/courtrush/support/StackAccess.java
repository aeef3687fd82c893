package com.courtrush.support;

import org.redisson.api.RedissonClient;
import org.springframework.jdbc.core.JdbcTemplate;

/** What scenario interfaces need from the running engine they test. */
public interface StackAccess {

    TestApi api();

    JdbcTemplate jdbc();

    RedissonClient redisson();

    StockInvariants invariants();

    /** A bean of the running engine (a spy where the test stack installs one). */
    <T> T bean(Class<T> type);
}
