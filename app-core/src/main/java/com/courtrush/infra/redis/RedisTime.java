package com.courtrush.infra.redis;

import java.util.List;
import org.redisson.api.RScript;

/** Redis's clock: the one every node shares, and the one the scripts decide by. */
public final class RedisTime {

    private static final String TIME = "return redis.call('TIME')";

    private RedisTime() {}

    /** Redis's current time, epoch milliseconds (on a Cluster, any master's). */
    public static long nowMillis(RScript script) {
        return millis(script.eval(RScript.Mode.READ_ONLY, TIME, RScript.ReturnType.MULTI));
    }

    /**
     * The current time of the Redis that holds an opening's keys — on a Cluster, the master of its hash
     * slot, whose clock stamped what its scripts wrote (grant times, the settled and released logs).
     */
    public static long nowMillis(RScript script, long sessionId) {
        return millis(script.eval(
                RScript.Mode.READ_ONLY, TIME, RScript.ReturnType.MULTI, List.of(RedisKeys.warm(sessionId))));
    }

    private static long millis(List<Object> time) {
        return Long.parseLong(time.get(0).toString()) * 1000
                + Long.parseLong(time.get(1).toString()) / 1000;
    }
}
