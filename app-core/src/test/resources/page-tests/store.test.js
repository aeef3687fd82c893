/* A store: read by all, changed only through its module's functions, its subscribers told what changed. */
import { createStore } from '/assets/page.js';
import * as Taps from '/assets/tap-store.js';
import * as Courts from '/assets/courts-store.js';
import * as Bookings from '/assets/bookings-store.js';
import { equal, same } from './assert.js';

function refused(write) {
  try {
    write();
  } catch (e) {
    return e instanceof TypeError;
  }
  return false;
}

export default {
  'a store refuses writes from outside and tells subscribers which fields changed'() {
    const store = createStore({ a: 1, b: 2 });
    const heard = [];
    const stop = store.subscribe((state, changed) => heard.push([state.a, changed]));
    equal(refused(() => { store.state.a = 5; }), true, 'a write through state');
    equal(refused(() => { delete store.state.b; }), true, 'a delete through state');
    store.change({ a: 3 });
    store.change();
    stop();
    store.change({ b: 4 });
    same(heard, [[3, ['a']], [3, []]], 'what the subscriber heard, until it stopped');
    equal(store.state.b, 4, 'the change after it stopped still made');
  },

  "the stores' own fields are refused to other modules"() {
    equal(refused(() => { Taps.taps.waitUntil = 9; }), true, 'tap-store');
    equal(refused(() => { Courts.courts.date = '2026-01-01'; }), true, 'courts-store');
    equal(refused(() => { Bookings.bookings.mine = []; }), true, 'bookings-store');
  },

  'a draw entry names at most two slots "also OK", in the order marked'() {
    Taps.forget();
    Taps.toggleWish(1, 11);
    Taps.toggleWish(1, 12);
    Taps.toggleWish(1, 13);
    same(Taps.wishesOf(1), [11, 12], 'a third is not taken');
    Taps.toggleWish(1, 11);
    Taps.toggleWish(1, 13);
    same(Taps.wishesOf(1), [12, 13], 'unmarked, then another marked after');
    same(Taps.wishesOf(2), [], "another opening's");
    Taps.forget();
    same(Taps.wishesOf(1), [], 'forgotten with the student');
  },

  "a read of my bookings keeps what did not come back, and only the newest read counts"() {
    Bookings.forget();
    const first = Bookings.ask();
    const second = Bookings.ask();
    equal(Bookings.isNewest(first), false, 'an older read');
    equal(Bookings.isNewest(second), true, 'the newest');
    Bookings.take({ mine: { status: 200, data: [{ reservationId: 1, slotId: 7, status: 'CONFIRMED' },
      { reservationId: 2, slotId: 8, status: 'CANCELLED' }] }, waits: { status: 200, data: [{ slotId: 9 }] },
    standing: null, invitations: null }, 1234);
    Bookings.take({ mine: { status: 503, data: null }, waits: { status: 0, data: null } }, 9999);
    equal(Bookings.bookings.mine.length, 2, 'mine kept through a failed read');
    equal(Bookings.bookings.mineAt, 1234, 'read at, kept too');
    equal(Bookings.bookings.waits.length, 1, 'waits kept');
    same([...Bookings.activeBySlot().keys()], [7], 'only a place held counts as mine on the courts');
    Bookings.forget();
  }
};
