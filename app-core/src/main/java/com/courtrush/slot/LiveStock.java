package com.courtrush.slot;

import java.util.Map;

/** Live stock and gate state of an opening, kept by the reserve engine (in Redis). */
public interface LiveStock {

    /** Permits left per slot and the gate state, as Redis said at most a moment ago. */
    Snapshot snapshot(SessionCatalog catalog);

    /**
     * @param permits    permits left per slot id; a slot Redis does not know (not warmed) is absent
     * @param gateOpen   whether a reservation would pass the gate now
     * @param gateOpensAt epoch ms when the gate opens by itself, or null
     */
    record Snapshot(Map<Long, Integer> permits, boolean gateOpen, Long gateOpensAt) {
    }
}
