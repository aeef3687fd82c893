package com.courtrush.infra.redis;

import org.redisson.api.RScript;

/** Redis's clock: the one every node shares, and the one the scripts decide by ({@link TimeCall}). */
public final class RedisTime {

    private RedisTime() {}

    /** Redis's current time, epoch milliseconds (on a Cluster, any master's). */
    public static long nowMillis(RScript script) {
        return TimeCall.SCRIPT.call(script, new TimeCall(null)).epochMillis();
    }

    /**
     * The current time of the Redis that holds an opening's keys — on a Cluster, the master of its hash
     * slot, whose clock stamped what its scripts wrote (grant times, the settled and released logs).
     */
    public static long nowMillis(RScript script, long sessionId) {
        return TimeCall.SCRIPT.call(script, new TimeCall(sessionId)).epochMillis();
    }
}
