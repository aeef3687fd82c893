package com.courtrush.infra.lifecycle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/**
 * Whether this node is in a maintenance of its own, and until when: its embedded database closed to be compacted
 * (issue 77), or an upgrade a manager announced before stopping it (issue 80). While it is, requests are answered at
 * once that the system is in maintenance, with when it is back, rather than each waiting for a database closed or a
 * node about to stop.
 */
@Component
public class Maintenance {

    /** What a maintenance is: said to the students in its own words. */
    public enum Kind {
        /** The embedded database's file compacted: seconds; it ends when the file is open again. */
        COMPACTION,
        /** The node upgraded: announced for some minutes; it lapses at its end if the node was not stopped. */
        UPGRADE
    }

    /** A maintenance under way: what it is, since when, and the latest it ends. */
    public record Window(Kind kind, String what, Instant since, Instant until) {}

    private final AtomicReference<Window> current = new AtomicReference<>();
    private final Clock clock;

    public Maintenance(Clock clock) {
        this.clock = clock;
    }

    /** Starts one that ends by {@code within} from now at the latest; answers false when one is under way already. */
    public boolean begin(Kind kind, String what, Duration within) {
        now(); // one that lapsed is over
        Instant since = clock.instant();
        return current.compareAndSet(null, new Window(kind, what, since, since.plus(within)));
    }

    /**
     * Starts one of {@code kind}, or renews the one of that kind under way, to end by {@code within} from now: in one
     * step, so that a renewal never loses the window to another in between. False when one of another kind is under
     * way.
     */
    public boolean beginOrRenew(Kind kind, String what, Duration within) {
        while (true) {
            Window under = now().orElse(null);
            if (under != null && under.kind() != kind) {
                return false;
            }
            Instant since = clock.instant();
            if (current.compareAndSet(under, new Window(kind, what, since, since.plus(within)))) {
                return true;
            }
        }
    }

    /** Whether an upgrade is announced on this node now: the reserve lane leaves its requests to be answered so. */
    public boolean upgrading() {
        return now().filter(window -> window.kind() == Kind.UPGRADE).isPresent();
    }

    /** A moment of a window in the gym's wall time, to the second: what the page and the desk are told. */
    public LocalDateTime wallTime(Instant moment) {
        return LocalDateTime.ofInstant(moment, clock.getZone()).truncatedTo(ChronoUnit.SECONDS);
    }

    /** Ends the one under way if it is of {@code kind}: the window that ended, if any. */
    public Optional<Window> end(Kind kind) {
        Window window = current.get();
        if (window != null && window.kind() == kind && current.compareAndSet(window, null)) {
            return Optional.of(window);
        }
        return Optional.empty();
    }

    /** The maintenance under way, if any: an upgrade announced whose end has passed is not. */
    public Optional<Window> now() {
        Window window = current.get();
        if (window != null && window.kind() == Kind.UPGRADE && !clock.instant().isBefore(window.until())) {
            current.compareAndSet(window, null);
            return Optional.empty();
        }
        return Optional.ofNullable(window);
    }
}
