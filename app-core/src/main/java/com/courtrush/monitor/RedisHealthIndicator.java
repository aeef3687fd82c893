package com.courtrush.monitor;

import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;
import org.springframework.stereotype.Component;

/** {@code redis} in actuator health: one PING round trip through Redisson ({@link PingCall}). */
@Component("redis")
class RedisHealthIndicator extends AbstractHealthIndicator {

    private final RScript script;

    RedisHealthIndicator(RedissonClient redisson) {
        super("Redis health check failed");
        this.script = redisson.getScript();
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        long started = System.nanoTime();
        PingCall.Reply pong = PingCall.SCRIPT.call(script, new PingCall());
        builder.up()
                .withDetail("reply", pong.status())
                .withDetail("latencyMicros", (System.nanoTime() - started) / 1000);
    }
}
