package com.courtrush.infra.lifecycle;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/**
 * Whether this node is in a maintenance of its own — its embedded database closed to be compacted (issue 77) — and
 * until when at the latest: while it is, requests are answered at once that the system is being tidied, with when to
 * ask again, rather than each waiting for a connection the pool does not give.
 */
@Component
public class Maintenance {

    /** A maintenance under way: what it is, and the latest it ends. */
    public record Window(String what, Instant until) {}

    private final AtomicReference<Window> current = new AtomicReference<>();

    /** Starts one that ends by {@code within} from now at the latest; answers false when one is under way already. */
    public boolean begin(String what, Duration within) {
        return current.compareAndSet(null, new Window(what, Instant.now().plus(within)));
    }

    public void end() {
        current.set(null);
    }

    /** The maintenance under way, if any. */
    public Optional<Window> now() {
        return Optional.ofNullable(current.get());
    }
}
