package com.courtrush.slot;

import com.courtrush.opening.GateReading;
import java.util.Map;

/** Live stock and gate state of an opening, kept by the reserve engine (in Redis). */
public interface LiveStock {

    /** Permits left per slot and the gate, as Redis said at most a moment ago. */
    Snapshot snapshot(SessionCatalog catalog);

    /**
     * Permits left per slot and the gate, read from Redis now: for an answer that follows a decision (a draw's
     * loser told what is left), which must not offer what the decision already took. What it reads also
     * replaces the moment-old snapshot.
     */
    Snapshot now(SessionCatalog catalog);

    /**
     * @param permits permits left per slot id; a slot Redis does not know (not warmed) is absent
     * @param gate    the gate with Redis's clock, to ask "open now?" and "opens in?" at any later moment
     */
    record Snapshot(Map<Long, Integer> permits, GateReading gate) {}
}
