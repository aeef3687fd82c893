/* The tap: one request per tap, what each answer means for the slot, a result followed until it settles. */
import { I18N } from '/assets/i18n.js';
import { countdown } from '/assets/clock.js';
import * as Reserve from '/assets/reserve.js';
import * as Taps from '/assets/tap-store.js';
import * as Courts from '/assets/courts-store.js';
import { nextEpoch } from '/assets/page.js';
import { shareUsed } from '/assets/format.js';
import { fixture, fakeEngine, reply, settle, later } from './support.js';
import { equal, same } from './assert.js';

const t = I18N.t;
const opening = (fields) => Object.assign({ sessionId: 1, fairDraw: false, bookingPass: false, slots: [] }, fields);
const slot = (id) => ({ slotId: id, permitsLeft: 3, capacity: 3, priceCents: 2000, courtName: 'Court 1',
  slotDate: '2026-11-26', startTime: '18:00', endTime: '19:00' });

/** Runs {@code body} with the engine answering from {@code answer}; leaves no tap, result or stub behind. */
async function withEngine(answer, body) {
  const engine = fakeEngine(answer);
  let reloads = 0;
  Reserve.whenSlotsStale(async () => { reloads++; });
  const remove = fixture('<div id="toast" hidden></div>');
  const calendar = Courts.courts.calendar;
  Courts.takeCalendar({ today: '2026-11-26', zone: 'Asia/Shanghai', openings: [] }, 0); // a tap is on the courts
  try {
    await body(engine, () => reloads);
  } finally {
    Courts.takeCalendar(calendar, 0);
    nextEpoch(); // a result still followed stops at its next look
    engine.restore();
    Taps.forget();
    Reserve.whenSlotsStale(async () => {});
    remove();
  }
}

