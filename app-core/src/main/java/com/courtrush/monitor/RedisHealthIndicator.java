package com.courtrush.monitor;

import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.stereotype.Component;

/** {@code redis} in actuator health: one PING round trip through Redisson. */
@Component("redis")
class RedisHealthIndicator extends AbstractHealthIndicator {

    private final RedissonClient redisson;

    RedisHealthIndicator(RedissonClient redisson) {
        super("Redis health check failed");
        this.redisson = redisson;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        long started = System.nanoTime();
        Object pong = redisson.getScript()
                .eval(RScript.Mode.READ_ONLY, "return redis.call('PING')", RScript.ReturnType.STATUS);
        builder.up()
                .withDetail("reply", String.valueOf(pong))
                .withDetail("latencyMicros", (System.nanoTime() - started) / 1000);
    }
}
