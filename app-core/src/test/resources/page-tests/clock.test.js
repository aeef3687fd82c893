/* The gate's clock: samples read at their trip's midpoint, the quickest kept, jumps taken at once. */
import * as Clock from '/assets/clock.js';
import { equal, same } from './assert.js';

const opening = (fields) => Object.assign({ sessionId: 1, gateOpen: false, fairDraw: false }, fields);

export default {
  'a sample is read at the midpoint of its trip'() {
    const gates = new Map();
    const draws = new Map();
    Clock.learnGate(gates, draws, opening({ msToOpen: 5000 }), 1000, 1600, 1600);
    equal(gates.get(1).at, 6300, 'the gate opens at the midpoint plus msToOpen');
    same(Clock.gateOf(gates, opening({}), 6299), { phase: 'soon', msLeft: 1 }, 'a millisecond before');
    same(Clock.gateOf(gates, opening({}), 6300), { phase: 'open', msLeft: 0 }, 'at that moment');
  },

  'the quickest trip of the last minute counts; a slower one is ignored'() {
    const gates = new Map();
    const draws = new Map();
    Clock.learnGate(gates, draws, opening({ msToOpen: 10000 }), 0, 400, 400);           // at 10200, rtt 400
    Clock.learnGate(gates, draws, opening({ msToOpen: 9000 }), 1000, 2000, 2000);       // at 10500, rtt 1000
    equal(gates.get(1).at, 10200, 'a slower trip, half a second off');
    Clock.learnGate(gates, draws, opening({ msToOpen: 7000 }), 3000, 3100, 3100);       // at 10050, rtt 100
    equal(gates.get(1).at, 10050, 'a quicker trip replaces it');
    Clock.learnGate(gates, draws, opening({ msToOpen: 1000 }), 70000, 71000, 71000);    // a minute later, slow
    equal(gates.get(1).at, 71500, 'a sample older than a minute gives way to the next');
  },

  'a jump of more than a second is taken at once, however slow its trip'() {
    const gates = new Map();
    const draws = new Map();
    Clock.learnGate(gates, draws, opening({ msToOpen: 60000 }), 0, 100, 100);
    Clock.learnGate(gates, draws, opening({ msToOpen: 0, gateOpen: true }), 5000, 7000, 7000); // staff opened now
    same(Clock.gateOf(gates, opening({}), 7000), { phase: 'open', msLeft: 0 }, 'opened now');
  },

  'an opening whose time has come but is not open yet is due; one that will not open is closed'() {
    const gates = new Map();
    const draws = new Map();
    Clock.learnGate(gates, draws, opening({ msToOpen: 0, gateOpen: false }), 0, 100, 100);
    same(Clock.gateOf(gates, opening({}), 100), { phase: 'soon', msLeft: 0 }, 'due');
    Clock.learnGate(gates, draws, opening({ msToOpen: null }), 200, 300, 300);
    same(Clock.gateOf(gates, opening({}), 300), { phase: 'closed', msLeft: null }, 'closed');
    same(Clock.gateOf(new Map(), opening({}), 0), { phase: 'closed', msLeft: null }, 'never heard of');
  },

  'a fair draw takes entries from its warm-up until its close, then it is drawn'() {
    const gates = new Map();
    const draws = new Map();
    const warm = opening({ fairDraw: true, msToOpen: 60000, msToDrawClose: 61000, drawEntryOpen: true });
    Clock.learnGate(gates, draws, warm, 0, 200, 200);   // closes at 61100
    same(Clock.drawOf(draws, warm, 1000), { phase: 'open', msLeft: 60100 }, 'a minute before the flash time');
    same(Clock.drawOf(draws, Object.assign({}, warm, { drawEntryOpen: false }), 1000),
      { phase: 'before', msLeft: 60100 }, 'not warmed up yet');
    same(Clock.drawOf(draws, warm, 61100), { phase: 'drawn', msLeft: 0 }, 'at the close');
    equal(Clock.drawOf(draws, opening({}), 0), null, 'no draw');
    same(Clock.drawOf(new Map(), warm, 0), { phase: 'before', msLeft: 0 }, 'its close not known yet');
  },

  'the entries of a draw open as long before the gate as the warm-up is before the flash time'() {
    const draw = { flashTime: '2026-11-26T13:00:00', drawEntryFrom: '2026-11-26T12:55:00' };
    equal(Clock.msToDrawEntry(draw, { phase: 'soon', msLeft: 400000 }), 100000, 'five minutes before');
    equal(Clock.msToDrawEntry(draw, { phase: 'soon', msLeft: 200000 }), 0, 'inside the warm-up');
    equal(Clock.msToDrawEntry(draw, { phase: 'open', msLeft: 0 }), null, 'the gate open');
    equal(Clock.msToDrawEntry({ flashTime: draw.flashTime }, { phase: 'soon', msLeft: 1 }), null, 'no draw');
  },

  'a countdown is whole seconds, rounded up, with hours from an hour'() {
    equal(Clock.countdown(0), '00:00', 'zero');
    equal(Clock.countdown(-5), '00:00', 'past');
    equal(Clock.countdown(61001), '01:02', 'a minute and a bit');
    equal(Clock.countdown(3600000), '01:00:00', 'an hour');
  }
};
