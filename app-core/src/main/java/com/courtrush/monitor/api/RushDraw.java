package com.courtrush.monitor.api;

/**
 * An opening's fair draw.
 *
 * @param windowMs           how long the draw took entries after the opening time
 * @param drawn              whether it has been drawn
 * @param entrants           students who entered (one entry each)
 * @param winners            entrants given a place
 * @param expired            entries given up before the draw (it ran minutes late)
 * @param drawnAfterCloseMs  from the window's close to the draw, by Redis's clock
 * @param digest             the SHA-1 of the draw's entries (its published record, GET /draws/{id}, re-runs it)
 * @param node               the engine that drew
 */
public record RushDraw(
        int windowMs,
        boolean drawn,
        long entrants,
        long winners,
        long expired,
        Long drawnAfterCloseMs,
        String digest,
        String node) {

    /** Entrants not given a place. */
    public long lost() {
        return entrants - winners - expired;
    }
}
