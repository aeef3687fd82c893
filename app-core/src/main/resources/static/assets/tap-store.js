/* The student's taps on the courts screen: which reserve requests are on their way, the Retry-After the
   engine asked for, grants being confirmed, the note under each slot, booking passes held for the next tap,
   the slots marked "also OK" for a draw entry and the draw entries waiting for their result. */
import { createStore } from './page.js';
import * as Tap from './tap.js';

/** A draw entry names at most this many slots "also OK". */
export const MAX_WISHES = 2;

const store = createStore({
  sending: new Set(),    // slot ids whose POST /reserve/ is on its way: their buttons wait
  waitUntil: 0,          // performance.now() before which reserve buttons wait (Retry-After)
  queued: new Set(),     // slot ids whose grant is being confirmed
  notes: new Map(),      // slotId -> {kind, text(), alternatives, action, network}
  passes: new Map(),     // sessionId -> booking pass held for the next tap (memory only)
  wishes: new Map(),     // sessionId -> slot ids marked "also OK" for its draw entry, in order
  entries: new Map()     // sessionId -> traceId of this student's draw entry, until its result
});

export const taps = store.state;
export const subscribe = store.subscribe;

/** Whether a tap on the slot sends now (tap.js). */
export function mayTap(slotId, now) {
  return Tap.mayTap(taps.sending, taps.waitUntil, slotId, now);
}

/** A tap's request leaves: its button waits, its old note goes. */
export function sending(slotId) {
  taps.sending.add(slotId);
  taps.notes.delete(slotId);
  store.change();
}

export function sent(slotId) {
  taps.sending.delete(slotId);
  store.change();
}

export function isSending(slotId) {
  return taps.sending.has(slotId);
}

/** Reserve buttons wait until then (the engine's Retry-After). */
export function waitUntil(at) {
  store.change({ waitUntil: at });
}

export function queue(slotId) {
  taps.queued.add(slotId);
  store.change();
}

export function unqueue(slotId) {
  taps.queued.delete(slotId);
  store.change();
}

export function note(slotId, kind, text, extra) {
  taps.notes.set(slotId, Object.assign({ kind, text }, extra));
  store.change();
}

export function noteOf(slotId) {
  return taps.notes.get(slotId);
}

export function dropNote(slotId) {
  taps.notes.delete(slotId);
  store.change();
}

/** Drops every note for which {@code which(note)} holds (the outage's, the out-of-date alternatives). */
export function dropNotes(which) {
  for (const [id, n] of taps.notes) {
    if (which(n)) {
      taps.notes.delete(id);
    }
  }
  store.change();
}

export function holdPass(sessionId, pass) {
  taps.passes.set(sessionId, pass);
  store.change();
}

export function passOf(sessionId) {
  return taps.passes.get(sessionId);
}

export function dropPass(sessionId) {
  taps.passes.delete(sessionId);
  store.change();
}

export function wishesOf(sessionId) {
  return taps.wishes.get(sessionId) || [];
}

/** Marks a slot "also OK" for the opening's draw entry (after those marked before), or unmarks it. */
export function toggleWish(sessionId, slotId) {
  const wishes = wishesOf(sessionId).slice();
  const at = wishes.indexOf(slotId);
  if (at >= 0) {
    wishes.splice(at, 1);
  } else if (wishes.length < MAX_WISHES) {
    wishes.push(slotId);
  }
  taps.wishes.set(sessionId, wishes);
  store.change();
}

export function enter(sessionId, traceId) {
  taps.entries.set(sessionId, traceId);
  store.change();
}

export function entryOf(sessionId) {
  return taps.entries.get(sessionId);
}

export function leave(sessionId) {
  taps.entries.delete(sessionId);
  store.change();
}

/** Signed out: the taps were the student's. */
export function forget() {
  for (const held of [taps.passes, taps.wishes, taps.entries, taps.notes, taps.queued, taps.sending]) {
    held.clear();
  }
  store.change({ waitUntil: 0 });
}
