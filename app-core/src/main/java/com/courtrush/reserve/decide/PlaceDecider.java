package com.courtrush.reserve.decide;

import com.courtrush.reserve.record.ReserveMessage;
import java.util.List;
import java.util.function.Consumer;

/**
 * What the fast path asks of Redis: the whole decision on one request (the student's attempts, the gate,
 * dedup, the opening's per-student limit, a permit, a draw entry), made atomically. Implemented by
 * {@link ReserveScript} ({@code lua/reserve.lua}); a test gives {@link ReserveService} one of its own.
 */
interface PlaceDecider {

    /**
     * @param passRequired whether the opening asks for a booking pass
     * @param passHash     the hash of the pass presented; null for none
     * @param drawWindowMs the opening's fair-draw window, 0 for none
     * @param wanted       the slots of a draw entry in order of preference, the grant's first
     * @param answeredLate given what was decided if that happened after this call gave up (a 503)
     */
    ReserveScript.Decision decide(
            ReserveMessage grant,
            int perUserLimit,
            long expireAt,
            boolean passRequired,
            String passHash,
            int drawWindowMs,
            List<Long> wanted,
            Consumer<ReserveScript.Decision> answeredLate);
}
