package com.courtrush.opening;

import java.util.concurrent.CompletionStage;
import org.redisson.api.RedissonClient;

/**
 * An opening's gate as Redis holds it, with Redis's clock — the clock the reserve script opens the
 * gate by — at the moment it was read. Later questions ("open now?", "how long until it opens?")
 * add the time elapsed since on this node's monotonic clock, never its wall clock: a node or a
 * phone whose clock is off must not show an opening early or late.
 *
 * @param gateFlag    the gate is "1" (open)
 * @param gateSet     Redis holds a gate for the opening at all (it is warm: stock, dedup sets, draw)
 * @param opensAt     Redis epoch ms at which the gate opens by itself; null when it will not
 * @param redisMillis     Redis's clock when it answered, epoch ms
 * @param answeredAtNanos {@link System#nanoTime()} when the answer arrived
 */
public record GateReading(boolean gateFlag, boolean gateSet, Long opensAt, long redisMillis, long answeredAtNanos) {

    /**
     * Reads an opening's gate from the Redis master (whose clock the reserve script opens it by), with
     * {@link GateStateCall}. Its own call, not part of a batch: in a batch Redisson sends the script by
     * its SHA-1 and fails with NOSCRIPT once Redis has lost its scripts (a restart, a flush); outside
     * one it sends it again.
     */
    public static CompletionStage<GateReading> read(RedissonClient redisson, long sessionId) {
        return GateStateCall.SCRIPT.callAsync(redisson.getScript(), new GateStateCall(sessionId));
    }

    /** Redis's clock now: its reading plus the time elapsed since on this node's monotonic clock. */
    public long redisNow() {
        return redisMillis + (System.nanoTime() - answeredAtNanos) / 1_000_000;
    }

    /** Whether a reservation would pass the gate now. */
    public boolean open() {
        return gateFlag || (opensAt != null && redisNow() >= opensAt);
    }

    /**
     * Milliseconds until the gate opens by Redis's clock: 0 once open; until {@code fallbackOpensAt}
     * (epoch ms, e.g. the flash time of an opening not warmed up yet) when Redis names no time; null
     * when neither says it will open.
     */
    public Long millisToOpen(Long fallbackOpensAt) {
        if (gateFlag) {
            return 0L;
        }
        Long at = opensAt != null ? opensAt : fallbackOpensAt;
        return at == null ? null : Math.max(0, at - redisNow());
    }

    /**
     * Milliseconds until {@code windowMs} after the gate's opening time have passed, by Redis's clock
     * (a fair draw's window): 0 once they have, or once the gate is open with no opening time; null
     * when the gate will not open by itself.
     */
    public Long millisToWindowClose(Long fallbackOpensAt, long windowMs) {
        Long at = opensAt != null ? opensAt : fallbackOpensAt;
        if (at == null) {
            return gateFlag ? 0L : null;
        }
        return Math.max(0, at + windowMs - redisNow());
    }

    /**
     * Whether the reserve script takes fair-draw entries now: the opening is warm, opens by itself, and
     * its window ({@code windowMs} after the opening time, by Redis's clock) has not closed.
     */
    public boolean takesDrawEntries(long windowMs) {
        return gateSet && opensAt != null && redisNow() < opensAt + windowMs;
    }
}
