package com.courtrush.slot;

import com.courtrush.opening.GateReading;
import java.util.Map;

/** Live stock and gate state of an opening, kept by the reserve engine (in Redis). */
public interface LiveStock {

    /** Permits left per slot and the gate, as Redis said at most a moment ago. */
    Snapshot snapshot(SessionCatalog catalog);

    /**
     * @param permits permits left per slot id; a slot Redis does not know (not warmed) is absent
     * @param gate    the gate with Redis's clock, to ask "open now?" and "opens in?" at any later moment
     */
    record Snapshot(Map<Long, Integer> permits, GateReading gate) {}
}
