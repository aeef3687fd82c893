package com.courtrush.reserve.decide;

import java.security.SecureRandom;
import org.springframework.stereotype.Component;

/**
 * The seeds of fair draws: unpredictable (a student cannot know in advance where an entry will fall),
 * and kept with each draw, so the draw can be re-run from its seed and its entrants.
 */
@Component
public class DrawSeeds {

    private final SecureRandom random = new SecureRandom();

    /** A new seed, 0 to 2^31 − 1 (what Redis's Lua takes). */
    public long next() {
        return random.nextInt() & 0x7fffffffL;
    }
}
