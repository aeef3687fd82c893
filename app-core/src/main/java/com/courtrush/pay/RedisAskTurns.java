package com.courtrush.pay;

import com.courtrush.infra.redis.RedisKeys;
import java.time.Duration;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;

/** {@link AskTurns} as one short-lived key per order ({@link RedisKeys#payAsked}), set only when absent. */
@Component
class RedisAskTurns implements AskTurns {

    private final RedissonClient redisson;

    RedisAskTurns(RedissonClient redisson) {
        this.redisson = redisson;
    }

    @Override
    public boolean take(String outTradeNo, Duration every) {
        return redisson.<String>getBucket(RedisKeys.payAsked(outTradeNo), StringCodec.INSTANCE)
                .setIfAbsent("1", every);
    }
}
