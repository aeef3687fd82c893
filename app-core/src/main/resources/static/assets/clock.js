/* CourtRush students' page — the gate's clock. When an opening's gate opens, and when its fair draw takes
   entries and closes, on this page's monotonic clock (performance.now()), learned from the engine's word
   (/slots: msToOpen, msToDrawClose, measured on Redis's clock), never from the phone's wall clock. Pure
   functions over two maps the page keeps; `now` is always passed in, so tests set it. */

/** A sample older than this is replaced by the next one, however slow its trip. */
export const SAMPLE_KEEP_MS = 60000;

/** A change of the gate's time by more than this (staff opened now, moved the time) is taken at once. */
export const JUMP_MS = 1000;

/**
 * Takes one /slots answer's opening as a sample: the engine said "msToOpen" somewhere between sending
 * and receiving, so it is read at the trip's midpoint (off by at most half the trip, whichever way). Of
 * the samples of the last minute the quickest trip is kept: the most exact.
 *
 * @param gates  sessionId → {at, due, rtt, sampled}: when the gate opens on this page's clock (null: it
 *               will not by itself); due: its time has come but the engine has not opened it yet
 * @param draws  sessionId → when its fair draw closes on this page's clock
 */
export function learnGate(gates, draws, opening, sent, received, now) {
  const rtt = received - sent;
  const mid = sent + rtt / 2;
  if (opening.msToOpen === 0 && !opening.gateOpen) {
    gates.set(opening.sessionId, { at: null, due: true, rtt, sampled: now });
    return;
  }
  const at = opening.msToOpen === null || opening.msToOpen === undefined ? null : mid + opening.msToOpen;
  const closes = opening.fairDraw && opening.msToDrawClose !== null && opening.msToDrawClose !== undefined
    ? mid + opening.msToDrawClose : undefined;
  const known = gates.get(opening.sessionId);
  if (!known || known.due || at === null || known.at === null || Math.abs(at - known.at) > JUMP_MS
      || rtt <= known.rtt || now - known.sampled > SAMPLE_KEEP_MS) {
    gates.set(opening.sessionId, { at, due: false, rtt, sampled: now });
    if (closes !== undefined) {
      draws.set(opening.sessionId, closes);
    } else {
      draws.delete(opening.sessionId);
    }
  }
}

/** The gate now: 'soon' (msLeft to go), 'open', or 'closed' (it will not open by itself). */
export function gateOf(gates, opening, now) {
  const gate = gates.get(opening.sessionId);
  if (gate && gate.due) {
    return { phase: 'soon', msLeft: 0 };
  }
  if (!gate || gate.at === null) {
    return { phase: 'closed', msLeft: null };
  }
  const msLeft = gate.at - now;
  return msLeft > 0 ? { phase: 'soon', msLeft } : { phase: 'open', msLeft: 0 };
}

/**
 * An opening's fair draw: 'before' it takes entries (its warm-up has not come), 'open' while it does
 * (from the warm-up, before the flash time, until the window closes), then 'drawn'; null without one.
 * The engine says whether it takes entries (drawEntryOpen); the close is counted on this page's clock.
 */
export function drawOf(draws, opening, now) {
  if (!opening.fairDraw) {
    return null;
  }
  const closesAt = draws.get(opening.sessionId);
  const msLeft = closesAt === undefined ? 0 : closesAt - now;
  if (msLeft > 0) {
    return { phase: opening.drawEntryOpen ? 'open' : 'before', msLeft };
  }
  return { phase: closesAt === undefined ? 'before' : 'drawn', msLeft: 0 };
}

/**
 * Milliseconds until a draw takes entries: its warm-up, as far before the gate's opening as the gym's
 * warm-up time is before its flash time; null when the gate's opening is not known.
 */
export function msToDrawEntry(opening, gate) {
  if (gate.phase !== 'soon' || !opening.drawEntryFrom) {
    return null;
  }
  const lead = Date.parse(opening.flashTime) - Date.parse(opening.drawEntryFrom); // two wall times: their gap only
  return Number.isFinite(lead) ? Math.max(0, gate.msLeft - lead) : null;
}

/** Milliseconds as "mm:ss", or "hh:mm:ss" from an hour, rounded up to the second. */
export function countdown(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const two = (n) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const rest = two(Math.floor(total / 60) % 60) + ':' + two(total % 60);
  return hours > 0 ? two(hours) + ':' + rest : rest;
}
