package com.courtrush.core;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log of input from outside that was refused — a forged logout, a notification not signed by WeChat Pay, a
 * directory's return nobody began: anyone may send it, so no sender can fill the log with it (issue 75). Each is one
 * line without a stack trace, at WARN at most {@link #LINES_PER_MINUTE} a minute for each kind of refusal, whoever
 * sends it; the rest go to DEBUG, and the next WARN line says how many there were since the last one.
 *
 * <p>Kinds are the few fixed phrases of the code that refuses ("a CAS logout", "an OpenID logout token"), never text
 * from the input itself, so the kinds stay few.
 */
public final class OutsideRefusals {

    public static final int LINES_PER_MINUTE = 3;

    private final Logger log;
    private final TimeMeter clock;
    private final Map<String, Kind> kinds = new ConcurrentHashMap<>();

    /** Refusals logged under the logger of the class that refuses them. */
    public OutsideRefusals(Class<?> refusedBy) {
        this(refusedBy, TimeMeter.SYSTEM_MILLISECONDS);
    }

    OutsideRefusals(Class<?> refusedBy, TimeMeter clock) {
        this.log = LoggerFactory.getLogger(refusedBy);
        this.clock = clock;
    }

    private record Kind(Bucket lines, AtomicLong quiet) {}

    private Kind newKind() {
        return new Kind(
                Bucket.builder()
                        .addLimit(Bandwidth.builder()
                                .capacity(LINES_PER_MINUTE)
                                .refillGreedy(LINES_PER_MINUTE, Duration.ofMinutes(1))
                                .build())
                        .withCustomTimePrecision(clock)
                        .build(),
                new AtomicLong());
    }

    /**
     * One refusal of this kind: {@code why} says what was wrong with it, its arguments made {@link LogSafe} here.
     * Answers whether it was logged at WARN (the first of the minute): what else is said of it (an audit row) may
     * follow the same rhythm.
     */
    public boolean refused(String kind, String why, Object... args) {
        Object[] safe = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            safe[i] = args[i] instanceof Number ? args[i] : LogSafe.of(String.valueOf(args[i]));
        }
        String line = kind + " was refused: " + why;
        Kind of = kinds.computeIfAbsent(kind, k -> newKind());
        if (!of.lines().tryConsume(1)) {
            of.quiet().incrementAndGet();
            log.debug(line, safe);
            return false;
        }
        long quiet = of.quiet().getAndSet(0);
        if (quiet > 0) {
            log.warn(line + " ({} more since the last line of this kind)", append(safe, quiet));
        } else {
            log.warn(line, safe);
        }
        return true;
    }

    private static Object[] append(Object[] args, Object last) {
        Object[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = last;
        return all;
    }
}
