package com.courtrush.pay;

import com.courtrush.infra.redis.RedisKeys;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/** {@link PaymentLocks} as Redisson locks, one per reservation ({@link RedisKeys#payLock}). */
@Component
class RedisPaymentLocks implements PaymentLocks {

    private final RedissonClient redisson;

    RedisPaymentLocks(RedissonClient redisson) {
        this.redisson = redisson;
    }

    @Override
    public Optional<Held> tryLock(long reservationId, Duration wait, Duration lease) throws InterruptedException {
        RLock lock = redisson.getLock(RedisKeys.payLock(reservationId));
        if (!lock.tryLock(wait.toMillis(), lease.toMillis(), TimeUnit.MILLISECONDS)) {
            return Optional.empty();
        }
        return Optional.of(() -> {
            if (lock.isHeldByCurrentThread()) {
                lock.unlock();
            }
        });
    }
}
