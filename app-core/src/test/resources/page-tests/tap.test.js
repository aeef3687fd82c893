/* A tap and its result: one request per slot, what a slot shows, and how a result is followed. */
import * as Tap from '/assets/tap.js';
import { equal } from './assert.js';

const slot = (fields) => Object.assign({ slotId: 7, permitsLeft: 1, started: false }, fields);
const seen = (fields) => Object.assign({ mine: false, entered: false, queued: false, draw: null, gate: 'open' }, fields);

export default {
  'a tap waits only for its own slot and for Retry-After'() {
    equal(Tap.mayTap(new Set(), 0, 7, 1000), true, 'nothing on its way');
    equal(Tap.mayTap(new Set([8]), 0, 7, 1000), true, "another slot's request on its way");
    equal(Tap.mayTap(new Set([7]), 0, 7, 1000), false, "the slot's own request on its way (a double tap)");
    equal(Tap.mayTap(new Set(), 1500, 7, 1000), false, 'before Retry-After has passed');
    equal(Tap.mayTap(new Set(), 1000, 7, 1000), true, 'once it has');
  },

  'a slot shows what matters most to the student first'() {
    equal(Tap.slotState(slot({ permitsLeft: 0 }), seen({ mine: true })), 'mine', 'mine, though sold out');
    equal(Tap.slotState(slot({}), seen({ entered: true })), 'entered', 'in the draw');
    equal(Tap.slotState(slot({}), seen({ queued: true })), 'queued', 'being confirmed');
    equal(Tap.slotState(slot({ started: true }), seen({})), 'started', 'started');
    equal(Tap.slotState(slot({ permitsLeft: 0 }), seen({ draw: 'open' })), 'soldout', 'sold out');
    equal(Tap.slotState(slot({}), seen({ draw: 'open', gate: 'soon' })), 'onsale',
      'a draw takes entries before the flash time');
    equal(Tap.slotState(slot({}), seen({ draw: 'before', gate: 'soon' })), 'soon', 'before the warm-up');
    equal(Tap.slotState(slot({}), seen({ gate: 'closed' })), 'closed', 'closed');
    equal(Tap.slotState(slot({}), seen({})), 'onsale', 'open');
  },

  'a result is looked at after growing pauses, never sooner than Retry-After'() {
    equal(Tap.resultDelay(0, 0), 250, 'first');
    equal(Tap.resultDelay(4, 0), 2000, 'fifth');
    equal(Tap.resultDelay(5, 0), 3000, 'sixth');
    equal(Tap.resultDelay(40, null), 3000, 'then every 3 s');
    equal(Tap.resultDelay(0, 5), 5000, 'Retry-After: 5');
  },

  'a result is settled only as SUCCESS or FAILED'() {
    equal(Tap.settled({ status: 200, data: { status: 'SUCCESS' } }), 'SUCCESS', 'won');
    equal(Tap.settled({ status: 200, data: { status: 'FAILED' } }), 'FAILED', 'lost');
    equal(Tap.settled({ status: 200, data: { status: 'PENDING' } }), null, 'pending');
    equal(Tap.settled({ status: 503, data: null }), null, 'busy');
    equal(Tap.settled({ status: 0, data: null }), null, 'no network');
  }
};
