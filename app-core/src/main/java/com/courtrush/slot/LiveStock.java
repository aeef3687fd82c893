package com.courtrush.slot;

import com.courtrush.opening.GateReading;
import java.util.Map;

/** Live stock and gate state of an opening, kept by the reserve engine (in Redis). */
public interface LiveStock {

    /** Permits left per slot and the gate, as Redis said at most a moment ago. */
    Snapshot snapshot(SessionCatalog catalog);

    /**
     * Permits left per slot and the gate as Redis had them after {@code nanos} ({@link System#nanoTime()}): for an
     * answer that follows a decision this node saw made by then (a draw's losers told what is left), which must not
     * offer what that decision took. Redis is read again only when the snapshot held was read before; callers asking
     * meanwhile share that one read.
     */
    Snapshot since(SessionCatalog catalog, long nanos);

    /**
     * @param permits permits left per slot id; a slot Redis does not know (not warmed) is absent
     * @param gate    the gate with Redis's clock, to ask "open now?" and "opens in?" at any later moment
     * @param readFrom {@link System#nanoTime()} before it was asked of Redis
     */
    record Snapshot(Map<Long, Integer> permits, GateReading gate, long readFrom) {

        /** Whether it was asked of Redis after {@code nanos}. */
        public boolean readAfter(long nanos) {
            return readFrom - nanos >= 0;
        }
    }
}
