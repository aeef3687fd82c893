package com.courtrush.pay;

import com.courtrush.notice.StaffAlerts;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * How WeChat Pay answers the live gateway, call by call (issue 74): not reached (no answer, or WeChat Pay's own 5xx)
 * and not verified (an answer whose signature WeChat Pay's public key on file does not verify) are each an episode,
 * told to staff once, at its first failure — a student was just refused. An episode ends when WeChat Pay answers as
 * it should (not reached: any answer; not verified: a verified one), and one that comes back within {@link #QUIET}
 * of its end is the same episode, not told again: a flapping line is one alert. Each node watches its own calls.
 */
@Component
class WechatPayWatch {

    private static final Logger log = LoggerFactory.getLogger(WechatPayWatch.class);
    static final Duration QUIET = Duration.ofMinutes(10);

    private final StaffAlerts alerts;
    private final Clock clock;
    private final Episode unreached = new Episode();
    private final Episode unverified = new Episode();

    WechatPayWatch(StaffAlerts alerts, Clock clock) {
        this.alerts = alerts;
        this.clock = clock;
    }

    /** WeChat Pay answered and its signed answer verified. */
    void verified() {
        LocalDateTime now = LocalDateTime.now(clock);
        unreached.ended(now);
        unverified.ended(now);
    }

    /** WeChat Pay answered with nothing to verify (a refusal, or no body). */
    void reached() {
        unreached.ended(LocalDateTime.now(clock));
    }

    /** Asking WeChat Pay to {@code what} got no answer, or WeChat Pay's own error (5xx). */
    void unreached(String what, Exception e) {
        LocalDateTime since = unreached.failed(LocalDateTime.now(clock));
        if (since != null) {
            log.error(
                    "WeChat Pay cannot be reached since {} ({}: {}); staff are told once for this outage",
                    since,
                    what,
                    e.toString());
            alerts.wechatPayUnreachable(since, what);
        }
    }

    /** WeChat Pay's answer to {@code what} did not verify with the public key on file, {@code publicKeyId}. */
    void unverified(String what, String publicKeyId) {
        reached();
        LocalDateTime since = unverified.failed(LocalDateTime.now(clock));
        if (since != null) {
            log.error(
                    "WeChat Pay's answers do not verify with its public key on file ({}) since {} ({}): students cannot "
                            + "pay online until a manager sets WeChat Pay's current public key; staff are told once",
                    publicKeyId,
                    since,
                    what);
            alerts.wechatPayUnverified(since, publicKeyId);
        }
    }

    /** Failures with no {@link #QUIET} stretch of good answers between them. */
    private static final class Episode {
        private LocalDateTime since;
        private LocalDateTime endedAt;
        private boolean told;

        /** A failure now: when its episode began, if it is to be told now (its first failure); else null. */
        synchronized LocalDateTime failed(LocalDateTime now) {
            if (since == null || endedAt != null && !now.isBefore(endedAt.plus(QUIET))) {
                since = now.withNano(0);
                told = false;
            }
            endedAt = null;
            if (told) {
                return null;
            }
            told = true;
            return since;
        }

        synchronized void ended(LocalDateTime now) {
            if (since != null && endedAt == null) {
                endedAt = now;
            }
        }
    }
}
