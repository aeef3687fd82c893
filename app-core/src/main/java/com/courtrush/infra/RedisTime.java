package com.courtrush.infra;

import java.util.List;
import org.redisson.api.RScript;

/** Redis's clock: the one every node shares, and the one the scripts decide by. */
public final class RedisTime {

    private RedisTime() {
    }

    /** Redis's current time, epoch milliseconds. */
    public static long nowMillis(RScript script) {
        List<Object> time = script.eval(RScript.Mode.READ_ONLY, "return redis.call('TIME')", RScript.ReturnType.MULTI);
        return Long.parseLong(time.get(0).toString()) * 1000 + Long.parseLong(time.get(1).toString()) / 1000;
    }
}
