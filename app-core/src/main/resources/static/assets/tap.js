/* CourtRush students' page — a tap and its result: when a reserve button may send, what a slot shows,
   and how a granted trace is followed. Pure functions; the page passes in what it knows and the time. */

/** Pauses before each look at a granted trace's result, then the last one again until it settles. */
export const RESULT_DELAYS_MS = [250, 500, 1000, 1500, 2000, 3000];

/** A result still pending after this long is left to "my bookings". */
export const RESULT_GIVE_UP_MS = 5 * 60000;

/** The pause before the i-th look (from 0) at a result: growing, and never shorter than the engine's Retry-After. */
export function resultDelay(i, retryAfterSeconds) {
  return Math.max(RESULT_DELAYS_MS[Math.min(i, RESULT_DELAYS_MS.length - 1)], (retryAfterSeconds || 0) * 1000);
}

/** A result's answer as settled ('SUCCESS' or 'FAILED'), or null while it is not. */
export function settled(answer) {
  const status = answer.status === 200 && answer.data ? answer.data.status : null;
  return status === 'SUCCESS' || status === 'FAILED' ? status : null;
}

/**
 * Whether a tap on a slot sends now: never while that slot's own request is on its way (a double tap
 * sends one), nor before the engine's Retry-After has passed; another slot's request does not hold it.
 *
 * @param sending  the slot ids whose POST /reserve/ is on its way
 * @param waitUntil the page's clock before which no reserve is sent (Retry-After)
 */
export function mayTap(sending, waitUntil, slotId, now) {
  return !sending.has(slotId) && waitUntil <= now;
}

/**
 * What a slot shows: 'held' (a class or team block holds it, never on sale), 'mine', 'entered' (the
 * student's draw entry waits for the draw), 'queued' (a grant being confirmed), 'started', 'soldout',
 * 'onsale' — on sale also while a fair draw takes entries, from its warm-up, before the flash time — else
 * the gate's phase ('soon', 'closed').
 *
 * @param seen {mine, entered, queued: booleans; draw: the draw's phase or null; gate: the gate's phase}
 */
export function slotState(slot, seen) {
  if (slot.heldFor) {
    return 'held';
  }
  if (seen.mine) {
    return 'mine';
  }
  if (seen.entered) {
    return 'entered';
  }
  if (seen.queued) {
    return 'queued';
  }
  if (slot.started) {
    return 'started';
  }
  if (slot.permitsLeft <= 0) {
    return 'soldout';
  }
  if (seen.draw === 'open') {
    return 'onsale';
  }
  return seen.gate === 'open' ? 'onsale' : seen.gate;
}