export default {
  async "a double tap sends one request; a 429's Retry-After holds every slot's button"() {
    const answer = later();
    await withEngine(() => answer.promise, async (engine) => {
      const s = slot(101);
      Reserve.reserve(opening(), s);
      Reserve.reserve(opening(), s);
      equal(engine.calls.length, 1, 'requests sent for two taps');
      same(engine.calls[0].body, { sessionId: 1, slotId: 101 }, 'the body');
      equal(Taps.isSending(101), true, 'the slot waits for its answer');
      answer.release(reply(429, null, { retryAfter: 5 }));
      await settle();
      equal(Taps.isSending(101), false, 'answered');
      equal(Taps.mayTap(102, performance.now()), false, 'another slot waits out Retry-After too');
      equal(Taps.mayTap(102, performance.now() + 5001), true, 'and taps once it has passed');
      equal(Taps.noteOf(101).kind, 'warn', "the note's kind");
      equal(Taps.noteOf(101).text(), t('reserve.tooMany', 5), "the note's text");
    });
  },

  async 'a grant is queued and followed until it settles; a win drops the out-of-date alternatives'() {
    await withEngine((method, path) => {
      if (path === '/reserve/') {
        return reply(202, { traceId: 'tr-1' });
      }
      if (path === '/reserve/result/tr-1') {
        return reply(200, { status: 'SUCCESS', reservationId: 55 });
      }
      if (path === '/reservations/mine') {
        return reply(200, [{ reservationId: 55, slotId: 201, status: 'PENDING_PAYMENT', courtName: 'Court 4',
          startTime: '18:00', endTime: '19:00' }]);
      }
      return path === '/reservations/waits' ? reply(200, []) : null;
    }, async (engine, reloads) => {
      Taps.note(299, 'warn', () => 'sold out', { alternatives: [{ slotId: 201 }] });
      await Reserve.reserve(opening(), slot(201));
      equal(Taps.taps.queued.has(201), true, 'being confirmed');
      equal(Taps.noteOf(201).text(), t('reserve.queued'), 'its note');
      await settle(400);
      equal(Taps.taps.queued.has(201), false, 'settled');
      equal(Taps.noteOf(201), undefined, "the slot's note gone");
      equal(Taps.noteOf(299), undefined, "another slot's alternatives gone");
      equal(document.querySelector('#toast').textContent, t('reserve.wonToast', 'Court 4', '18:00', '19:00'),
        'the toast');
      equal(reloads(), 1, 'the slots read again once');
      same(engine.calls.map(c => c.path).filter(p => p.startsWith('/reserve/result/')), ['/reserve/result/tr-1'],
        'one look at the result');
    });
  },

  async 'a slot just won reads as being confirmed until my bookings has it, never sold out to its winner'() {
    const mine = later();
    await withEngine((method, path) => {
      if (path === '/reserve/') {
        return reply(202, { traceId: 'tr-8' });
      }
      if (path === '/reserve/result/tr-8') {
        return reply(200, { status: 'SUCCESS', reservationId: 58 });
      }
      if (path === '/reservations/mine') {
        return mine.promise; // my bookings answer late: the slot's sold-out state from /slots comes first
      }
      return path === '/reservations/waits' ? reply(200, []) : null;
    }, async () => {
      await Reserve.reserve(opening(), slot(208));
      await settle(400);
      equal(Taps.taps.queued.has(208), true, 'won, my bookings not read yet: still being confirmed (not "sold out")');
      mine.release(reply(200, [{ reservationId: 58, slotId: 208, status: 'PENDING_PAYMENT', courtName: 'Court 1',
        startTime: '18:00', endTime: '19:00' }]));
      await settle(50);
      equal(Taps.taps.queued.has(208), false, 'mine now');
    });
  },

  async 'a place taken back says why in the engine\'s words, without "try again"; one lost on its way says try'() {
    const holding = [{ slotId: 87, courtName: 'Court 3', slotDate: '2026-11-28', startTime: '18:00',
      endTime: '19:00', asPartner: false }];
    const results = {
      'tr-a': { status: 'FAILED', refusal: 'SHARE_USED', rule: 'SAME_TIME', holding, reason: 'engine words' },
      'tr-b': { status: 'FAILED', refusal: 'QUOTA_EXCEEDED', reason: '没有记入：你在本场次持有的名额已达每人上限。' },
      'tr-c': { status: 'FAILED', reason: 'lost' }
    };
    await withEngine((method, path) => {
      const trace = path.replace('/reserve/result/', '');
      return results[trace] ? reply(200, results[trace]) : null;
    }, async () => {
      for (const [trace, id] of [['tr-a', 811], ['tr-b', 812], ['tr-c', 813]]) {
        Taps.queue(id);
        Reserve.followResult(trace, id, opening({ sessionId: 8 }));
      }
      await settle(400);
      equal(Taps.noteOf(811).text(), shareUsed(results['tr-a']), 'past a share: the rule and the booking that holds it');
      equal(Taps.noteOf(811).text().includes('Court 3'), true, 'named');
      equal(Taps.noteOf(811).action.label(), t('tab.mine'), 'to my bookings');
      equal(Taps.noteOf(812).text(), '没有记入：你在本场次持有的名额已达每人上限。', "a guard's refusal in the engine's words");
      equal(Taps.noteOf(813).text(), t('reserve.failed'), 'lost on its way: try again');
      equal([811, 812].some(id => Taps.noteOf(id).text().includes(t('reserve.failed'))), false, 'no "try again"');
    });
  },

  async 'a fair-draw entry names the slots marked "also OK" and waits for the draw'() {
    await withEngine(() => reply(202, { traceId: 'tr-2', drawClosesInMs: 90000 }), async (engine) => {
      const draw = opening({ sessionId: 3, fairDraw: true });
      Taps.toggleWish(3, 302);
      Taps.toggleWish(3, 303);
      await Reserve.reserve(draw, slot(302));
      same(engine.calls[0].body, { sessionId: 3, slotId: 302, fallbackSlotIds: [303] }, 'the slot tapped not named twice');
      equal(Taps.entryOf(3), 'tr-2', 'the entry');
      equal(Taps.taps.queued.has(302), false, 'an entry is not a grant being confirmed');
      const closes = Courts.drawCloses(3);
      equal(Taps.noteOf(302).text().length > 0, true, 'its note');
      equal(Reserve.drawWait(draw, closes - 90000), t('draw.entered', countdown(90000)), 'a long wait as a countdown');
      equal(Reserve.drawWait(draw, closes - 4500), t('draw.entered', t('unit.seconds', 5)), 'the last minute in seconds');
      equal(Reserve.drawWait(draw, closes + 1), t('draw.drawing'), 'then the drawing');
      equal(engine.calls.length, 1, 'no result asked before the draw closes');
    });
  },

  async 'a booking pass goes with the next tap once'() {
    await withEngine(() => reply(202, { traceId: 'tr-3' }), async (engine) => {
      const passed = opening({ sessionId: 4, bookingPass: true });
      Taps.holdPass(4, 'pass-4');
      await Reserve.reserve(passed, slot(401));
      same(engine.calls[0].headers, { 'X-Booking-Pass': 'pass-4' }, 'the header');
      equal(Taps.passOf(4), undefined, 'spent');
    });
  },

  async 'each refusal says what happened and what next'() {
    await withEngine((method, path) => path === '/reservations/mine' ? reply(200, []) : null,
      async (engine, reloads) => {
        const o = opening({ sessionId: 5 });
        const soldOut = slot(501);
        Reserve.answerTap(reply(409, { alternatives: [{ slotId: 502 }] }, { code: 'OUT_OF_STOCK' }), o, soldOut);
        equal(soldOut.permitsLeft, 0, 'sold out until /slots says otherwise');
        equal(Taps.noteOf(501).alternatives.length, 1, 'the slots that still have places');
        equal(Taps.noteOf(501).action.label(), t('wait.join'), 'and the waitlist');

        Taps.holdPass(5, 'old');
        Reserve.answerTap(reply(403, null, { code: 'PASS_REQUIRED' }), o, slot(503));
        equal(Taps.passOf(5), undefined, 'a pass refused is dropped');
        equal(Taps.noteOf(503).text(), t('reserve.passRequired'), 'and the note says so');

        Reserve.answerTap(reply(409, { until: '2026-12-01T08:00:00' }, { code: 'BLOCKED' }), o, slot(504));
        equal(Taps.noteOf(504).kind, 'error', 'blocked');
        equal(Taps.noteOf(504).text().includes('08:00'), true, 'until when');

        Reserve.answerTap(reply(409, null, { code: 'QUOTA_EXCEEDED', message: 'two at most' }), o, slot(505));
        equal(Taps.noteOf(505).text(), 'two at most', "the engine's words");
        equal(Taps.noteOf(505).action.label(), t('tab.mine'), 'with my bookings');

        Reserve.answerTap(reply(409, { secondsToOpen: 5 }, { code: 'UNGATED' }), o, slot(506));
        equal(Taps.noteOf(506).text(), t('reserve.opensIn', countdown(5000)), 'not open yet');
        equal(reloads(), 1, "the engine's countdown taken again");

        Reserve.answerTap(reply(503, null), o, slot(507));
        equal(Taps.noteOf(507).text(), t('reserve.busy'), 'busy');
        equal(Taps.mayTap(508, performance.now() + 2900), false, 'waits 3 s without Retry-After');

        Reserve.answerTap(reply(401, null), o, slot(510));
        equal(Taps.noteOf(510), undefined, 'signed out: sign-in says so');

        Reserve.answerTap(reply(409, null, { code: 'DUP_REQ' }), o, slot(511));
        equal(Taps.noteOf(511).text(), t('reserve.dup'), 'already asked');
        await settle();
        equal(engine.calls.some(c => c.path === '/reservations/mine'), true, 'my bookings read again');
      });
  },

  async 'no answer from the engine: a note the outage clears, and one look at my bookings 3 s later'() {
    await withEngine((method, path) => path === '/reservations/mine' ? reply(200, []) : reply(200, []),
      async (engine) => {
        Reserve.answerTap(reply(0, null), opening({ sessionId: 7 }), slot(701));
        equal(Taps.noteOf(701).network, true, 'the note');
        equal(Taps.noteOf(701).text(), t('reserve.network'), 'it may have gone through');
        equal(engine.calls.length, 0, 'not tried again');
        await settle(3100);
        same(engine.calls.map(c => c.path), ['/reservations/mine', '/reservations/waits'], 'my bookings read once');
      });
  },

  async 'a result the engine no longer knows is left to my bookings'() {
    await withEngine(() => reply(404, null), async () => {
      Taps.queue(601);
      Reserve.followResult('gone', 601, opening({ sessionId: 6 }));
      await settle(400);
      equal(Taps.taps.queued.has(601), false, 'no longer queued');
      equal(Taps.noteOf(601).text(), t('reserve.stillPending'), 'see my bookings');
    });
  }
};
