package com.courtrush.backup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** One backup on demand a minute on a node (issue 75), on a monotonic clock the test moves. */
class OnDemandLimitTest {

    final AtomicLong nanos = new AtomicLong(-5_000_000_000L); // nanoTime may be any number, negative too
    final OnDemandLimit limit = new OnDemandLimit(Duration.ofMinutes(1), nanos::get);

    @Test
    void oneAMinuteTheNextRefusedWithWhenToTryAgain() {
        limit.claim();
        nanos.addAndGet(Duration.ofSeconds(20).toNanos());

        assertThatThrownBy(limit::claim).isInstanceOfSatisfying(CourtRushException.class, refused -> {
            assertThat(refused.outcome()).isEqualTo(Outcome.TOO_MANY_REQUESTS);
            assertThat(refused.status().value()).isEqualTo(429);
            assertThat(refused.retryAfter()).isEqualTo(Duration.ofSeconds(40));
            assertThat(refused.getMessage())
                    .isEqualTo("A backup was just made on demand; the next one can be made in 40 s.");
        });

        nanos.addAndGet(Duration.ofSeconds(40).toNanos());
        limit.claim();
    }

    @Test
    void aTurnWhoseBackupFailedIsGivenBack() {
        OnDemandLimit.Claim failed = limit.claim();
        limit.giveBack(failed);
        limit.claim();
        assertThatThrownBy(limit::claim).isInstanceOf(CourtRushException.class);
    }

    @Test
    void noLimitWhenTheSettingSaysNone() {
        OnDemandLimit none = new OnDemandLimit(Duration.ZERO, nanos::get);
        none.claim();
        none.claim();
    }
}
