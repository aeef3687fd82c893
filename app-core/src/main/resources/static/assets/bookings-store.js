/* The student's bookings as the engine last said: my reservations, my standing (strikes and a block), my
   waits and the invitations to me; and when they were read (the countdowns run from then). */
import { createStore } from './page.js';

/** A reservation that holds its place. */
export const ACTIVE = new Set(['PENDING_PAYMENT', 'CONFIRMED']);

const store = createStore({
  mine: [],              // GET /reservations/mine
  mineAt: 0,             // performance.now() when it answered
  standing: null,        // GET /reservations/standing: strikes and the block they made (SPEC §16)
  waits: [],             // GET /reservations/waits: my places in waitlists and the places offered to me
  invitations: [],       // GET /reservations/invitations: bookings I was named on, waiting for my answer
  older: [],             // GET /reservations/mine/history: played before the last 30 days, a page per tap
  olderDone: false       // the last page of them came back short: there are no more
});

export const bookings = store.state;
export const subscribe = store.subscribe;

let asked = 0;

/** A new read of my bookings: answers its number, so that an older answer is known and dropped. */
export function ask() {
  return ++asked;
}

export function isNewest(seq) {
  return seq === asked;
}

/**
 * The answers of one read (each an Api answer, or null when not asked); what did not come back 200 keeps
 * what was known. Subscribers hear of it whatever came back.
 */
export function take({ mine, standing, waits, invitations }, at) {
  const patch = {};
  if (standing && standing.status === 200) {
    patch.standing = standing.data;
  }
  if (waits && waits.status === 200) {
    patch.waits = waits.data;
  }
  if (invitations && invitations.status === 200) {
    patch.invitations = invitations.data;
  }
  if (mine && mine.status === 200) {
    patch.mine = mine.data;
    patch.mineAt = at;
  }
  store.change(patch);
}

/** A page of my older bookings came back: added after those shown; short, it was the last. */
export function takeOlder(page, size) {
  store.change({ older: bookings.older.concat(page), olderDone: page.length < size });
}

/** My reservations that hold a place, by slot id. */
export function activeBySlot() {
  const bySlot = new Map();
  for (const r of bookings.mine) {
    if (ACTIVE.has(r.status)) {
      bySlot.set(r.slotId, r);
    }
  }
  return bySlot;
}

export function find(reservationId) {
  return bookings.mine.find(r => r.reservationId === reservationId);
}

/** Signed out: nothing of the student's stays. */
export function forget() {
  store.change({ mine: [], standing: null, waits: [], invitations: [], older: [], olderDone: false });
}
