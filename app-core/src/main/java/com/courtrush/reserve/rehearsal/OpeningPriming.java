package com.courtrush.reserve.rehearsal;

import com.courtrush.account.TokenService;
import com.courtrush.infra.amqp.PublisherChannels;
import com.courtrush.opening.OpeningCalendar;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Before each opening, once per node: the students' token states, read in one query ({@link
 * TokenService#primeStudents}), which each student's first request after a restart read alone, and the publishing
 * channels ready. Asked every half minute by {@link RushRehearsal}'s housekeeping.
 */
@Component
class OpeningPriming {

    private static final Logger log = LoggerFactory.getLogger(OpeningPriming.class);

    /** The students' token states are read this long before an opening's flash time. */
    static final Duration PRIME_BEFORE = Duration.ofMinutes(10);

    private final OpeningCalendar calendar;
    private final TokenService tokens;
    private final PublisherChannels channels;
    private final Clock clock;
    private final Set<Long> primed = ConcurrentHashMap.newKeySet();

    OpeningPriming(OpeningCalendar calendar, TokenService tokens, PublisherChannels channels, Clock clock) {
        this.calendar = calendar;
        this.tokens = tokens;
        this.channels = channels;
        this.clock = clock;
    }

    /** Primes for the openings whose flash time is within {@link #PRIME_BEFORE}, each once. */
    void primeBeforeOpenings() {
        try {
            LocalDateTime now = LocalDateTime.now(clock);
            List<Long> due = calendar.flashTimes(now.toLocalDate()).entrySet().stream()
                    .filter(opening -> opening.getValue().isAfter(now)
                            && !opening.getValue().isAfter(now.plus(PRIME_BEFORE)))
                    .map(Map.Entry::getKey)
                    .filter(primed::add)
                    .toList();
            if (!due.isEmpty()) {
                long begin = System.nanoTime();
                int read = tokens.primeStudents();
                log.info(
                        "Read {} students' token states for opening(s) {} in {} ms; {} publishing channels ready",
                        read,
                        due,
                        (System.nanoTime() - begin) / 1_000_000,
                        channels.fill());
            }
        } catch (RuntimeException e) {
            log.warn(
                    "The students' token states could not be read before an opening; each is read at its first request: {}",
                    e.toString());
        }
    }
}
